import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Result, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { CourseOpenType, OrderItemType, PaperFaceCalls, PaperState, yuanToFen } from '@exam/contracts';
import { errorMessage, selectUser, useAppSelector } from '@exam/store';
import { BuyButton, FaceCheckDialog, RichText, useBought } from '@exam/ui';
import { chanceText, timeWindow } from '../exams/examText';
import { ApplyDialog } from './ApplyDialog';
import { DeviceCheckDialog } from './DeviceCheckDialog';
import { useCheckExamDetailQuery, useCreatePaperMutation, useExamBuyMutation, useLatestPaperQuery } from './learnerApi';
import { useApprovedApply } from './useApprovedApply';
import { views } from '../../views';

/** Open type 9 (the same codes as courses): the exam asks for a password before a paper is created. */
const OPEN_PASSWORD = CourseOpenType.PASSWORD;

/** Exam check page (route /pages/exam/check/:id): rules, time, password, then 开始考试. */
export default function CheckExam() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { currentData: exam, error: examError } = useCheckExamDetailQuery({ id }, { refetchOnMountOrArgChange: true });
  const loadError = errorMessage(examError);
  const [createPaper] = useCreatePaperMutation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [starting, setStarting] = useState(false);
  const [dialog, setDialog] = useState<'device' | 'apply' | 'face'>();
  const user = useAppSelector(selectUser);
  const bought = useBought(OrderItemType.EXAM, (exam?.price ?? 0) > 0);
  const [buy] = useExamBuyMutation();
  const approved = useApprovedApply(id, user?.id);
  const { currentData: latest } = useLatestPaperQuery(
    { current: 1, size: 1, params: { examId: id } },
    { refetchOnMountOrArgChange: true },
  );
  // A paper still open (the learner left the screen by back or a closed tab): 继续考试 goes straight back to it.
  const open = latest?.records.find((r) => r.state === PaperState.OPEN);
  // The exam screen's code is fetched while the learner reads the rules: after 开始考试 only the paper is waited for.
  // Through the view map, as the shell will load it (a plain import here is another chunk group, with other chunks).
  useEffect(() => {
    void views.StartExam();
  }, []);

  if (loadError)
    return (
      <Result
        status="warning"
        title={loadError}
        extra={<Button onClick={() => navigate('/pages/exam')}>返回考试列表</Button>}
      />
    );
  if (!exam) return <Spin style={{ display: 'block', margin: 48 }} />;
  const needPassword = exam.openType === OPEN_PASSWORD;
  const unbought = !open && (exam.price ?? 0) > 0 && !bought(id);
  // An approved application replaces the password; when that is unknown, create-paper's refusal tells.
  const canStart = !!open || !needPassword || !!password || approved !== false;
  // A face-check exam opens 人脸认证 first (an approved application waives it, as create-paper does).
  const needFace = exam.faceOn && approved !== true;
  const begin = () => (open ? navigate(`/pages/exam/start/${open.id}`) : needFace ? setDialog('face') : start());
  const start = async () => {
    setDialog(undefined);
    setError('');
    setStarting(true);
    try {
      // Errors are shown on the page (chances used up, wrong password, outside the window …).
      const paper = await createPaper({
        examId: id,
        password: needPassword && password ? password : undefined,
      }).unwrap();
      navigate(`/pages/exam/start/${paper.id}`);
    } catch (e) {
      setError(errorMessage(e) ?? String(e));
    } finally {
      setStarting(false);
    }
  };
  const rules = [
    { label: '考试时间', value: timeWindow(exam.startTime, exam.endTime) },
    { label: '考试时长', value: `${exam.totalTime} 分钟` },
    { label: '试题数量', value: `${exam.quCount} 题` },
    { label: '试卷总分', value: exam.totalScore },
    { label: '及格分数', value: exam.qualifyScore },
    { label: '考试机会', value: chanceText(exam.chance) },
    ...(exam.leaveOn ? [{ label: '切屏限制', value: `离开考试页面超过 ${exam.leaveLimit} 次将强制交卷` }] : []),
    ...(exam.camOn
      ? [
          {
            label: '摄像头',
            value:
              exam.camInterval > 0
                ? `考试期间每 ${exam.camInterval} 分钟抓拍一次，请提前进行设备调试`
                : '考试需要开启摄像头',
          },
        ]
      : []),
    ...(exam.faceOn
      ? [
          {
            label: '人脸识别',
            value: `开始考试前需人脸认证；考试期间抓拍比对，连续失败 ${exam.faceChance} 次将自动交卷`,
          },
        ]
      : []),
    ...(exam.pasteBlock ? [{ label: '防作弊', value: '考试期间不能复制粘贴' }] : []),
  ];
  return (
    <Card title={exam.title} bordered={false} style={{ maxWidth: 820, margin: '16px auto' }}>
      <Descriptions column={1} border labelStyle={{ width: 120 }} data={rules} />
      {exam.content && (
        <div style={{ margin: '16px 0' }}>
          <RichText html={exam.content} />
        </div>
      )}
      <Alert
        type="info"
        style={{ margin: '16px 0' }}
        content="开始后计时不会暂停；答案会自动保存，时间到时系统自动交卷。"
      />
      <Space direction="vertical" style={{ width: '100%' }}>
        {needPassword && approved && (
          <Alert
            type="success"
            content="您的考试申请已通过，本次可不输入密码直接开始考试（仅限一次）。"
            data-testid="check-approved"
          />
        )}
        {needPassword && (
          <Input.Password placeholder="请输入考试密码" value={password} onChange={setPassword} style={{ width: 300 }} />
        )}
        {error && <Alert type="error" content={error} data-testid="check-error" />}
        <Space>
          {unbought ? (
            // A priced exam opened by a link before it was bought: 购买 here, then 开始考试.
            <BuyButton
              fen={yuanToFen(exam.price ?? 0)}
              points={exam.points ?? 0}
              buy={() => buy({ id }).unwrap()}
              onPaid={() => undefined}
              button={{ size: 'large' }}
            />
          ) : (
            <Button type="primary" size="large" loading={starting} disabled={!canStart} onClick={begin}>
              {open ? '继续考试' : '开始考试'}
            </Button>
          )}
          {exam.camOn && (
            <Button size="large" onClick={() => setDialog('device')}>
              设备调试
            </Button>
          )}
          <Button size="large" onClick={() => setDialog('apply')}>
            考试申请
          </Button>
        </Space>
      </Space>
      <DeviceCheckDialog
        visible={dialog === 'device'}
        onClose={() => setDialog(undefined)}
        onStart={begin}
        starting={starting}
        canStart={canStart}
      />
      <ApplyDialog examId={exam.id} visible={dialog === 'apply'} onClose={() => setDialog(undefined)} />
      <FaceCheckDialog
        visible={dialog === 'face'}
        scene="exam"
        saveCall={PaperFaceCalls.check}
        resultCall={PaperFaceCalls.result}
        params={{ examId: exam.id }}
        onPass={() => void start()}
        onBreak={() => setDialog(undefined)}
        onClose={() => setDialog(undefined)}
      />
    </Card>
  );
}
