import { describe, expect, it } from '@rstest/core';
import { createMenuSearch, searchItems } from './menuSearch';

const entries = [
  {
    key: '/dashboard',
    name: '',
    title: '首页',
    children: [{ key: '/dashboard/index', name: 'Dashboard', title: '控制台' }],
  },
  {
    key: '/sys',
    name: '',
    title: '系统管理',
    children: [
      { key: '/sys/user', name: 'SysUser', title: '用户管理' },
      { key: '/sys/depart', name: 'SysDepart', title: '部门管理' },
    ],
  },
];

describe('header menu search', () => {
  it('offers the permitted pages titled with their group', () => {
    expect(searchItems(entries)).toEqual([
      { title: '首页 / 控制台', path: '/dashboard/index' },
      { title: '系统管理 / 用户管理', path: '/sys/user' },
      { title: '系统管理 / 部门管理', path: '/sys/depart' },
    ]);
  });

  it('finds pages by title or path, fuzzily', () => {
    const search = createMenuSearch(searchItems(entries));
    expect(search('用户')[0].path).toBe('/sys/user');
    expect(search('depart')[0].path).toBe('/sys/depart');
    expect(search('')).toEqual([]);
    expect(search('zzzzqqq')).toEqual([]);
  });
});
