import { Avatar, Button, Space, Tag, Typography } from '@arco-design/web-react';
import { BATTLE_RESULT_TITLES, BattleMode, RoundPhase, type RoundState } from '@exam/contracts';
import { useNavigate } from '@exam/router';
import { BATTLE_HOME } from './Matching';

/** The players' bar: each one's name, score and, while a question is open, whether they answered (never how). */
export function Players({ state }: { state: RoundState }) {
  const me = state.me?.userId;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.min(state.players.length, 4)}, 1fr)`, gap: 8 }}>
      {state.players.map((p) => (
        <div
          key={p.userId}
          data-testid={`player-${p.realName}`}
          style={{
            textAlign: 'center',
            padding: 8,
            borderRadius: 8,
            background: p.userId === me ? '#e8f3ff' : '#f7f8fa',
            minWidth: 0,
          }}
        >
          <Avatar size={32} style={{ backgroundColor: '#165dff' }}>
            {p.avatar ? <img src={p.avatar} alt={p.realName} /> : p.realName.slice(0, 1)}
          </Avatar>
          <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={p.realName}>
            {p.realName}
            {p.userId === me ? '（我）' : ''}
          </div>
          <Typography.Text bold style={{ fontSize: 18 }}>
            {p.score}
          </Typography.Text>
          {state.phase === RoundPhase.QUESTION && p.answered && (
            <div>
              <Tag size="small" color="green">
                已作答
              </Tag>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

/** A hosted contest's player sees their own line: score and place among everyone. */
export function MyLine({ state }: { state: RoundState }) {
  return (
    <div data-testid="battle-me" style={{ padding: 12, borderRadius: 8, background: '#e8f3ff', textAlign: 'center' }}>
      <Typography.Text bold style={{ fontSize: 18 }}>
        {state.me?.score ?? 0} 分
      </Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
        {state.me?.rank ? `第 ${state.me.rank} 名 / ${state.playerCount} 人` : `${state.playerCount} 人参加`}
      </Typography.Text>
    </div>
  );
}

/** What the round shows when it is over: win, lose or draw, the places and the points. */
export function Finished({ state }: { state: RoundState }) {
  const navigate = useNavigate();
  const result = state.me?.result ?? '';
  return (
    <div style={{ textAlign: 'center', padding: '16px 0' }}>
      <Typography.Title
        heading={3}
        data-testid="battle-result"
        style={{ color: result === 'win' ? '#00b42a' : undefined }}
      >
        {state.mode === BattleMode.HOSTED
          ? `第 ${state.me?.rank ?? '-'} 名`
          : (BATTLE_RESULT_TITLES[result] ?? '竞赛结束')}
      </Typography.Title>
      <Typography.Paragraph>
        得分 {state.me?.score ?? 0}，第 {state.me?.rank ?? '-'} 名
        {state.me?.points ? `，获得 ${state.me.points} 积分` : ''}
      </Typography.Paragraph>
      <Space size="large" wrap style={{ justifyContent: 'center' }}>
        {state.mode !== BattleMode.HOSTED && (
          <Button
            type="primary"
            size="large"
            onClick={() => navigate(`/pages/battle/play/new?battle=${state.battleId}`, { replace: true })}
          >
            再来一局
          </Button>
        )}
        <Button size="large" onClick={() => navigate(BATTLE_HOME)}>
          返回
        </Button>
      </Space>
    </div>
  );
}
