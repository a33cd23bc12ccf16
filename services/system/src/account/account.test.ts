import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
});
afterAll(() => app.close());

const login = (username: string, password: string, extra: object = {}) =>
  call(app, '/api/sys/user/login', { username, password, ...extra });

describe('sign-in', () => {
  it('returns a token that opens the user info with roles and permissions', async () => {
    const token = await signIn(app, 'admin', 'Admin@2026');
    const info = await call(app, '/api/sys/user/info', {}, token);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      userName: 'admin',
      realName: '系统管理员',
      roleType: 2,
      roles: ['sa'],
      deptCode_dictText: '云帆科技',
    });
    expect(info.body.data.permissions).toContain('sys:user:add');
    expect(info.body.data).not.toHaveProperty('password');
  });

  it('gives one message for an unknown account and a wrong password', async () => {
    const a = await login('nobody-here', 'Whatever@1');
    const b = await login('learner2', 'Wrong@2026x');
    for (const r of [a, b])
      expect(r).toMatchObject({ status: 401, body: { code: 90010001, msg: '用户名或密码错误！', success: false } });
  });

  it('asks for a captcha after three failures and accepts the right one', async () => {
    for (let i = 0; i < 3; i++) await login('learner2', 'Wrong@2026x');
    const need = await login('learner2', 'Learner@2026');
    expect(need).toMatchObject({ status: 400, body: { code: 90010002 } });
    const img = await app.inject({ method: 'GET', url: '/api/common/captcha/gen?key=test-key-0001' });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect(img.body).toContain('<svg');
    const text = (await app.infra.kv.get('captcha:test-key-0001'))!;
    expect(
      (await call(app, '/api/common/captcha/check', { captchaKey: 'test-key-0001', captchaValue: text.toUpperCase() }))
        .body.data,
    ).toBe(true);
    // A wrong check spends the image (one guess per image).
    expect(
      (await call(app, '/api/common/captcha/check', { captchaKey: 'test-key-0001', captchaValue: 'zzzz' })).body.data,
    ).toBe(false);
    expect(
      (await call(app, '/api/common/captcha/check', { captchaKey: 'test-key-0001', captchaValue: text })).body.data,
    ).toBe(false);
    const wrong = await login('learner2', 'Learner@2026', { captchaKey: 'test-key-0001', captchaValue: 'zzzz' });
    expect(wrong.body).toMatchObject({ code: 90010003, msg: '验证码错误或已失效，请点击图片刷新验证码！' });
    // A captcha is single use: the wrong try consumed it, so a new image is needed.
    await app.inject({ method: 'GET', url: '/api/common/captcha/gen?key=test-key-0002' });
    const text2 = (await app.infra.kv.get('captcha:test-key-0002'))!;
    const okay = await login('learner2', 'Learner@2026', { captchaKey: 'test-key-0002', captchaValue: text2 });
    expect(okay.status).toBe(200);
    expect(typeof okay.body.data.token).toBe('string');
  });

  it('locks an account out after ten failures', async () => {
    await app.db.insert(schema.sysUser).values({ id: 'u-locked', userName: 'lockme', realName: '锁定', password: 'x' });
    for (let i = 0; i < 10; i++) await app.infra.kv.incr('loginfail:u:lockme', 900);
    const r = await login('lockme', 'Whatever@1');
    expect(r).toMatchObject({ status: 429, body: { code: 10010006, msg: '登录失败次数过多，请15分钟后再试！' } });
  });

  it('refuses disabled, pending and expired accounts with clear messages', async () => {
    const { sysUser, sysUserRole } = schema;
    const hash = (await app.db.select().from(sysUser).where(eq(sysUser.userName, 'learner')))[0].password;
    await app.db.insert(sysUser).values([
      { id: 'u-off', userName: 'disabled1', realName: '禁用', password: hash, state: 1 },
      { id: 'u-wait', userName: 'pending1', realName: '待审', password: hash, state: 2 },
      { id: 'u-old', userName: 'expired1', realName: '过期', password: hash, expireTime: new Date(Date.now() - 1000) },
    ]);
    await app.db.insert(sysUserRole).values({ userId: 'u-off', roleId: 'student' });
    expect((await login('disabled1', 'Learner@2026')).body).toMatchObject({
      code: 90010005,
      msg: '账号已被禁用，请联系管理员！',
    });
    expect((await login('pending1', 'Learner@2026')).body).toMatchObject({ code: 90010006 });
    expect((await login('expired1', 'Learner@2026')).body).toMatchObject({
      code: 90010004,
      msg: '账号已过期，请联系管理员！',
    });
  });

  it('stores passwords as argon2id hashes', async () => {
    const [u] = await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.userName, 'admin'));
    expect(u.password.startsWith('$argon2id$')).toBe(true);
  });
});

