import { Card, Space, Tag, Typography } from '@arco-design/web-react';
import { BATTLE_MODE_TITLES, BATTLE_RESULT_TITLES, BattleResult, type MyRoundRow } from '@exam/contracts';
import { MODE_COLORS, ONE_LINE } from './battleText';

const RESULT_COLORS: Record<string, string> = {
  [BattleResult.WIN]: 'green',
  [BattleResult.LOSE]: 'gray',
  [BattleResult.DRAW]: 'arcoblue',
};

/** One round the learner played: the battle, how it ended (win, lose, draw, or the place in a hosted contest), the score. */
export function HistoryCard({ round }: { round: MyRoundRow }) {
  const outcome = BATTLE_RESULT_TITLES[round.result];
  return (
    <Card size="small" data-testid="battle-history">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, marginBottom: 8 }}>
        <Tag color={MODE_COLORS[round.mode]}>{BATTLE_MODE_TITLES[round.mode]}</Tag>
        <span title={round.title} style={{ ...ONE_LINE, fontWeight: 500 }}>
          {round.title}
        </span>
      </div>
      <Space wrap size={8}>
        {outcome ? (
          <Tag color={RESULT_COLORS[round.result]}>{outcome}</Tag>
        ) : (
          <Tag color="purple">
            第 {round.rank} / {round.playerCount} 名
          </Tag>
        )}
        <span>得分 {round.score}</span>
        <span>
          答对 {round.rightCount} / {round.quCount}
        </span>
        {round.points > 0 && <span>积分 +{round.points}</span>}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
        {round.createTime}
      </Typography.Text>
    </Card>
  );
}
