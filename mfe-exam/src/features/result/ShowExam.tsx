import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { PaperState, type QuView, type ResultQu } from '@exam/contracts';
import { errorMessage } from '@exam/store';
import { QuestionView, detailColumns } from '@exam/ui';
import { RESULT_HIDDEN, RESULT_SHEET } from '../exams/examText';
import { PassTag } from '../exams/PassTag';
import { usePaperResultQuery } from '../check/learnerApi';

/** The shared question view's shape; a composite's children come with their own answers (solutions in qu.solution.subList). */
const viewOf = (qu: ResultQu): QuView => ({
  ...qu,
  id: qu.quId,
  level: 0,
  subList: qu.subList.map((c) => ({ ...c, id: c.quId, level: 0 })),
});

/** How often a paper being graded is asked for again. */
const GRADING_POLL_MS = 1000;

/** The result of a paper (route /pages/exam/result/:id, ShowExam), as much as the exam's resultType allows. */
export default function ShowExam() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // Right after hand-in the paper is 阅卷中 (the grading queue takes a moment): polled until graded.
  const [grading, setGrading] = useState(true);
  const { currentData: r, error: loadError } = usePaperResultQuery(
    { id },
    { refetchOnMountOrArgChange: true, pollingInterval: grading ? GRADING_POLL_MS : 0 },
  );
  const stillGrading = !loadError && (!r || r.state === PaperState.GRADING);
  if (grading !== stillGrading) setGrading(stillGrading);
  const error = errorMessage(loadError);
  const back = (
    <Space>
      <Button type="primary" onClick={() => navigate('/pages/exam')}>
        返回考试列表
      </Button>
      {r && <Button onClick={() => navigate(`/pages/paper/list?examId=${r.examId}`)}>考试记录</Button>}
    </Space>
  );
  if (error) return <Result status="warning" title={error} extra={back} />;
  if (!r) return <Spin style={{ display: 'block', margin: 48 }} />;
  const waiting = r.passed === null || r.passed === undefined;
  const facts = [
    { label: '考试名称', value: r.title },
    { label: '状态', value: r.state_dictText },
    ...(r.resultType !== RESULT_HIDDEN
      ? [
          // While short answers wait for review only the objective part is known.
          {
            label: '得分',
            value:
              r.state === PaperState.GRADING
                ? '阅卷中，请稍候…'
                : waiting
                  ? `客观题 ${r.objScore ?? r.userScore ?? '-'} 分，主观题待阅卷`
                  : `${r.userScore ?? '-'} / ${r.totalScore}`,
          },
          { label: '及格分', value: r.qualifyScore },
          { label: '是否通过', value: <PassTag passed={r.passed} /> },
        ]
      : []),
    { label: '开始时间', value: r.startTime },
    { label: '交卷时间', value: r.handTime },
    ...(r.exMsg ? [{ label: '说明', value: r.exMsg }] : []),
  ];
  // A reviewed question has a score (in its title), not right or wrong; before review it is 待人工评阅.
  const resultOf = (qu: { review: boolean; isRight: boolean | null }) =>
    qu.review ? (waiting ? null : undefined) : qu.isRight;
  return (
    <Card bordered={false} style={{ maxWidth: 900, margin: '16px auto' }} data-testid="exam-result">
      <Result
        status={r.resultType === RESULT_HIDDEN || waiting ? 'info' : r.passed ? 'success' : 'warning'}
        title={r.resultType === RESULT_HIDDEN ? '试卷已提交' : waiting ? '待出分' : `得分 ${r.userScore}`}
        extra={back}
      />
      <Descriptions column={detailColumns(2)} border data={facts} />
      {r.note && <Alert type="info" content={r.note} style={{ marginTop: 12 }} />}
      {r.resultType === RESULT_SHEET &&
        r.quList?.map((qu, i) => (
          <Card
            key={qu.quId}
            size="small"
            style={{ marginTop: 12 }}
            title={`${i + 1}. ${qu.quType_dictText}（${qu.actualScore ?? '-'} / ${qu.score} 分）`}
          >
            <QuestionView
              qu={viewOf(qu)}
              value={qu.myAnswer}
              onChange={() => undefined}
              locked
              solution={qu.solution}
              result={resultOf(qu)}
            />
          </Card>
        ))}
    </Card>
  );
}
