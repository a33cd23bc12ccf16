import { Button, Card, Empty, Link, List, Pagination, Space, Tag } from '@arco-design/web-react';
import { useNavigate } from '@exam/router';
import { TrainCalls, type TrainRecord as Rec, TrainState } from '@exam/contracts';
import { usePagingQuery, NamedProgress } from '@exam/ui';

/** Training records (route /pages/train/record): 10 a page, progress circle, continue while state 0. */
export default function TrainRecord() {
  const navigate = useNavigate();
  const page = usePagingQuery<Rec>(TrainCalls.paging.url, {}, 10);
  const openTitle = (r: Rec) =>
    r.trainMode === 'repo' || r.trainMode === 'exam'
      ? navigate(`/pages/book/list?refType=${r.trainMode}&refId=${r.repoId}`)
      : navigate(`/pages/repo/view/${r.repoId}`);
  return (
    <Card title="训练记录" style={{ margin: 16 }}>
      <List
        loading={page.loading}
        noDataElement={<Empty description="暂无相关数据！" />}
        dataSource={page.records}
        render={(r: Rec) => (
          <List.Item
            key={r.id}
            extra={
              <NamedProgress
                label="答题进度"
                type="circle"
                size="small"
                percent={r.totalCount ? Math.round((r.answerCount * 100) / r.totalCount) : 0}
              />
            }
          >
            <Space direction="vertical" size={4}>
              <Link onClick={() => openTitle(r)}>{r.title}</Link>
              <Space>
                <Tag>{r.trainMode_dictText}</Tag>
                <span>
                  进度：{r.answerCount}/{r.totalCount}
                </span>
                <span>
                  答对：{r.rightCount}（{r.percent}%）
                </span>
                <span>{r.updateTime}</span>
                {r.state === TrainState.TRAINING ? (
                  <Button
                    size="mini"
                    type="primary"
                    onClick={() =>
                      navigate(`/pages/train/start/${r.repoId}/${r.trainMode}${r.quType ? `?quType=${r.quType}` : ''}`)
                    }
                  >
                    继续训练
                  </Button>
                ) : (
                  <Tag color="gray">已结束</Tag>
                )}
              </Space>
            </Space>
          </List.Item>
        )}
      />
      {page.total > 10 && (
        <Pagination
          style={{ marginTop: 12 }}
          total={page.total}
          pageSize={10}
          current={page.query.current}
          onChange={(current) => page.setQuery({ ...page.query, current })}
        />
      )}
    </Card>
  );
}
