import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { requestSms, setSwitches, skipResendWait, solvedCaptcha } from '../testing/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  // Building the app and hashing passwords is slow when the machine is busy.
}, 60_000);
afterAll(() => app.close());

const reg = async (body: object) => call(app, '/api/sys/user/reg', { ...(await solvedCaptcha(app)), ...body });
const login = (username: string, password: string) => call(app, '/api/sys/user/login', { username, password });
const userNamed = async (userName: string) =>
  (await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.userName, userName)))[0];

/** Binds a mobile to a user directly, as an administrator's direct-bind would. */
async function bindDirect(userName: string, mobile: string) {
  const u = await userNamed(userName);
  await app.db.delete(schema.sysUserBind).where(eq(schema.sysUserBind.userId, u.id));
  await app.db
    .insert(schema.sysUserBind)
    .values({ id: `b-${mobile}`, userId: u.id, loginType: 'mobile', openId: mobile });
}

describe('registration', () => {
  it('is refused while userReg is off', async () => {
    await setSwitches(app, { userReg: false });
    expect(
      await reg({ userName: 'newbie1', realName: '新人', password: 'Newbie@2026', deptCode: 'A01A01' }),
    ).toMatchObject({ status: 403, body: { msg: '系统未开放注册！' } });
    await setSwitches(app, { userReg: true, userAudit: false, userDeptType: 0 });
  });

  it('applies the spec rules with their messages', async () => {
    const cases: [object, string][] = [
      [
        { userName: 'ab', realName: '甲', password: 'Newbie@2026', deptCode: 'A01' },
        '用户名应为4-32位，数字英文下划线组合！',
      ],
      [{ userName: 'newbie2', realName: ' ', password: 'Newbie@2026', deptCode: 'A01' }, '姓名不能为空！'],
      [{ userName: 'newbie2', realName: '甲', password: 'Short1!', deptCode: 'A01' }, '密码长度应为8-60位'],
      [
        { userName: 'newbie2', realName: '甲', password: 'alllowercase1', deptCode: 'A01' },
        '密码应包含大写字母、小写字母、数字、特殊字符其中三种!',
      ],
      [{ userName: 'newbie2', realName: '甲', password: 'Newbie@2026' }, '部门不能为空！'],
      [{ userName: 'newbie2', realName: '甲', password: 'Newbie@2026', deptCode: 'ZZZ' }, '部门不存在！'],
      [{ userName: 'LEARNER', realName: '甲', password: 'Newbie@2026', deptCode: 'A01' }, '用户名已存在！'],
    ];
    for (const [body, msg] of cases) expect((await reg(body)).body.msg).toBe(msg);
    const wrongCaptcha = await call(app, '/api/sys/user/reg', {
      userName: 'newbie2',
      realName: '甲',
      password: 'Newbie@2026',
      deptCode: 'A01',
      captchaKey: 'nope-0001',
      captchaValue: 'x',
    });
    expect(wrongCaptcha.body).toMatchObject({ code: 90010003 });
  });

  it('creates a learner who may sign in at once when review is off', async () => {
    const r = await reg({ userName: 'newbie3', realName: '新学员', password: 'Newbie@2026', deptCode: 'A01A02' });
    expect(r).toMatchObject({ status: 200, body: { data: { state: 0 } } });
    const token = await signIn(app, 'newbie3', 'Newbie@2026');
    const info = (await call(app, '/api/sys/user/info', {}, token)).body.data;
    expect(info).toMatchObject({ roles: ['student'], roleType: 1, deptCode: 'A01A02', unreadMsg: 1 });
    const msgs = (await call(app, '/api/sys/user/msg/paging', {}, token)).body.data.records;
    expect(msgs.map((m: { title: string }) => m.title)).toEqual(['欢迎注册']);
  });

  it('with userAudit on the learner waits in state 2 until approved; userDeptType 1 fixes the department', async () => {
    await setSwitches(app, { userAudit: true, userDeptType: 1, userDeptCode: 'A01A03' });
    const r = await reg({ userName: 'newbie4', realName: '待审', password: 'Newbie@2026', deptCode: 'A01A01' });
    expect(r.body.data).toEqual({ state: 2 });
    expect((await login('newbie4', 'Newbie@2026')).body).toMatchObject({
      code: 90010006,
      msg: '账号正在审核中，请耐心等待！',
    });
    const u = await userNamed('newbie4');
    expect(u).toMatchObject({ state: 2, deptCode: 'A01A03' });
    await app.db.update(schema.sysUser).set({ state: 0 }).where(eq(schema.sysUser.id, u.id)); // the admin's approval
    expect((await login('newbie4', 'Newbie@2026')).status).toBe(200);
    await setSwitches(app, { userAudit: false, userDeptType: 0 });
  });

  it('reg-options tells visitors whether and how they may register', async () => {
    const r = await call(app, '/api/sys/user/reg-options', {});
    expect(r.body.data).toMatchObject({ userReg: true, userDeptType: 0 });
    expect(r.body.data.departs.map((d: { deptCode: string }) => d.deptCode)).toContain('A01A01');
  });
});

