import { useEffect } from 'react';
import { Alert, Button, Card, Empty, Grid, Result, Space, Spin, Typography } from '@arco-design/web-react';
import { useNavigate, useParams, useSearchParams } from '@exam/router';
import { TRAIN_MODE_TITLES } from '@exam/contracts';
import { BottomSheet, QuestionView, confirmAction, hasAnswer, submitsOnPick, useIsMobile } from '@exam/ui';
import { MarkBar } from '../book/MarkBar';
import { AnswerCard } from './AnswerCard';
import { useTrainFinishMutation } from './trainApi';
import { useTraining } from './useTraining';

/** Training (route /pages/train/start/:repoId/:mode): single and judge submit on pick, the others on 确认答案. */
export default function TrainStart() {
  const { repoId = '', mode = 'sequence' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const quType = search.get('quType') ? Number(search.get('quType')) : undefined;
  const chapterId = search.get('chapterId') || undefined;
  const [finishTraining] = useTrainFinishMutation();
  const t = useTraining({ repoId, trainMode: mode, clear: search.get('clear') === '1', quType, chapterId });
  const remember = mode === 'repo_rem';
  const mobile = useIsMobile();
  const q = t.current;
  // A question of the learner's open paper (notice) cannot be answered here until hand-in.
  const locked = !q || q.answered || remember || !!q.notice;
  // A started-over training drops `clear` from the address, so a reload resumes it instead of restarting again.
  useEffect(() => {
    if (!t.trainId || !search.get('clear')) return;
    const q = new URLSearchParams(search);
    q.delete('clear');
    navigate(`/pages/train/start/${repoId}/${mode}${q.size ? `?${q}` : ''}`, { replace: true });
  }, [t.trainId, search, navigate, repoId, mode]);

  if (t.error)
    return (
      <Result
        status="warning"
        title={t.error}
        extra={<Button onClick={() => navigate(`/pages/repo/view/${repoId}`)}>返回题库</Button>}
      />
    );
  const finish = async () => {
    // Ending early is asked, as a hand-in with unanswered questions is (a training can be resumed, not reopened).
    const left = t.card.filter((c) => !c.answered).length;
    if (left && !(await confirmAction({ title: '结束训练', content: `还有 ${left} 题未作答，确定要结束训练吗？` })))
      return;
    await finishTraining({ id: t.trainId }).unwrap();
    navigate(`/pages/train/result/${t.trainId}`);
  };
  const onChange = (a: typeof t.answer) => {
    t.setAnswer(a);
    if (!locked && q && submitsOnPick(q.qu.quType)) void t.submit(a);
  };
  return (
    <Grid.Row gutter={16} style={{ padding: mobile ? 0 : 16 }}>
      <Grid.Col xs={24} lg={17}>
        <Card
          title={
            <Space>
              <Typography.Text bold>{TRAIN_MODE_TITLES[mode] ?? '训练'}</Typography.Text>
              <Typography.Text type="secondary">
                第 {t.index + 1} / {t.card.length} 题
              </Typography.Text>
            </Space>
          }
          extra={q && <MarkBar refType="repo" refId={repoId} quId={q.qu.id} />}
        >
          <Spin loading={!q} style={{ display: 'block', minHeight: 200 }}>
            {q?.notice && <Alert type="warning" content={q.notice} style={{ marginBottom: 12 }} />}
            {q ? (
              <QuestionView
                qu={q.qu}
                value={t.answer}
                onChange={onChange}
                locked={locked}
                solution={q.solution}
                result={q.answered ? q.result : undefined}
                answerAid
              />
            ) : (
              !t.card.length && <Empty />
            )}
          </Spin>
          <Space wrap style={{ marginTop: 16 }}>
            <Button disabled={t.index === 0} onClick={() => t.setIndex(t.index - 1)}>
              上一题
            </Button>
            {q && !locked && !submitsOnPick(q.qu.quType) && (
              <Button type="primary" disabled={!hasAnswer(q.qu, t.answer)} onClick={() => t.submit(t.answer)}>
                确认答案
              </Button>
            )}
            <Button disabled={t.index >= t.card.length - 1} onClick={() => t.setIndex(t.index + 1)}>
              下一题
            </Button>
            <Button status="warning" onClick={finish}>
              结束训练
            </Button>
          </Space>
        </Card>
      </Grid.Col>
      <Grid.Col xs={24} lg={7}>
        {/* Below the breakpoint the card is a bottom sheet opened by a button, as on the exam screen. */}
        <BottomSheet
          title="答题卡"
          badge={`${t.card.filter((c) => c.answered).length}/${t.card.length}`}
          testId="train-card"
        >
          {(close) => (
            <AnswerCard
              card={t.card}
              index={t.index}
              inSheet={mobile}
              onPick={(i) => {
                t.setIndex(i);
                close();
              }}
            />
          )}
        </BottomSheet>
      </Grid.Col>
    </Grid.Row>
  );
}
