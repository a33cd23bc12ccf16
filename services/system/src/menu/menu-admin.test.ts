import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 120_000);
afterAll(() => app.close());

const menu = {
  parentId: 'm-sys',
  menuType: 1,
  metaTitle: '测试页',
  name: 'TestPage',
  path: 'test',
  component: 'system/TestPage',
};

describe('menu administration', () => {
  it('serves the tree with function entries, and the flat list', async () => {
    const tree = await call(app, '/api/sys/menu/tree', { terminal: 'admin' }, admin);
    const sys = tree.body.data.find((m: { id: string }) => m.id === 'm-sys');
    const user = sys.children.find((m: { id: string }) => m.id === 'm-sys-user');
    expect(user.children.map((f: { permissionTag: string }) => f.permissionTag)).toContain('sys:user:add');
    const list = await call(app, '/api/sys/menu/list', {}, admin);
    expect(list.body.data.length).toBeGreaterThan(40);
    expect((await call(app, '/api/sys/menu/tree', {}, learner)).status).toBe(403);
  });

  it('checks the form rules with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ parentId: '' }, '上级菜单不能为空！'],
      [{ menuType: undefined }, '菜单类型不能为空！'],
      [{ metaTitle: '' }, '菜单标题不能为空！'],
      [{ name: '123' }, '菜单名称不能为空！'],
      [{ path: '' }, '访问路径不能为空！'],
      [{ component: '' }, '视图组件不能为空！'],
      [{ parentId: 'nope' }, '上级菜单不存在！'],
    ];
    for (const [patch, msg] of cases) {
      const r = await call(app, '/api/sys/menu/save', { ...menu, ...patch }, admin);
      expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg });
    }
    // A function entry needs neither path nor component.
    expect(
      (
        await call(
          app,
          '/api/sys/menu/save',
          { parentId: 'm-sys-user', menuType: 2, metaTitle: '审核', name: 'audit', permissionTag: 'sys:user:audit' },
          admin,
        )
      ).status,
    ).toBe(200);
  });

  it('saves, cleans names, uses Layout at the top, grants new menus to the super admin', async () => {
    const r = await call(app, '/api/sys/menu/save', { ...menu, name: 'Test-Page 2' }, admin);
    expect(r.status).toBe(200);
    const d = await call(app, '/api/sys/menu/detail', { id: r.body.data.id }, admin);
    expect(d.body.data).toMatchObject({ name: 'TestPage', terminal: 'admin', component: 'system/TestPage' });
    expect((await call(app, '/api/sys/role/list-menus', { id: 'sa' }, admin)).body.data).toContain(r.body.data.id);
    const top = await call(
      app,
      '/api/sys/menu/save',
      { ...menu, parentId: '0', path: '/top', component: 'whatever' },
      admin,
    );
    expect((await call(app, '/api/sys/menu/detail', { id: top.body.data.id }, admin)).body.data.component).toBe(
      'Layout',
    );
    const self = await call(app, '/api/sys/menu/save', { ...menu, id: 'm-sys', parentId: 'm-sys-user' }, admin);
    expect(self.body.msg).toBe('上级菜单不能是自己或自己的下级！');
    expect((await call(app, '/api/sys/menu/save', { ...menu, id: 'nope' }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/menu/save', menu, learner)).status).toBe(403);
  });

  it('deletes leaves only and moves menus among siblings', async () => {
    expect((await call(app, '/api/sys/menu/delete', { ids: ['m-sys'] }, admin)).body.msg).toBe(
      '菜单下还有子菜单，请先删除子菜单！',
    );
    const r = await call(app, '/api/sys/menu/save', { ...menu, name: 'Gone' }, admin);
    expect((await call(app, '/api/sys/menu/delete', { ids: [r.body.data.id] }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/menu/delete', { ids: [r.body.data.id] }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/menu/delete', { ids: [r.body.data.id] }, admin)).status).toBe(404);
    await call(app, '/api/sys/menu/sort', { id: 'm-sys-depart', sort: 0 }, admin);
    const sys = (await call(app, '/api/sys/menu/tree', {}, admin)).body.data.find(
      (m: { id: string }) => m.id === 'm-sys',
    );
    expect(sys.children[0].id).toBe('m-sys-depart');
  });
});
