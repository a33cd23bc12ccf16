import { useState } from 'react';
import { Button, Descriptions, Empty, Message, Spin } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { PageContainer, confirmAction, detailColumns } from '@exam/ui';
import { ReviewQuCard } from './ReviewQuCard';
import { useReviewFinishMutation, useReviewPaperDetailQuery } from './reviewApi';

/** Reviewing one paper (hidden route review/detail/:paperId): score each short answer, then publish. */
export default function ReviewPaperDetail() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  // Read afresh on each visit: another reviewer may have scored since.
  const { currentData: paper } = useReviewPaperDetailQuery({ paperId }, { refetchOnMountOrArgChange: true });
  const [finishReview, { isLoading: busy }] = useReviewFinishMutation();
  // Scores given here, over those the paper arrived with.
  const [given, setScores] = useState<Record<string, number>>({});
  const scores: Record<string, number> = {
    ...Object.fromEntries(
      (paper?.quList ?? []).filter((q) => q.score !== null).map((q) => [q.quId, q.score as number]),
    ),
    ...given,
  };

  const finish = async () => {
    if (!paper) return;
    if (paper.quList.some((q) => scores[q.quId] === undefined))
      return void Message.warning('还有试题未评分，请评分后再完成阅卷！');
    if (!(await confirmAction({ content: '完成阅卷后将发布成绩，确定完成阅卷吗?' }))) return;
    const r = await finishReview({ paperId }).unwrap();
    Message.success(`阅卷完成，得分${r.userScore}分，${r.passed ? '已通过' : '未通过'}`);
    navigate('/exam/review');
  };

  if (!paper) return <Spin style={{ display: 'block', margin: 40 }} />;
  const subj = Object.values(scores).reduce((a, b) => a + b, 0);
  return (
    <PageContainer title="阅卷">
      <Descriptions
        column={detailColumns(3)}
        border
        style={{ marginBottom: 16 }}
        data={[
          { label: '考试名称', value: paper.examTitle },
          { label: '考生', value: paper.realName },
          { label: '交卷时间', value: paper.handTime },
          { label: '试卷总分', value: paper.totalScore },
          { label: '及格分', value: paper.qualifyScore },
          { label: '当前得分', value: `${Math.round((paper.objScore + subj) * 100) / 100}（客观题${paper.objScore}）` },
        ]}
      />
      {paper.quList.length === 0 && <Empty description="没有需要阅卷的试题" />}
      {paper.quList.map((q, i) => (
        <ReviewQuCard
          key={q.quId}
          paperId={paperId}
          qu={q}
          index={i}
          onScored={(id, s) => setScores((m) => ({ ...m, [id]: s }))}
        />
      ))}
      <Button type="primary" loading={busy} onClick={() => void finish().catch(() => undefined)}>
        完成阅卷
      </Button>
    </PageContainer>
  );
}
