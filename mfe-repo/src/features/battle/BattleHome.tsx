import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, Space } from '@arco-design/web-react';
import { BATTLE_JOIN_PATH, BattleClientCalls, type BattleCard as Battle, type MyRoundRow } from '@exam/contracts';
import { useNavigate } from '@exam/router';
import { PagedCardGrid, TabBar, TabPanel } from '@exam/ui';
import { BattleCard } from './BattleCard';
import { HistoryCard } from './HistoryCard';

// Loaded at the first tap on 排行榜: the list's first view needs neither Modal nor Table.
const RankDialog = lazy(() => import('./RankDialog').then((m) => ({ default: m.RankDialog })));

const TABS = [
  { key: 'open', title: '竞赛列表' },
  { key: 'mine', title: '我的战绩' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** The learner's 答题竞赛 (route /pages/battle, BattleHome): open battles to start, their own rounds, leaderboards. */
export default function BattleHome() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('open');
  const [title, setTitle] = useState('');
  const [rank, setRank] = useState<{ id: string; title: string }>();
  return (
    <Card bordered={false} style={{ margin: 16 }}>
      <Space wrap style={{ marginBottom: 4 }}>
        <Input.Search allowClear placeholder="搜索竞赛" style={{ width: 240, maxWidth: '100%' }} onSearch={setTitle} />
        {/* Hosted contests are joined with the code on the host's screen. */}
        <Button type="primary" onClick={() => navigate(BATTLE_JOIN_PATH)}>
          加入竞赛
        </Button>
      </Space>
      <TabBar tabs={TABS} active={tab} onChange={setTab} />
      <TabPanel active={tab === 'open'}>
        <PagedCardGrid<Battle>
          url={BattleClientCalls.paging.url}
          params={{ title: title || undefined }}
          size={12}
          perRow={3}
          rowKey="id"
          renderCard={(b) => (
            <BattleCard
              battle={b}
              // The play screen queues the learner for this battle (a new round) and follows the match.
              onPlay={() => navigate(`/pages/battle/play/new?battle=${encodeURIComponent(b.id)}`)}
              onRank={() => setRank({ id: b.id, title: b.title })}
            />
          )}
        />
      </TabPanel>
      {/* Drawn anew each time: a round just played is then in the list. */}
      <TabPanel active={tab === 'mine'} destroyOnHide>
        <PagedCardGrid<MyRoundRow>
          url={BattleClientCalls.history.url}
          params={{}}
          size={10}
          perRow={2}
          rowKey="roundId"
          renderCard={(round) => <HistoryCard round={round} />}
        />
      </TabPanel>
      {rank && (
        <Suspense fallback={null}>
          <RankDialog battle={rank} onClose={() => setRank(undefined)} />
        </Suspense>
      )}
    </Card>
  );
}
