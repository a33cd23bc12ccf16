import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

// A teacher (level 5) who holds every user and role permission; admin is sa (9), learners student (1).
let app: FastifyInstance;
let teacher: string;
let admin: string;
const USER_FNS = ['add', 'update', 'delete', 'state', 'reset-pass', 'list'].map((k) => `f-sys-user-${k}`);
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  const { sysUser, sysUserRole, sysRoleMenu, sysMenu } = schema;
  const hash = (await app.db.select().from(sysUser).where(eq(sysUser.id, 'u-learner')))[0].password;
  await app.db.insert(sysUser).values([
    { id: 'u-lt1', userName: 'levelteacher', realName: '老师甲', password: hash, deptCode: 'A01' },
    { id: 'u-lt2', userName: 'peerteacher', realName: '老师乙', password: hash, deptCode: 'A01' },
  ]);
  await app.db.insert(sysUserRole).values([
    { userId: 'u-lt1', roleId: 'teacher' },
    { userId: 'u-lt2', roleId: 'teacher' },
  ]);
  const menus = await app.db.select({ id: sysMenu.id }).from(sysMenu);
  const want = [...USER_FNS, 'm-sys-user', 'm-sys-role', 'f-sys-role-save', 'f-sys-role-menus'].filter((id) =>
    menus.some((m) => m.id === id),
  );
  await app.db
    .insert(sysRoleMenu)
    .values(want.map((menuId) => ({ roleId: 'teacher', menuId })))
    .onConflictDoNothing();
  await app.sessions.invalidateAuth();
  teacher = await signIn(app, 'levelteacher', 'Learner@2026');
  admin = await signIn(app, 'admin', 'Admin@2026');
}, 120_000);
afterAll(() => app.close());

const adminRow = async () => (await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-admin')))[0];
const REFUSED = { status: 403, body: { code: 10010003, msg: '不能操作级别高于自己的用户！' } };

describe('role levels: acting on users', () => {
  it('refuses every user-admin call on a user of a higher level, and changes nothing', async () => {
    const before = await adminRow();
    const calls: [string, object][] = [
      [
        '/api/sys/user/save',
        {
          id: 'u-admin',
          userName: 'admin',
          realName: '被改了',
          deptCode: 'A01',
          roles: ['teacher'],
          password: 'Taken@2026x',
        },
      ],
      ['/api/sys/user/reset-pass', { ids: ['u-admin'], password: 'Taken@2026x' }],
      ['/api/sys/user/state', { ids: ['u-admin'], state: 1 }],
      ['/api/sys/user/user-delete', { ids: ['u-admin'] }],
      ['/api/sys/user/batch-dept', { ids: ['u-admin'], deptCode: 'A01A01' }],
      ['/api/sys/user/batch-role', { ids: ['u-admin'], roles: ['student'] }],
      ['/api/sys/user/batch-expire', { ids: ['u-admin'], expireTime: '2020-01-01 00:00:00' }],
      ['/api/sys/user/bind/direct-bind', { userId: 'u-admin', mobile: '13912345678' }],
      // Several ids with one above: the whole call is refused, the learner is not changed either.
      ['/api/sys/user/reset-pass', { ids: ['u-learner2', 'u-admin'], password: 'Taken@2026x' }],
    ];
    for (const [url, body] of calls)
      expect({ url, ...(await call(app, url, body, teacher)) }).toMatchObject({ url, ...REFUSED });
    const after = await adminRow();
    expect(after).toMatchObject({
      realName: before.realName,
      state: 0,
      deptCode: before.deptCode,
      password: before.password,
      mobile: before.mobile,
      expireTime: null,
    });
    expect((await call(app, '/api/sys/user/info', {}, admin)).status).toBe(200);
    await signIn(app, 'learner2', 'Learner@2026');
  });

  it("refuses unbinding a higher user's mobile", async () => {
    await call(app, '/api/sys/user/bind/direct-bind', { userId: 'u-admin', mobile: '13912340000' }, admin);
    const [b] = await app.db.select().from(schema.sysUserBind).where(eq(schema.sysUserBind.userId, 'u-admin'));
    expect(await call(app, '/api/sys/user/bind/unbind-by-id', { id: b.id }, teacher)).toMatchObject(REFUSED);
    expect(
      await call(app, '/api/sys/user/bind/direct-unbind', { userId: 'u-admin', mobile: '13912340000' }, teacher),
    ).toMatchObject(REFUSED);
    expect(await app.db.select().from(schema.sysUserBind).where(eq(schema.sysUserBind.id, b.id))).toHaveLength(1);
  });

  it('allows the same calls on users of a lower or equal level', async () => {
    expect(
      (await call(app, '/api/sys/user/batch-dept', { ids: ['u-learner2', 'u-lt2'], deptCode: 'A01A01' }, teacher))
        .status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/user/reset-pass', { ids: ['u-lt2'], password: 'Peer@20260' }, teacher)).status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/user/bind/direct-bind', { userId: 'u-learner2', mobile: '13912349999' }, teacher))
        .status,
    ).toBe(200);
    expect((await call(app, '/api/sys/user/state', { ids: ['u-lt2'], state: 1 }, teacher)).status).toBe(200);
  });

  it("grants no role above one's own, to anybody", async () => {
    const r = await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['sa'] }, teacher);
    expect(r).toMatchObject({ status: 400, body: { msg: '不能授予高于自己级别的角色！' } });
  });
});

