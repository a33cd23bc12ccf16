import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin, Typography } from '@arco-design/web-react';
import { ApiError, call } from '@exam/api';
import { BATTLE_SOCKET_PATH, type BattleMessage, BattlePlayCalls } from '@exam/contracts';
import { useNavigate } from '@exam/router';
import { useSocket } from '@exam/ui';
import { useRemaining } from './useRound';

const POLL_MS = 2000;
export const BATTLE_HOME = '/pages/battle';
export const playPath = (roundId: string) => `/pages/battle/play/${roundId}`;

/**
 * 开始匹配: the learner waits in the battle's line until a room forms. The room is announced over the battle socket;
 * the round-in-progress call is asked every 2 s as well, for a room formed before the socket was up.
 */
export function Matching({ battleId }: { battleId: string }) {
  const navigate = useNavigate();
  const [until, setUntil] = useState(0);
  const [error, setError] = useState('');
  const [expired, setExpired] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const done = useRef(false);
  const left = useRemaining(until, 0);
  const go = (roundId: string) => {
    if (done.current || !roundId) return;
    done.current = true;
    navigate(playPath(roundId), { replace: true });
  };

  useEffect(() => {
    done.current = false;
    setExpired(false);
    setError('');
    call(BattlePlayCalls.match, { battleId }, { silent: true })
      .then((r) => (r.roundId ? go(r.roundId) : setUntil(Date.now() + r.waitMs)))
      .catch((e: unknown) => setError(e instanceof ApiError ? e.msg : '匹配失败，请稍后再试！'));
    // A new attempt (重新匹配) is a new match; `go` only navigates.
  }, [battleId, attempt]);

  useEffect(() => {
    if (!until || expired) return undefined;
    const t = setInterval(() => {
      if (Date.now() > until) {
        setExpired(true);
        void call(BattlePlayCalls.cancel, { battleId }, { silent: true }).catch(() => undefined);
        return;
      }
      void call(BattlePlayCalls.current, {}, { silent: true })
        .then((r) => go(r.roundId))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(t);
    // `go` navigates once, whatever render made it.
  }, [until, expired, battleId]);

  useSocket(BATTLE_SOCKET_PATH, (text) => {
    try {
      const m = JSON.parse(text) as BattleMessage;
      if (m.type === 'matched') go(m.roundId);
    } catch {
      // not a message of ours
    }
  });

  const cancel = async () => {
    await call(BattlePlayCalls.cancel, { battleId }, { silent: true }).catch(() => undefined);
    navigate(BATTLE_HOME);
  };
  if (error)
    return (
      <Result status="warning" title={error} extra={<Button onClick={() => navigate(BATTLE_HOME)}>返回</Button>} />
    );
  if (expired)
    return (
      <Result
        status="404"
        title="暂时没有匹配到对手"
        subTitle="其他学员可能还没有进入，请稍后再试。"
        extra={[
          <Button key="again" type="primary" size="large" onClick={() => setAttempt((n) => n + 1)}>
            重新匹配
          </Button>,
          <Button key="back" size="large" onClick={() => navigate(BATTLE_HOME)}>
            返回
          </Button>,
        ]}
      />
    );
  return (
    <div style={{ textAlign: 'center', padding: '64px 16px' }}>
      <Spin size={40} />
      <Typography.Title heading={5} style={{ marginTop: 24 }}>
        正在匹配对手…
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {until ? `最多等待 ${Math.ceil(left / 1000)} 秒` : '正在加入队列'}
      </Typography.Paragraph>
      <Button size="large" onClick={cancel} style={{ minWidth: 160 }}>
        取消匹配
      </Button>
    </div>
  );
}
