import type { TableColumnProps } from '@arco-design/web-react';
import { Tag } from '@arco-design/web-react';
import { BattleCalls, type BattleRankRow, RoundStatus, type RoundRow } from '@exam/contracts';
import { PagingTable } from '@exam/ui';

const STATUS_COLORS: Record<number, string> = {
  [RoundStatus.LOBBY]: 'gray',
  [RoundStatus.PLAYING]: 'orange',
  [RoundStatus.FINISHED]: 'green',
  [RoundStatus.ABORTED]: 'red',
};

const roundColumns: TableColumnProps<RoundRow>[] = [
  { title: '开始时间', dataIndex: 'createTime', width: 170 },
  {
    title: '状态',
    dataIndex: 'status_dictText',
    width: 90,
    render: (t: string, r) => <Tag color={STATUS_COLORS[r.status]}>{t}</Tag>,
  },
  {
    title: '选手与得分',
    key: 'players',
    width: 260,
    render: (_: unknown, r) =>
      r.players.map((p) => `${p.rank ? `第${p.rank}名 ` : ''}${p.realName} ${p.score}分`).join('，') || '-',
  },
  { title: '人数', dataIndex: 'playerCount', width: 60 },
  {
    title: '竞赛码/主持人',
    key: 'host',
    width: 130,
    render: (_: unknown, r) => (r.code ? `${r.code} / ${r.hostName || '-'}` : '-'),
  },
  { title: '结束时间', dataIndex: 'finishTime', width: 170, render: (t: string) => t || '-' },
];

const rankColumns: TableColumnProps<BattleRankRow>[] = [
  { title: '排名', dataIndex: 'rank', width: 70 },
  { title: '姓名', dataIndex: 'realName', width: 120 },
  { title: '部门', dataIndex: 'deptName', width: 140, render: (t: string) => t || '-' },
  { title: '最高得分', dataIndex: 'bestScore', width: 90 },
  { title: '参赛场次', dataIndex: 'rounds', width: 90 },
  { title: '获胜场次', dataIndex: 'wins', width: 90 },
  { title: '正确率', dataIndex: 'rightRate', width: 90, render: (v: number) => `${v}%` },
];

/** The battle's rounds, newest first (BattleResult's first tab). */
export function RoundTable({ battleId }: { battleId: string }) {
  return (
    <PagingTable url={BattleCalls.rounds.url} params={{ battleId }} columns={roundColumns as TableColumnProps[]} />
  );
}

/** The battle's leaderboard over its finished rounds. */
export function RankTable({ battleId }: { battleId: string }) {
  return (
    <PagingTable
      url={BattleCalls.rank.url}
      params={{ battleId }}
      rowKey="userId"
      columns={rankColumns as TableColumnProps[]}
    />
  );
}
