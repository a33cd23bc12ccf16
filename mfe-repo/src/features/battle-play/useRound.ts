import { useCallback, useEffect, useState } from 'react';
import { ApiError, call } from '@exam/api';
import {
  BATTLE_SOCKET_PATH,
  type BattleHostCalls,
  type BattleMessage,
  BattlePlayCalls,
  RoundPhase,
  type RoundState,
  RoundStatus,
} from '@exam/contracts';
import { useSocket } from '@exam/ui';

/**
 * A round as the server tells it: its state from the state call, then every move pushed over the battle socket
 * (which reconnects by itself; the server sends the round again on each connection). `offset` is the server's clock
 * minus this device's, so countdowns follow the server. The screen's own answer is kept until the server's state
 * carries it (a pushed state does not).
 */
export function useRound(
  roundId: string,
  stateCall: typeof BattlePlayCalls.state | typeof BattleHostCalls.state = BattlePlayCalls.state,
) {
  const [state, setState] = useState<RoundState | null>(null);
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState('');
  const [mine, setMine] = useState<{ seq: number; ids: string[] } | null>(null);

  const apply = useCallback(
    (s: RoundState) => {
      if (s.roundId !== roundId) return;
      setOffset(s.now - Date.now());
      setState(s);
      if (s.me?.answer.length) setMine({ seq: s.seq, ids: s.me.answer });
    },
    [roundId],
  );
  const load = useCallback(
    () =>
      call(stateCall, { roundId }, { silent: true })
        .then(apply)
        .catch((e: unknown) => setError(e instanceof ApiError ? e.msg : '对局加载失败！')),
    [roundId, apply, stateCall],
  );
  useEffect(() => {
    void load();
    // Back from a sleeping phone or a hidden tab: the round moved on meanwhile.
    const onVisible = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load]);

  useSocket(BATTLE_SOCKET_PATH, (text) => {
    let m: BattleMessage;
    try {
      m = JSON.parse(text) as BattleMessage;
    } catch {
      return;
    }
    if (m.type === 'state') {
      apply(m.state);
      // Over: the player's own result and points as stored (a pushed state carries a hosted contest's leaders only).
      if (m.state.status === RoundStatus.FINISHED && m.state.roundId === roundId) void load();
    } else if (m.type === 'answered' && m.roundId === roundId)
      setState((s) =>
        s && s.seq === m.seq
          ? { ...s, players: s.players.map((p) => (p.userId === m.userId ? { ...p, answered: true } : p)) }
          : s,
      );
  });

  const answer = useCallback(
    async (ids: string[]) => {
      if (!state || state.phase !== RoundPhase.QUESTION) return;
      const seq = state.seq;
      setMine({ seq, ids });
      try {
        await call(BattlePlayCalls.answer, { roundId, seq, answers: ids });
      } catch {
        setMine(null); // refused (too late, or already answered): the message says why
        void load();
      }
    },
    [state, roundId, load],
  );

  const myAnswer = state && mine?.seq === state.seq ? mine.ids : [];
  return { state, offset, error, answer, myAnswer, reload: load };
}

/** Milliseconds left until `endsAt` of the server's clock, ticking. */
export function useRemaining(endsAt: number, offset: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(t);
  }, []);
  return Math.max(0, endsAt - (now + offset));
}
