import { describe, expect, it } from '@rstest/core';
import { nextPage } from './useRefresh';
import { ageText } from './format';

describe('watch grid helpers', () => {
  it('auto-paging moves to the next page and wraps after the last', () => {
    expect([nextPage(1, 3), nextPage(2, 3), nextPage(3, 3), nextPage(1, 1)]).toEqual([2, 3, 1, 1]);
  });
  it('says how old the latest capture is', () => {
    expect([ageText(null), ageText(5), ageText(125), ageText(7300)]).toEqual([
      '暂无抓拍',
      '5秒前',
      '2分钟前',
      '2小时前',
    ]);
  });
});
