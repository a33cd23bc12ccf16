import { describe, expect, it } from '@rstest/core';
import { RETAKE_NOTE, paperVisibility, retakeOpen } from './answer-visibility';

const see = (resultType: number, state: number, retake = false) =>
  paperVisibility({ resultType, state, retakeOpen: retake });

describe('paperVisibility: what a learner sees of a handed-in paper', () => {
  it('resultType 0: everything once no retake remains; score and pass only while one does', () => {
    expect(see(0, 2)).toEqual({ score: true, final: true, marks: true, solution: true, note: '' });
    expect(see(0, 2, true)).toEqual({ score: true, final: true, marks: false, solution: false, note: RETAKE_NOTE });
    // Review pending: the partial score and the sheet, no final result yet.
    expect(see(0, 1)).toEqual({ score: true, final: false, marks: true, solution: true, note: '' });
  });
  it('resultType 2: score and pass, never the sheet; resultType 1: nothing', () => {
    expect(see(2, 2)).toEqual({ score: true, final: true, marks: false, solution: false, note: '' });
    expect(see(2, 1).final).toBe(false);
    for (const s of [1, 2, 3])
      expect(see(1, s)).toEqual({ score: false, final: false, marks: false, solution: false, note: '' });
  });
  it('an open paper, an unknown state or an unknown resultType shows nothing', () => {
    for (const [t, s] of [
      [0, 0],
      [2, 0],
      [0, 7],
      [5, 2],
      [-1, 2],
    ])
      expect(see(t, s)).toMatchObject({ score: false, solution: false, marks: false });
  });
});

describe('retakeOpen', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const exam = (over: Partial<{ state: number; endTime: Date; chance: number }> = {}) => ({
    state: 0,
    endTime: new Date('2026-02-01T00:00:00Z'),
    chance: 0,
    ...over,
  });
  it('is open while enabled, before the end, with chances left (0 = unlimited)', () => {
    expect(retakeOpen(exam(), 99, now)).toBe(true);
    expect(retakeOpen(exam({ chance: 2 }), 1, now)).toBe(true);
    expect(retakeOpen(exam({ chance: 2 }), 2, now)).toBe(false);
    expect(retakeOpen(exam({ endTime: now }), 0, now)).toBe(false);
    expect(retakeOpen(exam({ state: 1 }), 0, now)).toBe(false);
  });
});