describe('role levels: roles', () => {
  it('nobody raises a role above their own level or edits a higher role', async () => {
    const teacherRole = { id: 'teacher', roleName: '教师', roleType: 2, roleLevel: 10 };
    const refused = { status: 403, body: { msg: '只能修改或设置低于自己级别的角色！' } };
    expect(await call(app, '/api/sys/role/save', teacherRole, teacher)).toMatchObject(refused);
    expect(
      await call(app, '/api/sys/role/save', { id: 'sa', roleName: '我的', roleType: 2, roleLevel: 5 }, teacher),
    ).toMatchObject(refused);
    expect(
      await call(app, '/api/sys/role/save', { roleName: '高级', roleType: 2, roleLevel: 6 }, teacher),
    ).toMatchObject(refused);
    const [role] = await app.db.select().from(schema.sysRole).where(eq(schema.sysRole.id, 'teacher'));
    expect(role.roleLevel).toBe(5);
    const high = await call(app, '/api/sys/role/save', { roleName: '督导', roleType: 2, roleLevel: 8 }, admin);
    expect(
      await call(app, '/api/sys/role/save-menus', { id: high.body.data.id, menuIds: USER_FNS }, teacher),
    ).toMatchObject(refused);
    // One's own level is refused too (the teacher's own role among them); below it is fine.
    expect(
      await call(app, '/api/sys/role/save', { roleName: '助教', roleType: 2, roleLevel: 5 }, teacher),
    ).toMatchObject(refused);
    expect(
      await call(app, '/api/sys/role/save', { ...teacherRole, roleLevel: 5, roleName: '教师甲' }, teacher),
    ).toMatchObject(refused);
    expect(
      (await call(app, '/api/sys/role/save', { roleName: '助教', roleType: 2, roleLevel: 4 }, teacher)).status,
    ).toBe(200);
    // The super admin edits any role, its own included (its menus stay fixed).
    expect(
      (await call(app, '/api/sys/role/save', { id: 'sa', roleName: '超级管理员', roleType: 2, roleLevel: 9 }, admin))
        .status,
    ).toBe(200);
  });
});

