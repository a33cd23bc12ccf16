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

type Node = { path: string; meta: { title: string }; children?: Node[] };
const titles = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.meta.title, ...titles(n.children ?? [])]);

describe('roles and access control', () => {
  it('lists roles and refuses learners', async () => {
    const r = await call(app, '/api/sys/role/list', {}, admin);
    expect(r.body.data.map((x: { id: string }) => x.id)).toEqual(['sa', 'teacher', 'student']);
    expect((await call(app, '/api/sys/role/list', {}, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/role/list', {})).status).toBe(401);
  });

  it('lists roles to a teacher too (the user picker of exams filters by role)', async () => {
    const body = {
      userName: 'teacher1',
      realName: '王老师',
      deptCode: 'A01',
      roles: ['teacher'],
      password: 'Teacher@2026',
    };
    expect((await call(app, '/api/sys/user/save', body, admin)).status).toBe(200);
    const teacher = await signIn(app, 'teacher1', 'Teacher@2026');
    expect((await call(app, '/api/sys/role/list', {}, teacher)).status).toBe(200);
    expect((await call(app, '/api/sys/role/list-menus', { id: 'sa' }, teacher)).status).toBe(403);
  });

  it('a new role with a subset of menus gives its user exactly those menus, and the server refuses the rest', async () => {
    const role = await call(app, '/api/sys/role/save', { roleName: '部门管理员', roleType: 2, roleLevel: 3 }, admin);
    const roleId = role.body.data.id;
    expect((await call(app, '/api/sys/role/detail', { id: roleId }, admin)).body.data).toMatchObject({
      roleName: '部门管理员',
      roleLevel: 3,
    });
    const menus = ['m-sys', 'm-sys-depart', 'f-sys-depart-add'];
    expect((await call(app, '/api/sys/role/save-menus', { id: roleId, menuIds: menus }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/role/list-menus', { id: roleId }, admin)).body.data.sort()).toEqual(
      [...menus].sort(),
    );
    await call(
      app,
      '/api/sys/user/save',
      { userName: 'deptadmin', realName: '部门管理', deptCode: 'A01', roles: [roleId], password: 'Dept@2026x' },
      admin,
    );
    const t = await signIn(app, 'deptadmin', 'Dept@2026x');
    const routes = await call(app, '/api/sys/menu/routes', { terminal: 'admin' }, t);
    expect(titles(routes.body.data)).toEqual(['系统管理', '部门管理']);
    const info = await call(app, '/api/sys/user/info', {}, t);
    expect(info.body.data.permissions.sort()).toEqual(['sys:depart:add', 'sys:depart:list']);
    expect((await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: '新部门' }, t)).status).toBe(200);
    const refused = await call(app, '/api/sys/user/paging', {}, t);
    expect(refused).toMatchObject({ status: 403, body: { code: 10010003, success: false, data: null } });
    expect((await call(app, '/api/sys/depart/delete', { ids: ['d-hr'] }, t)).status).toBe(403);

    // Taking the grant away applies at once, without signing in again.
    await call(app, '/api/sys/role/save-menus', { id: roleId, menuIds: ['m-sys', 'm-sys-user'] }, admin);
    expect((await call(app, '/api/sys/depart/save', { parentId: 'd-root', deptName: '又一个' }, t)).status).toBe(403);
    expect((await call(app, '/api/sys/user/paging', {}, t)).status).toBe(200);
  });

  it('refuses bad input, unknown ids, learners and changes to the super admin grants', async () => {
    expect((await call(app, '/api/sys/role/save', { roleName: ' ', roleType: 2, roleLevel: 1 }, admin)).body.msg).toBe(
      '角色名称不能为空！',
    );
    expect((await call(app, '/api/sys/role/save', { roleName: 'x', roleType: 5, roleLevel: 1 }, admin)).status).toBe(
      400,
    );
    expect(
      (await call(app, '/api/sys/role/save', { id: 'nope', roleName: 'x', roleType: 2, roleLevel: 1 }, admin)).status,
    ).toBe(404);
    expect((await call(app, '/api/sys/role/save', { roleName: 'x', roleType: 2, roleLevel: 1 }, learner)).status).toBe(
      403,
    );
    expect((await call(app, '/api/sys/role/save-menus', { id: 'student', menuIds: ['m-sys'] }, learner)).status).toBe(
      403,
    );
    expect((await call(app, '/api/sys/role/save-menus', { id: 'sa', menuIds: [] }, admin)).body.msg).toBe(
      '超级管理员拥有全部权限，不能修改！',
    );
    expect((await call(app, '/api/sys/role/save-menus', { id: 'student', menuIds: ['nope'] }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/role/save-menus', { id: 'nope', menuIds: [] }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/role/list-menus', { id: 'nope' }, admin)).status).toBe(404);
  });
});
