import { describe, expect, it } from '@rstest/core';
import {
  formatRanges,
  inRange,
  mergeRanges,
  parseRanges,
  parseSplits,
  rangesFromSplits,
  splitsOf,
} from './score-range';

describe('score bands', () => {
  it('reads ~ bands joined by ; or full-width ；, trimming spaces and skipping empty parts', () => {
    expect(parseRanges('0~59;60~100')).toEqual({
      ok: true,
      ranges: [
        [0, 59],
        [60, 100],
      ],
    });
    expect(parseRanges(' 90 ~ 100 ；0~59；;')).toEqual({
      ok: true,
      ranges: [
        [0, 59],
        [90, 100],
      ],
    });
    expect(parseRanges('')).toEqual({ ok: true, ranges: [] });
    expect(parseRanges('59.5~60')).toEqual({ ok: true, ranges: [[59.5, 60]] });
  });

  it('merges overlapping bands and orders reversed ends', () => {
    expect(parseRanges('50~80;0~60;90~95;92~100')).toEqual({
      ok: true,
      ranges: [
        [0, 80],
        [90, 100],
      ],
    });
    expect(
      mergeRanges([
        [80, 60],
        [10, 20],
        [20, 30],
      ]),
    ).toEqual([
      [10, 30],
      [60, 80],
    ]);
    // Consecutive bands (next start = previous end + 1) stay apart.
    expect(
      mergeRanges([
        [0, 59],
        [60, 100],
      ]),
    ).toEqual([
      [0, 59],
      [60, 100],
    ]);
  });

  it('refuses non-numeric values, a missing end and values out of min..max, naming the band', () => {
    expect(parseRanges('0~abc')).toEqual({ ok: false, msg: '分数段【0~abc】格式不正确，应为数字~数字！' });
    expect(parseRanges('60')).toMatchObject({ ok: false });
    expect(parseRanges('0~10~20')).toMatchObject({ ok: false });
    expect(parseRanges('-5~10')).toMatchObject({ ok: false });
    expect(parseRanges('1e2~200')).toMatchObject({ ok: false });
    expect(parseRanges('0~301')).toEqual({ ok: false, msg: '分数段【0~301】超出范围，应在0~300之间！' });
    expect(parseRanges('0~120', { max: 100 })).toMatchObject({ ok: false });
    expect(parseRanges('1;'.repeat(300))).toMatchObject({ ok: false });
  });

  it('reads and writes the stored min-max setting', () => {
    const r = parseRanges('0-59;60-100', { sign: '-' });
    expect(r).toEqual({
      ok: true,
      ranges: [
        [0, 59],
        [60, 100],
      ],
    });
    expect(
      formatRanges(
        [
          [0, 59],
          [60, 100],
        ],
        '-',
      ),
    ).toBe('0-59;60-100');
    expect(
      formatRanges([
        [0, 59],
        [60, 100],
      ]),
    ).toBe('0~59;60~100');
  });

  it('builds consecutive bands from split points: next start is previous end + 1', () => {
    expect(rangesFromSplits(0, 100, [59, 69, 79, 89])).toEqual([
      [0, 59],
      [60, 69],
      [70, 79],
      [80, 89],
      [90, 100],
    ]);
    // Points outside min..max, repeated or unsorted are ignored or ordered.
    expect(rangesFromSplits(0, 100, [89, 0, 59, 59, 100, 140, -3])).toEqual([
      [0, 59],
      [60, 89],
      [90, 100],
    ]);
    expect(rangesFromSplits(0, 100, [])).toEqual([[0, 100]]);
    expect(splitsOf(rangesFromSplits(0, 100, [59, 79]))).toEqual([59, 79]);
    expect(parseSplits('59；69; 79;')).toEqual({ ok: true, points: [59, 69, 79] });
    expect(parseSplits('59;六十')).toEqual({ ok: false, msg: '分割点【六十】不是数字！' });
  });

  it('puts a fractional score in the band it reached', () => {
    expect(inRange(59.5, [0, 59])).toBe(true);
    expect(inRange(59.5, [60, 100])).toBe(false);
    expect(inRange(100, [60, 100])).toBe(true);
    expect(inRange(101, [60, 100])).toBe(false);
  });
});
