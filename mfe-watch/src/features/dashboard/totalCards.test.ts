import { describe, expect, it } from '@rstest/core';
import type { DashTotals } from '@exam/contracts';
import { visibleCards } from './totalCards';

const totals: DashTotals = {
  examCount: 3,
  tmplCount: 0,
  battleCount: 2,
  courseCount: 0,
  fileCount: 4,
  repoCount: 1,
  quCount: 9,
  userCount: 5,
  grantCount: 0,
};

describe('dashboard total cards', () => {
  it('shows a card only when its module is on and the count is above zero', () => {
    const keys = visibleCards(totals, {
      moduleExam: true,
      moduleCourse: true,
      moduleBattle: false,
      moduleCert: true,
    }).map((c) => c.key);
    expect(keys).toEqual(['examCount', 'repoCount', 'quCount', 'fileCount', 'userCount']);
  });

  it('keeps only module-free cards when site data is missing', () => {
    expect(visibleCards(totals, undefined).map((c) => c.key)).toEqual(['userCount']);
  });
});
