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
  await app.db.insert(sysUserRole).values([{ userId: 'u-lt1', roleId: 'teacher' }, { userId: 'u-lt2', roleId: 'teacher' }]);
  const menus = await app.db.select({ id: sysMenu.id }).from(sysMenu);
  const want = [...USER_FNS, 'm-sys-user', 'm-sys-role', 'f-sys-role-save', 'f-sys-role-menus'].filter((id) => menus.some((m) => m.id === id));
  await app.db.insert(sysRoleMenu).values(want.map((menuId) => ({ roleId: 'teacher', menuId }))).onConflictDoNothing();
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
      ['/api/sys/user/save', { id: 'u-admin', userName: 'admin', realName: '被改了', deptCode: 'A01', roles: ['teacher'], password: 'Taken@2026x' }],
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
    for (const [url, body] of calls) expect({ url, ...(await call(app, url, body, teacher)) }).toMatchObject({ url, ...REFUSED });
    const after = await adminRow();
    expect(after).toMatchObject({ realName: before.realName, state: 0, deptCode: before.deptCode, password: before.password, mobile: before.mobile, expireTime: null });
    expect((await call(app, '/api/sys/user/info', {}, admin)).status).toBe(200);
    await signIn(app, 'learner2', 'Learner@2026');
  });

  it('refuses unbinding a higher user\'s mobile', async () => {
    await call(app, '/api/sys/user/bind/direct-bind', { userId: 'u-admin', mobile: '13912340000' }, admin);
    const [b] = await app.db.select().from(schema.sysUserBind).where(eq(schema.sysUserBind.userId, 'u-admin'));
    expect((await call(app, '/api/sys/user/bind/unbind-by-id', { id: b.id }, teacher))).toMatchObject(REFUSED);
    expect((await call(app, '/api/sys/user/bind/direct-unbind', { userId: 'u-admin', mobile: '13912340000' }, teacher))).toMatchObject(REFUSED);
    expect(await app.db.select().from(schema.sysUserBind).where(eq(schema.sysUserBind.id, b.id))).toHaveLength(1);
  });

  it('allows the same calls on users of a lower or equal level', async () => {
    expect((await call(app, '/api/sys/user/batch-dept', { ids: ['u-learner2', 'u-lt2'], deptCode: 'A01A01' }, teacher)).status).toBe(200);
    expect((await call(app, '/api/sys/user/reset-pass', { ids: ['u-lt2'], password: 'Peer@20260' }, teacher)).status).toBe(200);
    expect((await call(app, '/api/sys/user/bind/direct-bind', { userId: 'u-learner2', mobile: '13912349999' }, teacher)).status).toBe(200);
    expect((await call(app, '/api/sys/user/state', { ids: ['u-lt2'], state: 1 }, teacher)).status).toBe(200);
  });

  it('grants no role above one\'s own, to anybody', async () => {
    const r = await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['sa'] }, teacher);
    expect(r).toMatchObject({ status: 400, body: { msg: '不能授予高于自己级别的角色！' } });
  });
});

describe('role levels: roles', () => {
  it('nobody raises a role above their own level or edits a higher role', async () => {
    const teacherRole = { id: 'teacher', roleName: '教师', roleType: 2, roleLevel: 10 };
    const refused = { status: 403, body: { msg: '不能修改或设置高于自己级别的角色！' } };
    expect(await call(app, '/api/sys/role/save', teacherRole, teacher)).toMatchObject(refused);
    expect(await call(app, '/api/sys/role/save', { id: 'sa', roleName: '我的', roleType: 2, roleLevel: 5 }, teacher)).toMatchObject(refused);
    expect(await call(app, '/api/sys/role/save', { roleName: '高级', roleType: 2, roleLevel: 6 }, teacher)).toMatchObject(refused);
    const [role] = await app.db.select().from(schema.sysRole).where(eq(schema.sysRole.id, 'teacher'));
    expect(role.roleLevel).toBe(5);
    const high = await call(app, '/api/sys/role/save', { roleName: '督导', roleType: 2, roleLevel: 8 }, admin);
    expect(await call(app, '/api/sys/role/save-menus', { id: high.body.data.id, menuIds: USER_FNS }, teacher)).toMatchObject(refused);
    // At or below one's own level is fine.
    expect((await call(app, '/api/sys/role/save', { roleName: '助教', roleType: 2, roleLevel: 5 }, teacher)).status).toBe(200);
  });
});
