import { describe, expect, it } from '@rstest/core';
import type { RouteNode } from '@exam/contracts';
import { activeMenuKey, affixRoutes, indexPath, joinPath, layoutMenu, menuTree, pathOfName, viewAt } from './paths';

const node = (path: string, title: string, children?: RouteNode[], extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  name: title,
  component: 'x/Y',
  hidden: false,
  meta: { title },
  children,
  ...extra,
});

describe('joinPath', () => {
  it('joins relative children and keeps absolute ones', () => {
    expect(joinPath('/sys', 'user')).toBe('/sys/user');
    expect(joinPath('/sys/', '/pages/exam')).toBe('/pages/exam');
    expect(joinPath('/', 'dashboard')).toBe('/dashboard');
    expect(joinPath('/sys', '')).toBe('/sys');
  });
});

describe('indexPath (spec admin §2)', () => {
  it('is the first menu first child path', () => {
    expect(indexPath([node('/sys', 'S', [node('user', 'U'), node('role', 'R')]), node('/b', 'B')])).toBe('/sys/user');
  });

  it('is the first menu path without children, else /pages/exam', () => {
    expect(indexPath([node('/home', 'H'), node('/b', 'B', [node('c', 'C')])])).toBe('/home');
    expect(indexPath([])).toBe('/pages/exam');
  });

  it('skips hidden entries', () => {
    const routes = [
      node('/h', 'H', [], { hidden: true }),
      node('/p', 'P', [node('d/:id', 'D', [], { hidden: true }), node('list', 'L')]),
    ];
    expect(indexPath(routes)).toBe('/p/list');
  });
});

describe('menus', () => {
  const routes: RouteNode[] = [
    node('/', '', [node('dashboard', '首页')], { component: 'Layout' }),
    node('/sys', '系统', [node('user', '用户'), node('detail/:id', '详情', [], { hidden: true })], {
      component: 'Layout',
    }),
    node('/pages', '', [node('/pages/exam', '考试'), node('/pages/uc', '我的', [node('im', '消息')])], {
      component: 'WebLayout',
    }),
  ];

  it('always shows parents with children and lets untitled wrappers give way', () => {
    expect(layoutMenu(routes, 'Layout')).toEqual([
      { key: '/dashboard', name: '首页', title: '首页', icon: undefined },
      {
        key: '/sys',
        name: '系统',
        title: '系统',
        icon: undefined,
        children: [{ key: '/sys/user', name: '用户', title: '用户', icon: undefined }],
      },
    ]);
    expect(layoutMenu(routes, 'WebLayout').map((e) => e.key)).toEqual(['/pages/exam', '/pages/uc']);
    expect(menuTree([node('/x', 'X', [node('y', 'Y')])])[0].children?.[0].key).toBe('/x/y');
  });

  it('finds a path by route name', () => {
    expect(pathOfName(routes, '用户')).toBe('/sys/user');
    expect(pathOfName(routes, 'none')).toBeUndefined();
  });
});

describe('active menu and affix routes', () => {
  const entries = [
    { key: '/pages/notice', name: 'n', title: 'N' },
    { key: '/pages/uc', name: 'u', title: 'U', children: [{ key: '/pages/uc/im', name: 'i', title: 'I' }] },
  ];

  it('highlights the deepest entry the path lies under', () => {
    expect(activeMenuKey(entries, '/pages/notice/detail/3')).toBe('/pages/notice');
    expect(activeMenuKey(entries, '/pages/uc/im')).toBe('/pages/uc/im');
    expect(activeMenuKey(entries, '/pages/noticeboard')).toBeUndefined();
  });

  it('collects affix routes with full paths', () => {
    const routes = [node('/', '', [node('dashboard', '首页', [], { meta: { title: '首页', affix: true } })])];
    expect(affixRoutes(routes)).toEqual([{ path: '/dashboard', title: '首页', name: '首页' }]);
  });
});

describe('viewAt (the view the early start loads)', () => {
  const menus = [
    node(
      '/pages',
      'Web',
      [
        node('exam', 'E', undefined, { component: 'exam/ExamOnline' }),
        node('exam/start/:paperId', 'S', undefined, { component: 'exam/StartExam', hidden: true }),
      ],
      { component: 'WebLayout' },
    ),
    node('/sys', 'Admin', [node('user', 'U', undefined, { component: 'system/UserList' })], { component: 'Layout' }),
  ];

  it('is the component the routes draw at the path, parameters included, never a layout', () => {
    expect(viewAt(menus, '/pages/exam')).toEqual({ key: 'exam/ExamOnline', params: {} });
    expect(viewAt(menus, '/pages/exam/start/p-42')).toEqual({ key: 'exam/StartExam', params: { paperId: 'p-42' } });
    expect(viewAt(menus, '/sys/user')?.key).toBe('system/UserList');
    expect(viewAt(menus, '/pages')).toBeUndefined();
  });

  it('is nothing where no menu leads', () => {
    expect(viewAt(menus, '/pages/course')).toBeUndefined();
    expect(viewAt([], '/pages/exam')).toBeUndefined();
  });
});