describe('grants: nobody passes on a menu or permission they do not hold (issue 35, finding 1)', () => {
  const MENUS_MSG = { status: 403, body: { code: 10010003, msg: '不能授予自己没有的菜单或权限！' } };
  const allMenus = async () => (await app.db.select({ id: schema.sysMenu.id }).from(schema.sysMenu)).map((m) => m.id);
  const permsOf = async (token: string) =>
    (await call(app, '/api/sys/user/info', {}, token)).body.data.permissions as string[];

  it('a level-3 admin who may grant menus cannot grant itself, the learner role or a lower role every menu', async () => {
    const own = (await call(app, '/api/sys/role/save', { roleName: '三级管理员', roleType: 2, roleLevel: 3 }, admin))
      .body.data.id;
    const ownMenus = ['m-sys', 'm-sys-role', 'f-sys-role-menus', 'm-sys-user', 'f-sys-user-update'];
    expect((await call(app, '/api/sys/role/save-menus', { id: own, menuIds: ownMenus }, admin)).status).toBe(200);
    await call(
      app,
      '/api/sys/user/save',
      { userName: 'level3', realName: '三级', deptCode: 'A01', roles: [own], password: 'Level3@2026' },
      admin,
    );
    const l3 = await signIn(app, 'level3', 'Level3@2026');
    const before = await permsOf(l3);
    const everything = await allMenus();

    // Its own role: at its own level, refused whatever the menus.
    expect(await call(app, '/api/sys/role/save-menus', { id: own, menuIds: everything }, l3)).toMatchObject({
      status: 403,
      body: { msg: '只能修改或设置低于自己级别的角色！' },
    });
    // The learner role (level 1): menus it does not hold are refused, and nothing is written.
    const studentBefore = (await call(app, '/api/sys/role/list-menus', { id: 'student' }, admin)).body.data.sort();
    expect(await call(app, '/api/sys/role/save-menus', { id: 'student', menuIds: everything }, l3)).toMatchObject(
      MENUS_MSG,
    );
    expect(
      await call(
        app,
        '/api/sys/role/save-menus',
        { id: 'student', menuIds: [...studentBefore, 'f-sys-config-save'] },
        l3,
      ),
    ).toMatchObject(MENUS_MSG);
    expect((await call(app, '/api/sys/role/list-menus', { id: 'student' }, admin)).body.data.sort()).toEqual(
      studentBefore,
    );
    expect(await permsOf(l3)).toEqual(before);
    expect(before.some((p) => p.startsWith('sys:config') || p.startsWith('sys:menu'))).toBe(false);

    // A lower role: its own menus may be granted, menus the role already has may be kept or taken away.
    const low = (await call(app, '/api/sys/role/save', { roleName: '一级助理', roleType: 2, roleLevel: 1 }, admin)).body
      .data.id;
    await call(
      app,
      '/api/sys/role/save-menus',
      { id: low, menuIds: ['m-sys', 'm-sys-config', 'f-sys-config-save'] },
      admin,
    );
    expect(
      (
        await call(
          app,
          '/api/sys/role/save-menus',
          { id: low, menuIds: ['m-sys', 'm-sys-config', 'f-sys-config-save', 'm-sys-user', 'f-sys-user-update'] },
          l3,
        )
      ).status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/role/save-menus', { id: low, menuIds: ['m-sys', 'm-sys-user'] }, l3)).status,
    ).toBe(200);
    expect(
      await call(app, '/api/sys/role/save-menus', { id: low, menuIds: ['m-sys', 'm-sys-config'] }, l3),
    ).toMatchObject(MENUS_MSG);
  });

  it('nobody gives a user (themselves included) a role that holds menus they lack, by form or batch', async () => {
    const rich = (await call(app, '/api/sys/role/save', { roleName: '配置员', roleType: 2, roleLevel: 2 }, admin)).body
      .data.id;
    await call(
      app,
      '/api/sys/role/save-menus',
      { id: rich, menuIds: ['m-sys', 'm-sys-config', 'f-sys-config-save'] },
      admin,
    );
    const refused = { status: 403, body: { msg: '不能授予拥有自己没有的菜单或权限的角色！' } };
    const self = {
      id: 'u-lt1',
      userName: 'levelteacher',
      realName: '老师甲',
      deptCode: 'A01',
      roles: ['teacher', rich],
    };
    expect(await call(app, '/api/sys/user/save', self, teacher)).toMatchObject(refused);
    expect(
      await call(app, '/api/sys/user/batch-role', { ids: ['u-lt1'], roles: ['teacher', rich] }, teacher),
    ).toMatchObject(refused);
    expect(await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: [rich] }, teacher)).toMatchObject(
      refused,
    );
    expect(await permsOf(teacher)).not.toContain('sys:config');
    // A user who already holds it keeps it through an edit by someone who lacks its menus.
    await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['student', rich] }, admin);
    const l2 = {
      id: 'u-learner2',
      userName: 'learner2',
      realName: '李小红',
      deptCode: 'A01A02',
      roles: ['student', rich],
    };
    expect((await call(app, '/api/sys/user/save', l2, teacher)).status).toBe(200);
    // Roles within one's own menus are granted as before.
    expect(
      (await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['student'] }, teacher)).status,
    ).toBe(200);
  });
});