describe('mobile sign-in', () => {
  it('works for the demo accounts, whose mobiles the demo seed binds', async () => {
    await setSwitches(app, { mobileLogin: true });
    const { code } = await requestSms(app, 'login', '13800000001');
    const ok = await call(app, '/api/sys/user/mobile-login', { mobile: '13800000001', smsCode: code });
    expect((await call(app, '/api/sys/user/info', {}, ok.body.data.token)).body.data.userName).toBe('learner');
  });

  it('needs the switch, a bound mobile and a fresh, right, single-use code', async () => {
    await bindDirect('learner2', '13911110002');
    await setSwitches(app, { mobileLogin: false });
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: '123456' })).body.msg).toBe(
      '系统未开启手机号登录！',
    );
    await setSwitches(app, { mobileLogin: true });
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '1391111', smsCode: '1' })).body.msg).toBe(
      '手机号码格式不正确!',
    );
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: '' })).body.msg).toBe(
      '短信验证码不能为空',
    );
    const { code } = await requestSms(app, 'login', '13911110002');
    const wrong = await call(app, '/api/sys/user/mobile-login', {
      mobile: '13911110002',
      smsCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.msg).toBe('短信验证码错误或已失效，请重新获取！');
    const ok = await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: code });
    expect(ok.status).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, ok.body.data.token)).body.data.userName).toBe('learner2');
    const reused = await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: code });
    expect(reused.body.msg).toBe('短信验证码错误或已失效，请重新获取！');
  });

  it('a code for another purpose does not sign in; an expired code neither', async () => {
    await skipResendWait(app, '13911110002');
    const { code } = await requestSms(app, 'forgot', '13911110002');
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: code })).status).toBe(400);
    await skipResendWait(app, '13911110002');
    const fresh = await requestSms(app, 'login', '13911110002');
    const key = 'sms:code:login:13911110002';
    const stored = JSON.parse((await app.infra.kv.get(key))!);
    await app.infra.kv.set(key, JSON.stringify({ ...stored, expiresAt: Date.now() - 1 }), 60);
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: fresh.code })).status).toBe(
      400,
    );
  });

  it('drops a code after five wrong tries', async () => {
    await skipResendWait(app, '13911110002');
    const { code } = await requestSms(app, 'login', '13911110002');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: wrongCode });
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110002', smsCode: code })).status).toBe(400);
  });

  it('applies the account checks and loginTick like password sign-in', async () => {
    await bindDirect('newbie4', '13911110004');
    const u = await userNamed('newbie4');
    const first = await signIn(app, 'newbie4', 'Newbie@2026');
    await setSwitches(app, { loginTick: 1 });
    const { code } = await requestSms(app, 'login', '13911110004');
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13911110004', smsCode: code })).status).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, first)).status).toBe(401);
    await setSwitches(app, { loginTick: 0 });
    await app.db.update(schema.sysUser).set({ state: 1 }).where(eq(schema.sysUser.id, u.id));
    await skipResendWait(app, '13911110004');
    const again = await requestSms(app, 'login', '13911110004');
    expect(
      (await call(app, '/api/sys/user/mobile-login', { mobile: '13911110004', smsCode: again.code })).body,
    ).toMatchObject({ code: 90010005 });
    await app.db.update(schema.sysUser).set({ state: 0 }).where(eq(schema.sysUser.id, u.id));
  });
});

describe('forgot password', () => {
  it('resets the password with the forgot code and ends every session', async () => {
    const old = await signIn(app, 'newbie3', 'Newbie@2026');
    await bindDirect('newbie3', '13911110003');
    const { code } = await requestSms(app, 'forgot', '13911110003');
    expect(
      (await call(app, '/api/sys/user/forgot-pass', { mobile: '13911110003', smsCode: code, password: 'weak' })).body
        .msg,
    ).toBe('密码长度应为8-60位');
    expect(
      (await call(app, '/api/sys/user/forgot-pass', { mobile: '13911110003', smsCode: code, password: 'Reset@2026' }))
        .status,
    ).toBe(200);
    expect((await call(app, '/api/sys/user/info', {}, old)).status).toBe(401);
    expect((await login('newbie3', 'Reset@2026')).status).toBe(200);
    expect(
      (await call(app, '/api/sys/user/forgot-pass', { mobile: '13911110003', smsCode: code, password: 'Again@2026' }))
        .body.msg,
    ).toBe('短信验证码错误或已失效，请重新获取！');
  });
});

