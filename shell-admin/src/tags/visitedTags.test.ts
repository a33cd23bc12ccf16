import { describe, expect, it } from '@rstest/core';
import { closeAll, closeOthers, closeTag, fallbackPath, visit, type VisitedTag } from './visitedTags';

const home: VisitedTag = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true };
const users: VisitedTag = { path: '/sys/user', fullPath: '/sys/user', title: '用户' };
const exams: VisitedTag = { path: '/exam/list', fullPath: '/exam/list?x=1', title: '考试' };

describe('tags view', () => {
  it('adds a page once and keeps its latest query', () => {
    const tags = visit(visit([home], users), { ...users, fullPath: '/sys/user?page=2' });
    expect(tags.map((t) => t.fullPath)).toEqual(['/dashboard', '/sys/user?page=2']);
  });

  it('never closes affix tags', () => {
    const tags = [home, users, exams];
    expect(closeTag(tags, '/dashboard')).toEqual(tags);
    expect(closeTag(tags, '/sys/user')).toEqual([home, exams]);
    expect(closeOthers(tags, '/exam/list')).toEqual([home, exams]);
    expect(closeAll(tags)).toEqual([home]);
  });

  it('falls back to the last tag, else home', () => {
    expect(fallbackPath([home, exams])).toBe('/exam/list?x=1');
    expect(fallbackPath([])).toBe('/');
  });
});
