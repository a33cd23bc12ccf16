import { describe, expect, it } from '@rstest/core';
import { toSeries } from './series';

describe('toSeries', () => {
  it('turns day rows into one point per series, named, with the month-day label', () => {
    const rows = [{ dateStr: '2026-11-22', newUser: 2, activeUser: 5, allUser: 9 }];
    expect(toSeries(rows, { newUser: '新增用户', activeUser: '活跃用户' })).toEqual([
      { dateStr: '11-22', name: '新增用户', value: 2 },
      { dateStr: '11-22', name: '活跃用户', value: 5 },
    ]);
    expect(toSeries<{ dateStr: string; newUser: number }>(undefined, { newUser: 'x' })).toEqual([]);
  });
});
