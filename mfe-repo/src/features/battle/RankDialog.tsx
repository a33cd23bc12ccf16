import { useState } from 'react';
import { Modal, Table, type TableColumnProps } from '@arco-design/web-react';
import type { BattleRankRow } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { useBattleRankQuery } from './battleApi';

const SIZE = 10;
const columns: TableColumnProps<BattleRankRow>[] = [
  { title: '排名', dataIndex: 'rank', width: 64 },
  { title: '姓名', dataIndex: 'realName', ellipsis: true },
  { title: '最高分', dataIndex: 'bestScore', width: 80 },
  { title: '胜场', dataIndex: 'wins', width: 64 },
];

/** A battle's leaderboard, ten a page, with the learner's own place above it (their row highlighted in the list). */
export function RankDialog({ battle, onClose }: { battle?: { id: string; title: string }; onClose: () => void }) {
  const [current, setCurrent] = useState(1);
  const rank = useBattleRankQuery(battle ? { current, size: SIZE, params: { battleId: battle.id } } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const data = rank.currentData;
  const mine = data?.mine;
  return (
    <Modal
      title={battle ? `排行榜：${battle.title}` : '排行榜'}
      visible={!!battle}
      footer={null}
      onCancel={() => {
        setCurrent(1);
        onClose();
      }}
      style={{ width: 520, maxWidth: '100%' }}
      unmountOnExit
    >
      <p data-testid="battle-rank-mine" style={{ marginTop: 0 }}>
        {mine
          ? `我的排名：第 ${mine.rank} 名，最高 ${mine.bestScore} 分，${mine.rounds} 场 ${mine.wins} 胜，正确率 ${mine.rightRate}%`
          : '完成一轮后即可上榜'}
      </p>
      <Table<BattleRankRow>
        rowKey="userId"
        size="small"
        loading={rank.isFetching}
        columns={columns}
        data={data?.records ?? []}
        rowClassName={(r) => (r.userId === mine?.userId ? 'arco-table-tr-checked' : '')}
        pagination={{ current, pageSize: SIZE, total: data?.total ?? 0, onChange: setCurrent, simple: true }}
        noDataElement="暂无排名"
      />
    </Modal>
  );
}
