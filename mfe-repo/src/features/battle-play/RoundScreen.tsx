import { useState } from 'react';
import { Avatar, Button, Progress, Space, Tag, Typography } from '@arco-design/web-react';
import {
  BATTLE_RESULT_TITLES,
  BATTLE_TIMES,
  ONE_CHOICE_TYPES,
  RoundPhase,
  type RoundState,
  RoundStatus,
} from '@exam/contracts';
import { useNavigate } from '@exam/router';
import { ChoiceInput, RichText } from '@exam/ui';
import { BATTLE_HOME } from './Matching';
import { useRemaining } from './useRound';

type Props = { state: RoundState; offset: number; myAnswer: string[]; onAnswer: (ids: string[]) => void };

/** The players' bar: each one's name, score and, while a question is open, whether they answered (never how). */
function Players({ state }: { state: RoundState }) {
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

/** What the round shows when it is over: win, lose or draw, the places and the points. */
function Finished({ state }: { state: RoundState }) {
  const navigate = useNavigate();
  const result = state.me?.result ?? '';
  return (
    <div style={{ textAlign: 'center', padding: '16px 0' }}>
      <Typography.Title
        heading={3}
        data-testid="battle-result"
        style={{ color: result === 'win' ? '#00b42a' : undefined }}
      >
        {BATTLE_RESULT_TITLES[result] ?? '竞赛结束'}
      </Typography.Title>
      <Typography.Paragraph>
        得分 {state.me?.score ?? 0}，第 {state.me?.rank ?? '-'} 名
        {state.me?.points ? `，获得 ${state.me.points} 积分` : ''}
      </Typography.Paragraph>
      <Space size="large" wrap style={{ justifyContent: 'center' }}>
        <Button
          type="primary"
          size="large"
          onClick={() => navigate(`/pages/battle/play/new?battle=${state.battleId}`, { replace: true })}
        >
          再来一局
        </Button>
        <Button size="large" onClick={() => navigate(BATTLE_HOME)}>
          返回
        </Button>
      </Space>
    </div>
  );
}

/** One round on the screen: players, the server's countdown, the question with big options, the reveal, the end. */
export function RoundScreen({ state, offset, myAnswer, onAnswer }: Props) {
  const [picked, setPicked] = useState<{ seq: number; ids: string[] }>({ seq: -1, ids: [] });
  const left = useRemaining(state.phaseEndsAt, offset);
  const q = state.question;
  const open = state.phase === RoundPhase.QUESTION && state.status === RoundStatus.PLAYING;
  const answered = myAnswer.length > 0;
  const value = answered ? myAnswer : picked.seq === state.seq ? picked.ids : [];
  const one = q ? ONE_CHOICE_TYPES.includes(q.quType) : true;
  const total =
    state.phase === RoundPhase.COUNTDOWN
      ? BATTLE_TIMES.countdownMs
      : state.phase === RoundPhase.QUESTION
        ? state.quSeconds * 1000
        : BATTLE_TIMES.revealMs;

  const pick = (ids: string[]) => {
    if (!open || answered || left <= 0) return;
    setPicked({ seq: state.seq, ids });
    if (one) onAnswer(ids);
  };
  return (
    <div style={{ maxWidth: 720, margin: '0 auto', padding: 12 }}>
      <Typography.Title heading={5} style={{ marginTop: 0 }}>
        {state.title}
      </Typography.Title>
      <Players state={state} />
      {state.status === RoundStatus.FINISHED ? (
        <Finished state={state} />
      ) : state.phase === RoundPhase.COUNTDOWN ? (
        <div style={{ textAlign: 'center', padding: '48px 0' }}>
          <Typography.Title heading={2} data-testid="battle-countdown">
            {Math.ceil(left / 1000) || '开始'}
          </Typography.Title>
          <Typography.Text type="secondary">对局即将开始，共 {state.quCount} 题</Typography.Text>
        </div>
      ) : (
        q && (
          <div style={{ marginTop: 12 }}>
            <Space style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text bold>
                第 {state.seq + 1} / {state.quCount} 题
              </Typography.Text>
              <Typography.Text type={left < 3000 && open ? 'error' : 'secondary'} data-testid="battle-left">
                {open ? `${Math.ceil(left / 1000)} 秒` : '本题结束'}
              </Typography.Text>
            </Space>
            {total > 0 && (
              <Progress
                percent={Math.round((left * 100) / total)}
                showText={false}
                animation={false}
                aria-label="剩余时间"
              />
            )}
            <div style={{ fontSize: 17, margin: '12px 0' }}>
              <RichText html={q.content} />
            </div>
            <ChoiceInput
              qu={q}
              value={value}
              onChange={pick}
              locked={!open || answered}
              solution={state.reveal ? { rightIds: state.reveal.rightIds, optionScores: [] } : undefined}
              large
            />
            {!one && open && !answered && (
              <Button type="primary" long size="large" disabled={!value.length} onClick={() => onAnswer(value)}>
                确认答案
              </Button>
            )}
            {open && answered && <Typography.Paragraph type="secondary">已作答，等待其他选手…</Typography.Paragraph>}
            {state.reveal && (
              <Typography.Paragraph data-testid="battle-reveal" style={{ marginTop: 8 }}>
                {state.reveal.answers.find((a) => a.userId === state.me?.userId)?.right
                  ? `回答正确 +${state.reveal.answers.find((a) => a.userId === state.me?.userId)?.gained ?? 0}`
                  : '回答错误'}
                {state.reveal.analysis && (
                  <span style={{ display: 'block', color: '#86909c' }}>
                    解析：
                    <RichText html={state.reveal.analysis} />
                  </span>
                )}
              </Typography.Paragraph>
            )}
          </div>
        )
      )}
    </div>
  );
}
