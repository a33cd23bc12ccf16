import { describe, expect, it } from '@rstest/core';
import { applyPdf, applyVideo, merge } from './progress';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (sec: number) => new Date(t0.getTime() + sec * 1000);
const fresh = { covered: [] as [number, number][], furthest: 0, position: 0, lastReport: t0 };
const rules = (over = {}) => ({ duration: 100, videoDrag: false, finishRate: 90, now: at(10), ...over });

describe('video coverage', () => {
  it('merges intervals', () => {
    expect(
      merge([
        [5, 10],
        [0, 3],
        [2, 6],
        [20, 20],
        [12, 15],
      ]),
    ).toEqual([
      [0, 10],
      [12, 15],
    ]);
  });

  it('counts what was watched within the wall clock', () => {
    const v = applyVideo(fresh, { learnSec: 10, intervals: [[0, 10]] }, rules());
    expect(v).toMatchObject({ coveredSec: 10, furthest: 10, position: 10, gained: 10, finished: false, refused: [] });
  });

  it('refuses gains faster than the wall clock (beyond the tolerance)', () => {
    const v = applyVideo(fresh, { learnSec: 60, intervals: [[0, 60]] }, rules());
    expect(v.coveredSec).toBe(13); // 10 s elapsed + 3 s tolerance
    expect(v.refused).toContain('学习进度快于实际时间');
    // Two intervals may not together exceed the clock either.
    const w = applyVideo(
      fresh,
      {
        learnSec: 60,
        intervals: [
          [0, 10],
          [40, 50],
        ],
      },
      rules(),
    );
    expect(w.coveredSec).toBe(13);
  });

  it('refuses positions past the end and never counts beyond the duration', () => {
    const v = applyVideo(
      { ...fresh, covered: [[0, 95]], furthest: 95 },
      {
        learnSec: 500,
        intervals: [
          [95, 105],
          [200, 210],
        ],
      },
      rules(),
    );
    expect(v.refused).toContain('播放位置超出课件时长');
    expect(v.coveredSec).toBe(100);
    expect(v.position).toBe(100);
  });

  it('with drag lock, refuses watching that starts past the furthest point', () => {
    const s = { ...fresh, covered: [[0, 20]] as [number, number][], furthest: 20 };
    const v = applyVideo(s, { learnSec: 90, intervals: [[80, 90]] }, rules({ videoDrag: true }));
    expect(v.refused).toContain('禁止拖动进度');
    expect(v.coveredSec).toBe(20);
    expect(v.position).toBe(20);
    // Within 2 s of the furthest point is a normal continuation.
    expect(applyVideo(s, { learnSec: 30, intervals: [[21, 30]] }, rules({ videoDrag: true })).coveredSec).toBe(29);
    // Without the lock a jump is allowed, but only what was watched counts.
    expect(applyVideo(s, { learnSec: 90, intervals: [[80, 90]] }, rules()).coveredSec).toBe(30);
  });

  it('finishes at the coverage threshold; seeking to the end never does', () => {
    const seek = applyVideo(
      { ...fresh, covered: [[0, 10]], furthest: 10 },
      { learnSec: 100, intervals: [[98, 100]] },
      rules(),
    );
    expect(seek.finished).toBe(false);
    const almost = applyVideo(
      { ...fresh, covered: [[0, 85]], furthest: 85 },
      { learnSec: 90, intervals: [[85, 90]] },
      rules(),
    );
    expect(almost).toMatchObject({ coveredSec: 90, finished: true });
    expect(
      applyVideo({ ...fresh, covered: [[0, 85]], furthest: 85 }, { learnSec: 89, intervals: [[85, 89]] }, rules())
        .finished,
    ).toBe(false);
  });
});

describe('PDF pages', () => {
  it('counts a page only after the minimum dwell, and finishes when every page counts', () => {
    let s = { pages: [] as number[], page: 0, pageSince: null as Date | null, lastReport: t0 };
    const step = (page: number, sec: number) => {
      const v = applyPdf(s, page, 3, at(sec));
      s = { pages: v.pages, page: v.page, pageSince: v.pageSince, lastReport: at(sec) };
      return v;
    };
    step(1, 1);
    expect(step(2, 2).pages).toEqual([]); // page 1 shown for 1 s: not read
    expect(step(3, 6).pages).toEqual([2]);
    expect(step(3, 7).pages).toEqual([2]);
    expect(step(1, 10).pages).toEqual([2, 3]);
    const v = step(1, 14);
    expect(v).toMatchObject({ pages: [1, 2, 3], finished: true });
    expect(applyPdf(s, 9, 3, at(20)).refused).toEqual(['页码超出课件页数']);
  });
});

describe('the clock tolerance', () => {
  it('is granted once, not per report', () => {
    let s = { ...fresh };
    let total = 0;
    for (let i = 0; i < 5; i++) {
      const v = applyVideo(s, { learnSec: 0, intervals: [[i * 10, i * 10 + 10]] }, rules());
      total = v.coveredSec;
      s = { covered: v.covered, furthest: v.furthest, position: v.position, lastReport: v.clock };
    }
    expect(total).toBe(13);
  });
});
