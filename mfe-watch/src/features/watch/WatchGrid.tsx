import { useState } from 'react';
import { Button, Empty, Grid, Input, InputNumber, Pagination, Space, Spin, Switch } from '@arco-design/web-react';
import { WATCH_PAGE_SIZE, WATCH_PER_LINE, WATCH_REFRESH, type WatchStat } from '@exam/contracts';
import { Stat } from '@exam/ui';
import { ProcessDrawer } from './ProcessDrawer';
import { WatchCell } from './WatchCell';
import { type WatchDialog, WatchDialogs } from './WatchDialogs';
import { useProcessPagingQuery, useWatchStatQuery } from './watchApi';
import { nextPage, useRefresh } from './useRefresh';

type Counted = Exclude<keyof WatchStat, 'ended'>;
/** Learners without a paper are 未开始 until the exam ends, 缺考 after. */
const statsOf = (ended: boolean): [Counted, string][] => [
  ['requireCount', '应考人数'],
  ['processCount', '正在考试'],
  ['handCount', '已交卷'],
  ended ? ['missCount', '缺考'] : ['notStartCount', '未开始'],
];

/** The live grid of one exam: stats bar, 8 cells per line, auto-paging refresh, messages and forced hand-in. */
export function WatchGrid({ examId }: { examId: string }) {
  const [current, setCurrent] = useState(1);
  const [realName, setRealName] = useState('');
  const [auto, setAuto] = useState(false);
  const [seconds, setSeconds] = useState<number>(WATCH_REFRESH.default);
  const [dialog, setDialog] = useState<WatchDialog | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const stat = useWatchStatQuery({ id: examId });
  const grid = useProcessPagingQuery({
    current,
    size: WATCH_PAGE_SIZE,
    params: { examId, handState: 0, realName: realName || undefined },
  });
  useRefresh(seconds, dialog !== null, () => {
    void stat.refetch();
    // While one examinee's process is open the page stays put, so their row keeps refreshing.
    if (auto && !viewing && grid.data && grid.data.pages > 1) setCurrent(nextPage(current, grid.data.pages));
    else void grid.refetch();
  });
  const rows = grid.data?.records ?? [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Grid.Row gutter={[16, 16]}>
        {statsOf(stat.data?.ended ?? false).map(([k, t]) => (
          <Grid.Col key={k} xs={12} md={6}>
            <Stat title={t} value={stat.data?.[k] ?? 0} />
          </Grid.Col>
        ))}
      </Grid.Row>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder="搜索姓名"
          style={{ width: 180 }}
          onSearch={(v) => {
            setRealName(v.trim());
            setCurrent(1);
          }}
        />
        <Space>
          自动翻页
          <Switch checked={auto} onChange={setAuto} />
        </Space>
        <Space>
          刷新间隔
          <InputNumber
            min={WATCH_REFRESH.min}
            max={WATCH_REFRESH.max}
            precision={0}
            value={seconds}
            suffix="秒"
            style={{ width: 110 }}
            onChange={(v) => v && setSeconds(v)}
          />
        </Space>
        <Button onClick={() => setDialog({ kind: 'msg' })}>全部提醒</Button>
        <Button status="danger" onClick={() => setDialog({ kind: 'handAll' })}>
          全部交卷
        </Button>
      </Space>
      {grid.isLoading ? (
        <Spin dot style={{ display: 'block', textAlign: 'center', padding: 48 }} />
      ) : rows.length === 0 ? (
        <Empty description="没有正在考试的用户！" />
      ) : (
        <div
          className="watch-grid"
          style={{
            display: 'grid',
            gap: 12,
            gridTemplateColumns: `repeat(auto-fill, minmax(max(min(100%, 140px), calc((100% - ${(WATCH_PER_LINE - 1) * 12}px) / ${WATCH_PER_LINE})), 1fr))`,
          }}
        >
          {rows.map((r) => (
            <WatchCell
              key={r.id}
              row={r}
              onMessage={(x) => setDialog({ kind: 'msg', userId: x.userId, name: x.realName })}
              onHand={(x) => setDialog({ kind: 'hand', paperId: x.id, name: x.realName })}
              onView={(x) => setViewing(x.id)}
            />
          ))}
        </div>
      )}
      {(grid.data?.total ?? 0) > WATCH_PAGE_SIZE && (
        <Pagination
          current={current}
          pageSize={WATCH_PAGE_SIZE}
          total={grid.data?.total}
          onChange={setCurrent}
          simple
        />
      )}
      <ProcessDrawer row={viewing ? rows.find((r) => r.id === viewing) : undefined} onClose={() => setViewing(null)} />
      <WatchDialogs
        examId={examId}
        dialog={dialog}
        onClose={() => {
          setDialog(null);
          void stat.refetch();
        }}
      />
    </Space>
  );
}
