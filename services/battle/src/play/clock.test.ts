import { BattleMode, RoundPhase, RoundStatus } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { answerScore, clockAt, phaseEndsAt, settle } from './clock';

const round = (over: Partial<Parameters<typeof clockAt>[0]> = {}) => ({
  status: RoundStatus.PLAYING,
  seq: -1,
  phase: RoundPhase.COUNTDOWN,
  phaseAt: 0,
  mode: BattleMode.DUEL,
  quSeconds: 10,
  quIds: ['a', 'b'],
  ...over,
});

describe('the round clock', () => {
  it('applies every passed deadline from the stored ones, however late it is asked', () => {
    expect(clockAt(round(), 2999, false)).toMatchObject({ phase: RoundPhase.COUNTDOWN, seq: -1 });
    expect(clockAt(round(), 3000, false)).toMatchObject({ phase: RoundPhase.QUESTION, seq: 0, phaseAt: 3000 });
    // 3 s countdown, 10 s question, 3 s reveal: at 17 s the second question has been open for 1 s.
    expect(clockAt(round(), 17_000, false)).toMatchObject({ phase: RoundPhase.QUESTION, seq: 1, phaseAt: 16_000 });
    expect(clockAt(round(), 60_000, false)).toMatchObject({ status: RoundStatus.FINISHED, phaseAt: 29_000 });
  });

  it('closes the open question early when everyone answered, and only that one', () => {
    const open = round({ seq: 0, phase: RoundPhase.QUESTION, phaseAt: 3000 });
    expect(clockAt(open, 5000, true)).toMatchObject({ phase: RoundPhase.REVEAL, seq: 0, phaseAt: 5000 });
    expect(clockAt(open, 5000, false)).toMatchObject({ phase: RoundPhase.QUESTION, phaseAt: 3000 });
    expect(clockAt(round(), 3500, true)).toMatchObject({ phase: RoundPhase.QUESTION, seq: 0 });
  });

  it('leaves a hosted contest on its reveal until the host moves on', () => {
    const hosted = round({ mode: BattleMode.HOSTED, seq: 0, phase: RoundPhase.REVEAL, phaseAt: 0 });
    expect(phaseEndsAt(hosted)).toBe(0);
    expect(clockAt(hosted, 1e9, false)).toMatchObject({ phase: RoundPhase.REVEAL, seq: 0 });
  });
});

describe('scores and places', () => {
  it('adds a speed bonus in proportion to the time left, nothing for a wrong answer', () => {
    const r = { quSeconds: 10, rightScore: 100, speedBonus: 50 };
    expect(answerScore(true, 0, r)).toBe(150);
    expect(answerScore(true, 5000, r)).toBe(125);
    expect(answerScore(true, 12_000, r)).toBe(100);
    expect(answerScore(false, 0, r)).toBe(0);
  });

  it('wins alone at the top, draws when tied there; equal scores share a place', () => {
    const p = (userId: string, score: number) => ({ userId, score });
    expect(settle([p('a', 10), p('b', 20)], true).map((x) => [x.userId, x.rank, x.result])).toEqual([
      ['b', 1, 'win'],
      ['a', 2, 'lose'],
    ]);
    expect(settle([p('a', 20), p('b', 20), p('c', 5), p('d', 5)], true).map((x) => [x.rank, x.result])).toEqual([
      [1, 'draw'],
      [1, 'draw'],
      [3, 'lose'],
      [3, 'lose'],
    ]);
    expect(settle([p('a', 1)], false)[0]).toMatchObject({ rank: 1, result: '' });
  });
});
