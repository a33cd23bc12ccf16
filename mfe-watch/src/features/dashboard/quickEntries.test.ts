import { describe, expect, it } from '@rstest/core';
import { visibleEntries } from './quickEntries';

describe('dashboard quick entries', () => {
  it('shows only the entries the user holds a permission for', () => {
    expect(visibleEntries(['exam:add', 'sys:notice:list'], { moduleExam: true }).map((e) => e.key)).toEqual([
      'exam',
      'notice',
    ]);
    expect(visibleEntries([], { moduleExam: true })).toEqual([]);
  });

  it('hides entries of a switched-off module', () => {
    const all = ['exam:add', 'course:add', 'repo:list', 'sys:notice:list'];
    expect(visibleEntries(all, { moduleExam: true, moduleCourse: false }).map((e) => e.key)).toEqual([
      'exam',
      'repo',
      'notice',
    ]);
  });
});
