import { BATTLE_TIMES, BattleMode, BattleResult, RoundPhase, RoundStatus } from '@exam/contracts';

/** The stored clock of a round (el_battle_round): which question is open, in which phase, since when. */
export type Clock = { status: number; seq: number; phase: number; phaseAt: number };
type Round = Clock & { mode: number; quSeconds: number; quIds: string[] };

/** When the round's current phase ends by the server's clock (epoch ms); 0 when only the host moves it on. */
export function phaseEndsAt(r: Round): number {
  if (r.status !== RoundStatus.PLAYING) return 0;
  if (r.phase === RoundPhase.COUNTDOWN) return r.phaseAt + BATTLE_TIMES.countdownMs;
  if (r.phase === RoundPhase.QUESTION) return r.phaseAt + r.quSeconds * 1000;
  return r.mode === BattleMode.HOSTED ? 0 : r.phaseAt + BATTLE_TIMES.revealMs;
}

/**
 * Where the round's clock stands at `now`: every deadline that has passed is applied in order, each phase starting
 * at the previous one's deadline (not at the moment someone noticed), so the timeline is the same whichever replica
 * moves it and however late. `everyoneAnswered` (of the open question) closes it early. A round whose last reveal
 * ended comes back FINISHED. Pure: the service stores what this returns.
 */
export function clockAt(r: Round, now: number, everyoneAnswered: boolean): Clock {
  const c: Clock = { status: r.status, seq: r.seq, phase: r.phase, phaseAt: r.phaseAt };
  const at = { ...r, ...c };
  for (let guard = 0; c.status === RoundStatus.PLAYING && guard < 2 * r.quIds.length + 2; guard++) {
    Object.assign(at, c);
    const end = phaseEndsAt(at);
    if (c.phase === RoundPhase.QUESTION && end > now) {
      if (!everyoneAnswered || guard > 0) break;
      Object.assign(c, { phase: RoundPhase.REVEAL, phaseAt: now });
      continue;
    }
    if (!end || end > now) break;
    if (c.phase === RoundPhase.COUNTDOWN) Object.assign(c, { seq: 0, phase: RoundPhase.QUESTION, phaseAt: end });
    else if (c.phase === RoundPhase.QUESTION) Object.assign(c, { phase: RoundPhase.REVEAL, phaseAt: end });
    else if (c.seq + 1 < r.quIds.length) Object.assign(c, { seq: c.seq + 1, phase: RoundPhase.QUESTION, phaseAt: end });
    else Object.assign(c, { status: RoundStatus.FINISHED, phaseAt: end });
  }
  return c;
}

/** Points of a right answer: the base, and the speed bonus in proportion to the time left (by the server's receipt). */
export function answerScore(
  right: boolean,
  elapsedMs: number,
  r: { quSeconds: number; rightScore: number; speedBonus: number },
) {
  if (!right) return 0;
  const left = Math.max(0, 1 - elapsedMs / (r.quSeconds * 1000));
  return r.rightScore + Math.round(r.speedBonus * left);
}

/** Places by score (equal scores share a place) and, in rooms, win / lose / draw: the top score wins alone or draws. */
export function settle<T extends { userId: string; score: number }>(players: T[], rooms: boolean) {
  const sorted = [...players].sort((a, b) => b.score - a.score);
  const top = sorted[0]?.score ?? 0;
  const tiedAtTop = sorted.filter((p) => p.score === top).length;
  return sorted.map((p) => ({
    ...p,
    rank: sorted.findIndex((q) => q.score === p.score) + 1,
    result: !rooms ? '' : p.score < top ? BattleResult.LOSE : tiedAtTop > 1 ? BattleResult.DRAW : BattleResult.WIN,
  }));
}
