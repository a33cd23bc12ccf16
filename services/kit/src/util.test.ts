import { describe, expect, it } from '@rstest/core';
import { newId, sample } from './util';

describe('newId', () => {
  it('is time-ordered text with 8 random digits, unique over a burst', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^\d{24}$/.test(id))).toBe(true);
    const t = Date.now();
    expect(Number(ids.at(-1)!.slice(0, 13))).toBeLessThanOrEqual(t);
  });
});

describe('sample', () => {
  it('draws n distinct elements of the list, each of them over many draws, and all of a short list', () => {
    const xs = Array.from({ length: 50 }, (_, i) => i);
    const seen = new Set<number>();
    for (let k = 0; k < 200; k++) {
      const s = sample(xs, 5);
      expect(new Set(s).size).toBe(5);
      for (const x of s) {
        expect(xs).toContain(x);
        seen.add(x);
      }
    }
    expect(seen.size).toBe(50);
    expect(sample([1, 2, 3], 5).sort()).toEqual([1, 2, 3]);
    expect(sample([], 2)).toEqual([]);
  });
});
