import { describe, expect, it } from '@rstest/core';
import { QuType } from '@exam/contracts';
import { drawFrom, type Pool } from './paper-draw';

/** A pool of single-choice questions in one bank: q0…q{n-1}, the first `hard` of them level 2. */
const poolOf = (n: number, hard = 0): Pool => ({
  candidates: Array.from({ length: n }, (_, i) => ({
    id: `q${i}`,
    repoId: 'r1',
    quType: QuType.SINGLE,
    level: i < hard ? 2 : 1,
    ver: 0,
  })),
  fixed: new Map(),
  shapes: new Map(),
});
const rule = (count: number, level?: 0 | 1 | 2) => ({
  title: 'g',
  quType: QuType.SINGLE,
  repoIds: ['r1'],
  count,
  score: 1,
  level,
});

describe('drawing a paper', () => {
  it('draws every candidate about equally often (a uniform sample, not the front of the list)', () => {
    const pool = poolOf(20);
    const seen = new Map<string, number>();
    for (let k = 0; k < 4000; k++)
      for (const q of drawFrom([rule(5)], pool).questions) seen.set(q.quId, (seen.get(q.quId) ?? 0) + 1);
    // 4,000 × 5 / 20 = 1,000 each; a biased draw (e.g. always the first ones) would be far off.
    expect(seen.size).toBe(20);
    for (const n of seen.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it('fills overlapping groups exactly, never twice the same question, and refuses only when no assignment exists', () => {
    // The hard group (level 2, 3 of 3) and the open group (any level) share the pool: 3 + 7 = all 10.
    const pool = poolOf(10, 3);
    for (let k = 0; k < 300; k++) {
      const d = drawFrom([rule(7), rule(3, 2)], pool);
      const ids = d.questions.map((q) => q.quId);
      expect(new Set(ids).size).toBe(10);
      expect(d.questions.filter((q) => q.groupNo === 1).every((q) => ['q0', 'q1', 'q2'].includes(q.quId))).toBe(true);
    }
    expect(() => drawFrom([rule(8), rule(3, 2)], pool)).toThrow('不足8道');
  });
});
