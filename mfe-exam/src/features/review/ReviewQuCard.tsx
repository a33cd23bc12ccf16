import { useState } from 'react';
import { Card, InputNumber, Space, Tag, Typography } from '@arco-design/web-react';
import { RecordingPlayers, RichText } from '@exam/ui';
import type { ReviewQu } from '@exam/contracts';
import { useReviewScoreMutation } from './reviewApi';

type Written = Pick<ReviewQu, 'answer' | 'refAnswer' | 'keywords' | 'keywordHits'>;

/** A written answer beside the reference answer and the keyword hits. */
function WrittenAnswer({ qu }: { qu: Written }) {
  return (
    <>
      <Typography.Title heading={6}>考生答案</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: 'var(--color-fill-2)', padding: 8 }}>
        {qu.answer || '（未作答）'}
      </Typography.Paragraph>
      <RecordingPlayers text={qu.answer} />
      <Typography.Title heading={6}>参考答案</Typography.Title>
      <RichText html={qu.refAnswer || '无'} />
      {qu.keywords && (
        <Space wrap>
          <span>关键词：</span>
          {qu.keywords.split('||').map((k) => (
            <Tag key={k} color={qu.keywordHits.includes(k) ? 'green' : 'gray'}>
              {k}
            </Tag>
          ))}
        </Space>
      )}
    </>
  );
}

/** A composite's children: objective ones with the score graded at hand-in, written ones to review. */
function Children({ qu }: { qu: ReviewQu }) {
  return (
    <>
      {qu.subList.map((c, i) => (
        <Card
          key={c.quId}
          size="small"
          style={{ marginTop: 12 }}
          data-testid="review-child"
          title={`（${i + 1}）${c.quType_dictText}（${c.score}分）`}
          extra={c.review ? <Tag color="orange">待评分</Tag> : <Tag color="arcoblue">自动得分 {c.autoScore ?? 0}</Tag>}
        >
          <RichText html={c.content} />
          {c.review && <WrittenAnswer qu={c} />}
        </Card>
      ))}
    </>
  );
}

/** One question awaiting review: the learner's text beside the reference; the score saves on change. */
export function ReviewQuCard({
  paperId,
  qu,
  index,
  onScored,
}: {
  paperId: string;
  qu: ReviewQu;
  index: number;
  onScored: (quId: string, score: number) => void;
}) {
  const [state, setState] = useState<'' | 'saving' | 'saved' | 'failed'>(qu.score === null ? '' : 'saved');
  const [saveScore] = useReviewScoreMutation();
  const save = async (score: number | undefined) => {
    if (score === undefined || score === null || Number.isNaN(score)) return;
    setState('saving');
    try {
      await saveScore({ paperId, quId: qu.quId, score }).unwrap();
      onScored(qu.quId, score);
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  const composite = qu.subList.length > 0;
  const title = composite
    ? `第${index + 1}题（满分${qu.fullScore}分，已自动得分${qu.autoScore}分，待评${qu.maxScore}分）`
    : `第${index + 1}题（满分${qu.maxScore}分）`;
  return (
    <Card
      title={title}
      style={{ marginBottom: 16 }}
      extra={
        <Space>
          <span>{composite ? '主观部分得分' : '得分'}</span>
          <InputNumber
            min={0}
            max={qu.maxScore}
            precision={1}
            defaultValue={qu.score ?? undefined}
            style={{ width: 120 }}
            placeholder={`0-${qu.maxScore}`}
            onBlur={(e) => void save(e.target.value === '' ? undefined : Number(e.target.value))}
          />
          {state === 'saved' && <Tag color="green">已评分</Tag>}
          {state === 'failed' && <Tag color="red">保存失败</Tag>}
        </Space>
      }
    >
      <RichText html={qu.content} />
      {composite ? <Children qu={qu} /> : <WrittenAnswer qu={qu} />}
    </Card>
  );
}
