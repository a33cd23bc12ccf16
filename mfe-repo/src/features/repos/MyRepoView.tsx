import { detailColumns } from '@exam/ui';
import { useState } from 'react';
import { Button, Card, Descriptions, Grid, Select, Space, Spin, Typography } from '@arco-design/web-react';
import { useNavigate, useParams } from '@exam/router';
import { TRAIN_MODE_TITLES } from '@exam/contracts';
import { useDetailForTrainQuery } from '../train/trainApi';
import { ChapterGroups } from './ChapterGroups';

const MODES: { mode: string; hint: string }[] = [
  { mode: 'sequence', hint: '按题库顺序逐题练习' },
  { mode: 'random', hint: '打乱顺序随机练习' },
  { mode: 'type', hint: '选择一种题型练习' },
  { mode: 'wrong', hint: '只练习做错的题目' },
  { mode: 'repo_rem', hint: '直接显示答案，用于背题' },
];

/** Bank view (route /pages/repo/view/:repoId): counts and the training modes; unfinished trainings continue. */
export default function MyRepoView() {
  const { repoId = '' } = useParams();
  const navigate = useNavigate();
  // Refetched on each visit: trainings and wrong answers change the counts between visits.
  const { currentData: repo } = useDetailForTrainQuery({ id: repoId }, { refetchOnMountOrArgChange: true });
  const [quType, setQuType] = useState<number>();
  const go = (mode: string, clear = false) => {
    const q = new URLSearchParams();
    if (mode === 'type' && quType) q.set('quType', String(quType));
    if (clear) q.set('clear', '1');
    navigate(`/pages/train/start/${repoId}/${mode}${q.size ? `?${q}` : ''}`);
  };
  return (
    <Spin loading={!repo} style={{ display: 'block', padding: 16 }}>
      {repo && (
        <>
          <Card
            title={repo.title}
            extra={
              <Button onClick={() => navigate(`/pages/book/list?refType=repo&refId=${repoId}`)}>
                错题本（{repo.wrongCount}）
              </Button>
            }
          >
            <Descriptions
              column={detailColumns(4)}
              data={[
                { label: '分类', value: repo.catId_dictText || '-' },
                { label: '试题总数', value: repo.quCount },
                { label: '客观题', value: repo.objCount },
                { label: '主观题', value: repo.subjCount },
              ]}
            />
            {repo.remark && <Typography.Paragraph type="secondary">{repo.remark}</Typography.Paragraph>}
          </Card>
          <Grid.Row gutter={16} style={{ marginTop: 16 }}>
            {MODES.map(({ mode, hint }) => {
              const open = repo.unfinished.find((u) => u.trainMode === mode);
              return (
                <Grid.Col key={mode} span={8} style={{ marginBottom: 16 }}>
                  <Card title={TRAIN_MODE_TITLES[mode]} data-testid={`mode-${mode}`}>
                    <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
                    {mode === 'type' && (
                      <Select
                        aria-label="选择题型"
                        placeholder="选择题型"
                        style={{ marginBottom: 8 }}
                        value={quType}
                        onChange={setQuType}
                        options={repo.types.map((t) => ({ label: `${t.title}（${t.count}）`, value: t.quType }))}
                      />
                    )}
                    <Space>
                      {open && mode !== 'type' ? (
                        <>
                          <Button type="primary" onClick={() => go(mode)}>
                            继续训练（{open.answerCount}/{open.totalCount}）
                          </Button>
                          <Button onClick={() => go(mode, true)}>重新开始</Button>
                        </>
                      ) : (
                        <Button
                          type="primary"
                          disabled={(mode === 'type' && !quType) || (mode === 'wrong' && !repo.wrongCount)}
                          onClick={() => go(mode)}
                        >
                          开始训练
                        </Button>
                      )}
                    </Space>
                  </Card>
                </Grid.Col>
              );
            })}
          </Grid.Row>
          <ChapterGroups
            repoId={repoId}
            onTrain={(chapterId) =>
              navigate(`/pages/train/start/${repoId}/sequence?chapterId=${encodeURIComponent(chapterId)}`)
            }
          />
        </>
      )}
    </Spin>
  );
}