describe('own account', () => {
  it('all need a session', async () => {
    for (const url of ['update-pass', 'init', 'update', 'profile'])
      expect((await call(app, `/api/sys/user/${url}`, {})).status).toBe(401);
  });

  it('update-pass checks the old password and the policy, ends other sessions and re-issues the current', async () => {
    const a = await signIn(app, 'newbie3', 'Reset@2026');
    const b = await signIn(app, 'newbie3', 'Reset@2026');
    const up = (body: object) => call(app, '/api/sys/user/update-pass', body, a);
    expect((await up({ oldPassword: 'Wrong@2026', password: 'Next@2026x' })).body.msg).toBe('原密码错误！');
    expect((await up({ oldPassword: 'Reset@2026', password: 'nextnext' })).body.msg).toBe(
      '密码应包含大写字母、小写字母、数字、特殊字符其中三种!',
    );
    expect((await up({ oldPassword: 'Reset@2026', password: 'Reset@2026' })).body.msg).toBe('新密码不能与原密码相同！');
    const ok = await up({ oldPassword: 'Reset@2026', password: 'Next@2026x' });
    expect(ok.status).toBe(200);
    for (const t of [a, b]) expect((await call(app, '/api/sys/user/info', {}, t)).status).toBe(401);
    expect((await call(app, '/api/sys/user/info', {}, ok.body.data.token)).status).toBe(200);
    expect((await login('newbie3', 'Next@2026x')).status).toBe(200);
  });

  it('limits wrong old passwords', async () => {
    const t = await signIn(app, 'newbie3', 'Next@2026x');
    for (let i = 0; i < 5; i++)
      await call(app, '/api/sys/user/update-pass', { oldPassword: 'Bad@20260', password: 'Other@2026' }, t);
    const r = await call(app, '/api/sys/user/update-pass', { oldPassword: 'Next@2026x', password: 'Other@2026' }, t);
    expect(r).toMatchObject({ status: 429, body: { msg: '密码错误次数过多，请15分钟后再试！' } });
  });

  it('update changes only the own profile and refuses bad values; init renames the account', async () => {
    const t = await signIn(app, 'learner2', 'Learner@2026');
    expect((await call(app, '/api/sys/user/update', { realName: '' }, t)).body.msg).toBe('姓名不能为空！');
    expect((await call(app, '/api/sys/user/update', { realName: '李', email: 'x@' }, t)).body.msg).toBe(
      '邮箱格式不正确!',
    );
    expect(
      (await call(app, '/api/sys/user/update', { realName: '李', avatar: 'javascript:alert(1)' }, t)).body.msg,
    ).toBe('头像地址不正确！');
    // Unknown fields (an id of someone else) are dropped by the contract: only the caller changes.
    const ok = await call(
      app,
      '/api/sys/user/update',
      { id: 'u-learner', realName: '李大红', email: 'li@example.com', avatar: '/upload/a.png' },
      t,
    );
    expect(ok.status).toBe(200);
    expect((await userNamed('learner')).realName).toBe('张小明');
    const p = (await call(app, '/api/sys/user/profile', {}, t)).body.data;
    expect(p).toMatchObject({
      userName: 'learner2',
      realName: '李大红',
      email: 'li@example.com',
      avatar: '/upload/a.png',
      deptCode_dictText: '市场部',
    });
    expect(p).not.toHaveProperty('password');
    expect((await call(app, '/api/sys/user/init', { userName: 'learner', password: 'Learner@2026' }, t)).body.msg).toBe(
      '用户名已存在！',
    );
    expect((await call(app, '/api/sys/user/init', { userName: 'x', password: 'Learner@2026' }, t)).body.msg).toBe(
      '用户名应为4-32位，数字英文下划线组合！',
    );
    expect((await call(app, '/api/sys/user/init', { userName: 'learner2b', password: 'Nope@2026' }, t)).body.msg).toBe(
      '原密码错误！',
    );
    expect((await call(app, '/api/sys/user/init', { userName: 'learner2b', password: 'Learner@2026' }, t)).status).toBe(
      200,
    );
    expect((await call(app, '/api/sys/user/info', {}, t)).body.data.userName).toBe('learner2b');
  });
});
