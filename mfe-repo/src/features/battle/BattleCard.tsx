import { Button, Card, Descriptions, Tag } from '@arco-design/web-react';
import { IconThunderbolt, IconTrophy } from '@arco-design/web-react/icon';
import type { BattleCard as Battle } from '@exam/contracts';
import { ImageBox, useIsMobile } from '@exam/ui';
import { MODE_COLORS, ONE_LINE, timeWindow } from './battleText';

/** The rounds left today, or null when there is no daily limit. */
export const roundsLeft = (b: Battle) => (b.dailyLimit > 0 ? Math.max(0, b.dailyLimit - b.playedToday) : null);

const facts = (b: Battle) => [
  { label: '题目', value: `每轮 ${b.quCount} 题，每题 ${b.quSeconds} 秒` },
  { label: '开放时间', value: timeWindow(b.startTime, b.endTime) },
  { label: '积分奖励', value: `获胜 +${b.winPoints}，参与 +${b.joinPoints}` },
  { label: '今日次数', value: b.dailyLimit > 0 ? `${b.playedToday} / ${b.dailyLimit}` : `${b.playedToday}（不限）` },
  { label: '我的最高分', value: b.myBest },
];

/** An open battle: cover, mode and title, its facts, and 开始匹配 (a large button, the whole width on a phone). */
export function BattleCard({ battle, onPlay, onRank }: { battle: Battle; onPlay: () => void; onRank: () => void }) {
  const mobile = useIsMobile();
  const left = roundsLeft(battle);
  return (
    <Card
      hoverable
      cover={<ImageBox src={battle.cover} alt={battle.title} ratio={3} kind="battle" />}
      title={
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          <Tag color={MODE_COLORS[battle.mode]}>{battle.mode_dictText}</Tag>
          <span title={battle.title} style={ONE_LINE}>
            {battle.title}
          </span>
        </div>
      }
      data-testid="battle-card"
    >
      <Descriptions column={1} size="small" labelStyle={{ width: 84 }} data={facts(battle)} />
      <div style={{ display: 'flex', gap: 8, marginTop: 12, flexWrap: 'wrap' }}>
        <Button
          type="primary"
          size="large"
          icon={<IconThunderbolt />}
          disabled={left === 0}
          long={mobile}
          onClick={onPlay}
        >
          {left === 0 ? '今日次数已用完' : '开始匹配'}
        </Button>
        <Button size="large" icon={<IconTrophy />} long={mobile} onClick={onRank}>
          排行榜
        </Button>
      </div>
    </Card>
  );
}
