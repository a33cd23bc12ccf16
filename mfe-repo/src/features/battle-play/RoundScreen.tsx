import { useState } from 'react';
import { Button, Progress, Result, Space, Typography } from '@arco-design/web-react';
import { BATTLE_TIMES, BattleMode, ONE_CHOICE_TYPES, RoundPhase, type RoundState, RoundStatus } from '@exam/contracts';
import { ChoiceInput, RichText } from '@exam/ui';
import { Finished, MyLine, Players } from './RoundParts';
import { useRemaining } from './useRound';

type Props = { state: RoundState; offset: number; myAnswer: string[]; onAnswer: (ids: string[]) => void };

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
      {state.mode === BattleMode.HOSTED ? <MyLine state={state} /> : <Players state={state} />}
      {state.status === RoundStatus.ABORTED ? (
        <Result status="warning" title="竞赛已取消" />
      ) : state.status === RoundStatus.LOBBY ? (
        <div style={{ textAlign: 'center', padding: '48px 0' }}>
          <Typography.Title heading={4}>等待主持人开始</Typography.Title>
          <Typography.Text type="secondary">
            竞赛码 {state.code}，已有 {state.playerCount} 人加入
          </Typography.Text>
        </div>
      ) : state.status === RoundStatus.FINISHED ? (
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
                {open ? `${Math.ceil(left / 1000)} 秒` : state.phaseEndsAt ? '本题结束' : '等待主持人进入下一题'}
              </Typography.Text>
            </Space>
            {total > 0 && state.phaseEndsAt > 0 && (
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
