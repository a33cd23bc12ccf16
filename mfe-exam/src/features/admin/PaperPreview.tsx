import { useEffect } from 'react';
import { Card, Drawer, Empty, Space, Spin, Tag, Typography } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { RichText } from '@exam/ui';
import { type ExamRule, type PaperPreview as Preview, QuType } from '@exam/contracts';
import { useExamPreviewQuery } from './examApi';

export type PreviewRequest = { rules: ExamRule[]; shuffleQu?: boolean; shuffleOpt?: boolean };
type Qu = Preview['groupList'][number]['quList'][number];

/** The answer key of one question, by type: options with ✓, fill-in blanks, matching pairs. */
function Answers({ q }: { q: Qu }) {
  if (q.quType === QuType.FILL)
    return (
      <>
        {q.answerList.map((o, i) => (
          <div key={o.id}>
            填空{i + 1}：<Tag color="green">{o.answer}</Tag>
          </div>
        ))}
      </>
    );
  if (q.quType === QuType.MATCH)
    return (
      <>
        {q.answerList.map((o) => (
          <div key={o.id}>
            {o.abc}. {o.content} → <Tag color="green">{o.answer}</Tag>
          </div>
        ))}
      </>
    );
  if (q.quType === QuType.SHORT) return <Typography.Text type="secondary">简答题，考后人工阅卷</Typography.Text>;
  if (q.quType === QuType.COMPOSITE)
    return <Typography.Text type="secondary">组合题，含{q.subCount}道小题</Typography.Text>;
  return (
    <>
      {q.answerList.map((o) => (
        <div key={o.id} style={{ color: o.isRight ? 'rgb(var(--green-6))' : undefined }}>
          {o.abc}. <span dangerouslySetInnerHTML={{ __html: o.content }} />{' '}
          {o.isRight && (
            <Tag size="small" color="green">
              正确答案
            </Tag>
          )}
          {o.image && (
            <img
              src={o.image}
              alt={`选项${o.abc}图片`}
              style={{ display: 'block', maxWidth: 160, margin: '4px 0 0 20px' }}
            />
          )}
        </div>
      ))}
    </>
  );
}

/**
 * 试卷预览: one paper drawn by the exam's rules, not stored (ExamCalls.preview). Admins see
 * the answer key; each opening draws again, as each learner's paper would differ.
 */
export function PaperPreviewDrawer({ request, onClose }: { request?: PreviewRequest; onClose: () => void }) {
  // Drawn again on each opening, never from the cache.
  const { currentData, isFetching, isError } = useExamPreviewQuery(request ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const paper = isFetching ? undefined : currentData;
  useEffect(() => {
    if (request && isError) onClose(); // the request layer showed why
  }, [request, isError, onClose]);
  let n = 0;
  return (
    <Drawer title="试卷预览" visible={!!request} width={760} footer={null} onCancel={onClose} unmountOnExit>
      {!paper ? (
        <Spin style={{ display: 'block', marginTop: 80 }} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text bold>
            共{paper.quCount}题，总分{paper.totalScore}分
          </Typography.Text>
          {paper.groupList.length === 0 && <Empty />}
          {paper.groupList.map((g, gi) => (
            <Card
              key={gi}
              size="small"
              title={`${g.title}（共${g.quCount}题，每题${g.perScore}分，共${g.totalScore}分）`}
            >
              {g.quList.map((q) => (
                <div
                  key={q.quId}
                  className="preview-qu"
                  style={{ borderBottom: '1px dashed var(--color-border-2)', padding: '8px 0' }}
                >
                  <Space align="start">
                    <b>{++n}.</b>
                    <Tag size="small">{q.quType_dictText}</Tag>
                    <Tag size="small" color="orangered">
                      {q.score}分
                    </Tag>
                  </Space>
                  <RichText html={q.content} />
                  <Answers q={q} />
                </div>
              ))}
            </Card>
          ))}
        </Space>
      )}
    </Drawer>
  );
}
