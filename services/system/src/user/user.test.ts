import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
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

const base = { userName: 'newbie', realName: '新人', deptCode: 'A01A01', roles: ['student'], password: 'Newbie@2026' };
const save = (body: object, token = admin) => call(app, '/api/sys/user/save', body, token);

describe('user save', () => {
  it('creates a user that can sign in, and edits it keeping the password when empty', async () => {
    const r = await save(base);
    expect(r.status).toBe(200);
    const id = r.body.data.id;
    const d = await call(app, '/api/sys/user/detail', { id }, admin);
    expect(d.body.data).toMatchObject({
      userName: 'newbie',
      realName: '新人',
      roles: ['student'],
      deptCode_dictText: '技术部',
      state: 0,
    });
    expect(d.body.data).not.toHaveProperty('password');
    const e = await save({ ...base, id, realName: '新人二', password: '' });
    expect(e.status).toBe(200);
    await signIn(app, 'newbie', 'Newbie@2026');
    expect((await call(app, '/api/sys/user/detail', { id }, admin)).body.data.realName).toBe('新人二');
  });

  it('answers each form rule with the spec message', async () => {
    const cases: [object, string][] = [
      [{ userName: 'ab' }, '用户名应为4-32位，数字英文下划线组合！'],
      [{ userName: '' }, '用户不能为空！'],
      [{ realName: ' ' }, '姓名不能为空！'],
      [{ deptCode: '' }, '部门不能为空！'],
      [{ roles: [] }, '必须选择一个角色！'],
      [{ password: undefined }, '密码不能为空！'],
      [{ password: 'Ab1' }, '密码长度应为8-60位'],
      [{ password: 'abcdefgh1' }, '密码应包含大写字母、小写字母、数字、特殊字符其中三种!'],
      [{ mobile: '123' }, '手机号码格式不正确!'],
      [{ idCard: '12' }, '身份证号码格式不正确!'],
      [{ deptCode: 'Z99' }, '部门不存在！'],
      [{ roles: ['nope'] }, '角色不存在！'],
    ];
    for (const [patch, msg] of cases) {
      const r = await save({ ...base, userName: 'rulecheck', ...patch });
      expect({ status: r.status, msg: r.body.msg }).toEqual({ status: 400, msg });
    }
  });

  it('refuses a taken user name clearly, whatever its case', async () => {
    const r = await save({ ...base, userName: 'LEARNER2' });
    expect(r).toMatchObject({ status: 409, body: { msg: '用户名 LEARNER2 已存在，请更换！' } });
  });

  it('is refused without a token, to a learner, and for an unknown id', async () => {
    expect((await save(base, '')).status).toBe(401);
    expect((await save(base, learner)).status).toBe(403);
    expect((await save({ ...base, id: 'u-nobody' })).status).toBe(404);
    expect((await call(app, '/api/sys/user/detail', { id: 'u-admin' }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/user/paging', {}, learner)).status).toBe(403);
  });

  it('does not let an operator grant a role above their own', async () => {
    await app.db.insert(schema.sysUser).values({
      id: 'u-t1',
      userName: 'teacher1',
      realName: '老师',
      password: (await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-learner')))[0].password,
      deptCode: 'A01',
    });
    await app.db.insert(schema.sysUserRole).values({ userId: 'u-t1', roleId: 'teacher' });
    await app.db.insert(schema.sysRoleMenu).values([{ roleId: 'teacher', menuId: 'f-sys-user-add' }]);
    await app.sessions.invalidateAuth();
    const t = await signIn(app, 'teacher1', 'Learner@2026');
    const r = await save({ ...base, userName: 'sneaky', roles: ['sa'] }, t);
    expect(r).toMatchObject({ status: 400, body: { msg: '不能授予高于自己级别的角色！' } });
    // It may create but not edit: the two are separate grants.
    expect((await save({ ...base, id: 'u-learner', userName: 'learner' }, t)).status).toBe(403);
  });
});

describe('user list, state, delete and batch calls', () => {
  it('filters the list and leaves out excluded departments', async () => {
    const all = await call(app, '/api/sys/user/paging', { current: 1, size: 100, params: { deptCode: 'A01' } }, admin);
    expect(all.body.data.records.map((u: { userName: string }) => u.userName)).toContain('learner2');
    const some = await call(
      app,
      '/api/sys/user/paging',
      { current: 1, size: 100, params: { excludeDeparts: ['A01A02'] } },
      admin,
    );
    expect(some.body.data.records.map((u: { userName: string }) => u.userName)).not.toContain('learner2');
  });

  it("filters by role, user type (the roles' type) and leaves out excluded users", async () => {
    const names = async (params: object) =>
      (await call(app, '/api/sys/user/paging', { current: 1, size: 100, params }, admin)).body.data.records.map(
        (u: { userName: string }) => u.userName,
      );
    const students = await names({ roleIds: ['student'] });
    expect(students).toEqual(expect.arrayContaining(['learner', 'learner2']));
    expect(students).not.toContain('admin');
    expect(await names({ roleIds: ['sa'] })).toEqual(['admin']);
    const managers = await names({ userType: 2 });
    expect(managers).toContain('admin');
    expect(managers).not.toContain('learner');
    const learners = await names({ userType: 1 });
    expect(learners).toEqual(expect.arrayContaining(['learner', 'learner2']));
    expect(learners).not.toContain('admin');
    const rest = await names({ roleIds: ['student'], excludes: ['u-learner'] });
    expect(rest).toContain('learner2');
    expect(rest).not.toContain('learner');
  });

  it('disabling revokes the sessions; the admin cannot disable or delete themself', async () => {
    const tok = await signIn(app, 'learner2', 'Learner@2026');
    const r = await call(app, '/api/sys/user/state', { ids: ['u-learner2'], state: 1 }, admin);
    expect(r.status).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, tok)).status).toBe(401);
    await call(app, '/api/sys/user/state', { ids: ['u-learner2'], state: 0 }, admin);
    expect((await call(app, '/api/sys/user/state', { ids: ['u-admin'], state: 1 }, admin)).body.msg).toBe(
      '不能禁用当前登录用户！',
    );
    expect((await call(app, '/api/sys/user/user-delete', { ids: ['u-admin'] }, admin)).body.msg).toBe(
      '不能删除当前登录用户！',
    );
    expect((await call(app, '/api/sys/user/state', { ids: ['u-learner2'], state: 7 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/user/state', { ids: ['u-learner2'], state: 1 }, learner)).status).toBe(403);
  });

  it('resets passwords (ending sessions) and applies batch department, role and expiry', async () => {
    const tok = await signIn(app, 'learner2', 'Learner@2026');
    expect((await call(app, '/api/sys/user/reset-pass', { ids: ['u-learner2'], password: 'weak' }, admin)).status).toBe(
      400,
    );
    expect(
      (await call(app, '/api/sys/user/reset-pass', { ids: ['u-learner2'], password: 'Reset@2026' }, admin)).status,
    ).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, tok)).status).toBe(401);
    await signIn(app, 'learner2', 'Reset@2026');
    expect(
      (await call(app, '/api/sys/user/batch-dept', { ids: ['u-learner2'], deptCode: 'A01A03' }, admin)).status,
    ).toBe(200);
    expect((await call(app, '/api/sys/user/batch-dept', { ids: ['u-learner2'], deptCode: 'NOPE' }, admin)).status).toBe(
      400,
    );
    expect(
      (await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['teacher'] }, admin)).status,
    ).toBe(200);
    expect(
      (await call(app, '/api/sys/user/batch-expire', { ids: ['u-learner2'], expireTime: 'tomorrow' }, admin)).status,
    ).toBe(400);
    expect(
      (await call(app, '/api/sys/user/batch-expire', { ids: ['u-learner2'], expireTime: '2099-01-01 00:00:00' }, admin))
        .status,
    ).toBe(200);
    const d = (await call(app, '/api/sys/user/detail', { id: 'u-learner2' }, admin)).body.data;
    expect(d).toMatchObject({ deptCode: 'A01A03', roles: ['teacher'], expireTime: '2099-01-01 00:00:00' });
    expect((await call(app, '/api/sys/user/batch-role', { ids: ['u-nobody'], roles: ['student'] }, admin)).status).toBe(
      404,
    );
    await call(app, '/api/sys/user/batch-role', { ids: ['u-learner2'], roles: ['student'] }, admin);
  });

  it('deletes users', async () => {
    const id = (await save({ ...base, userName: 'doomed1' })).body.data.id;
    expect((await call(app, '/api/sys/user/user-delete', { ids: [id] }, learner)).status).toBe(403);
    expect((await call(app, '/api/sys/user/user-delete', { ids: [id] }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/user/detail', { id }, admin)).status).toBe(404);
    expect((await call(app, '/api/sys/user/user-delete', { ids: [] }, admin)).status).toBe(400);
  });
});