describe('sessions', () => {
  it('logout ends the token at once', async () => {
    const token = await signIn(app, 'learner', 'Learner@2026');
    expect((await call(app, '/api/sys/user/info', {}, token)).status).toBe(200);
    expect((await call(app, '/api/sys/user/logout', {}, token)).status).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, token)).body).toMatchObject({ code: 10010002, success: false });
  });

  it('with loginTick = 1 a new sign-in ends earlier sessions; with 0 both live', async () => {
    const t1 = await signIn(app, 'learner', 'Learner@2026');
    const t2 = await signIn(app, 'learner', 'Learner@2026');
    expect((await call(app, '/api/sys/user/info', {}, t1)).status).toBe(200);
    const [cfg] = await app.db.select().from(schema.sysConfig);
    await app.db.update(schema.sysConfig).set({ switchConfig: { ...cfg.switchConfig, loginTick: 1 } });
    const t3 = await signIn(app, 'learner', 'Learner@2026');
    expect((await call(app, '/api/sys/user/info', {}, t1)).status).toBe(401);
    expect((await call(app, '/api/sys/user/info', {}, t2)).status).toBe(401);
    expect((await call(app, '/api/sys/user/info', {}, t3)).status).toBe(200);
    await app.db.update(schema.sysConfig).set({ switchConfig: cfg.switchConfig });
  });

  it('disabling a user invalidates the live session', async () => {
    const { sysUser } = schema;
    const hash = (await app.db.select().from(sysUser).where(eq(sysUser.userName, 'learner')))[0].password;
    await app.db.insert(sysUser).values({ id: 'u-soon-off', userName: 'soonoff', realName: '将禁用', password: hash });
    const token = await signIn(app, 'soonoff', 'Learner@2026');
    await app.db.update(sysUser).set({ state: 1 }).where(eq(sysUser.id, 'u-soon-off'));
    await app.sessions.revokeUser('u-soon-off');
    expect((await call(app, '/api/sys/user/info', {}, token)).status).toBe(401);
  });

  it('rejects a missing, unknown or oversized token with 401 and the envelope', async () => {
    for (const t of [undefined, 'not-a-token', 'x'.repeat(500)]) {
      const r = await call(app, '/api/sys/user/info', {}, t);
      expect(r).toMatchObject({ status: 401, body: { code: 10010002, success: false, data: null } });
    }
  });
});

describe('contract errors', () => {
  it('bad JSON is a 400 envelope, not a 500', async () => {
    const r = await call(app, '/api/sys/user/login', '{"username": ');
    expect(r).toMatchObject({ status: 400, body: { code: 10010001, success: false } });
  });

  it('a missing field is named', async () => {
    const r = await call(app, '/api/sys/user/login', { username: 'admin' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(10010001);
    expect(r.body.msg).toContain('password');
  });

  it('a wrong type is a 400', async () => {
    const r = await call(app, '/api/sys/user/login', { username: ['admin'], password: 5 });
    expect(r.status).toBe(400);
  });

  it('an unknown call is a 404 envelope', async () => {
    const r = await call(app, '/api/sys/nothing/here', {});
    expect(r).toMatchObject({ status: 404, body: { code: 10010004, success: false } });
  });

  it('a captcha key that is too short is refused', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/common/captcha/gen?key=a' });
    expect(r.statusCode).toBe(400);
  });
});
