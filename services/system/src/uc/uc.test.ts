import { newId, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { requestSms, setSwitches, skipResendWait } from '../testing/helpers';
import { autoCheckIdCard, maskIdCard } from './id-card';

let app: FastifyInstance;
let me: string; // learner (u-learner)
let other: string; // learner2 (u-learner2)
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  [me, other] = await Promise.all([signIn(app, 'learner', 'Learner@2026'), signIn(app, 'learner2', 'Learner@2026')]);
  // The demo seed binds the demo accounts' mobiles; these tests start from unbound accounts.
  await app.db.delete(schema.sysUserBind);
  await app.db.update(schema.sysUser).set({ mobile: '' });
  // Building the app and hashing passwords is slow when the machine is busy.
}, 60_000);
afterAll(() => app.close());

describe('mobile binding', () => {
  const bind = (body: object, t = me) => call(app, '/api/sys/user/bind/bind-mobile', body, t);
  const unbind = (body: object, t = me) => call(app, '/api/sys/user/bind/unbind-mobile', body, t);

  it('needs a session and valid input', async () => {
    expect((await bind({ mobile: '13922220001', smsCode: '1' }, '')).status).toBe(401);
    expect((await bind({ mobile: '', smsCode: '1' })).body.msg).toBe('手机号不能为空');
    expect((await bind({ mobile: '1392222', smsCode: '1' })).body.msg).toBe('手机号码格式不正确!');
    expect((await bind({ mobile: '13922220001', smsCode: '' })).body.msg).toBe('短信验证码不能为空');
  });

  it('binds with the bind code once, shows it in bind-info and bind-list, and refuses the number for others', async () => {
    expect((await call(app, '/api/sys/user/bind/bind-info', { loginType: 'mobile' }, me)).body.data).toMatchObject({
      bound: false,
      openId: '',
    });
    const { code } = await requestSms(app, 'bind', '13922220001', me);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await bind({ mobile: '13922220001', smsCode: wrongCode })).body.msg).toBe(
      '短信验证码错误或已失效，请重新获取！',
    );
    expect((await bind({ mobile: '13922220001', smsCode: code! })).status).toBe(200);
    expect((await bind({ mobile: '13922220001', smsCode: code! })).status).toBe(409);
    const info = (await call(app, '/api/sys/user/bind/bind-info', { loginType: 'mobile' }, me)).body.data;
    expect(info).toMatchObject({ bound: true, loginType: 'mobile', openId: '13922220001' });
    expect((await call(app, '/api/sys/user/info', {}, me)).body.data.mobile).toBe('13922220001');
    const list = (await call(app, '/api/sys/user/bind/bind-list', {}, me)).body.data;
    expect(list).toEqual([
      expect.objectContaining({ loginType: 'mobile', loginType_dictText: '手机号', openId: '13922220001' }),
    ]);
    // Someone else can neither ask for a code for this number nor bind it.
    expect((await requestSms(app, 'bind', '13922220001', other)).res.body.msg).toBe('该手机号已被其他账号绑定！');
    expect((await bind({ mobile: '13922220001', smsCode: code! }, other)).body.msg).toBe('该手机号已被其他账号绑定！');
  });

  it('never tells about another user', async () => {
    expect(
      (await call(app, '/api/sys/user/bind/bind-info', { loginType: 'mobile', userId: 'u-learner' }, other)).status,
    ).toBe(403);
    expect((await call(app, '/api/sys/user/bind/bind-list', {}, other)).body.data).toEqual([]);
    const [row] = (await call(app, '/api/sys/user/bind/bind-list', {}, me)).body.data;
    expect((await call(app, '/api/sys/user/bind/unbind', { id: row.id }, other)).status).toBe(404);
    expect((await unbind({ mobile: '13922220001', smsCode: '123456' }, other)).body.msg).toBe('当前账号未绑定手机号！');
  });

  it('unbinds the mobile only with the unbind code; third-party bindings with unbind {id}', async () => {
    const [row] = (await call(app, '/api/sys/user/bind/bind-list', {}, me)).body.data;
    expect((await call(app, '/api/sys/user/bind/unbind', { id: row.id }, me)).body.msg).toBe(
      '手机号请通过短信验证码解绑！',
    );
    expect((await unbind({ mobile: '13922229999', smsCode: '123456' })).body.msg).toBe(
      '该手机号不是当前账号绑定的手机号！',
    );
    await skipResendWait(app, '13922220001');
    const { code } = await requestSms(app, 'unbind', '13922220001', me);
    expect((await unbind({ mobile: '13922220001', smsCode: code! })).status).toBe(200);
    expect((await call(app, '/api/sys/user/bind/bind-info', { loginType: 'mobile' }, me)).body.data.bound).toBe(false);
    expect((await call(app, '/api/sys/user/info', {}, me)).body.data.mobile).toBe('');
    await app.db
      .insert(schema.sysUserBind)
      .values({ id: 'b-wx', userId: 'u-learner', loginType: 'wechat', openId: 'wx-open-1' });
    expect((await call(app, '/api/sys/user/bind/unbind', { id: 'b-wx' }, other)).status).toBe(404);
    expect((await call(app, '/api/sys/user/bind/unbind', { id: 'b-wx' }, me)).status).toBe(200);
    expect((await call(app, '/api/sys/user/bind/bind-list', {}, me)).body.data).toEqual([]);
  });
});

describe('in-site messages', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Start from no messages (a demo seed may give the learner one).
    await app.db.delete(schema.sysUserMsg).where(eq(schema.sysUserMsg.userId, 'u-learner'));
    for (let i = 0; i < 3; i++) {
      const id = newId();
      ids.push(id);
      await app.db
        .insert(schema.sysUserMsg)
        .values({ id, userId: 'u-learner', title: `考试提醒 ${i}`, content: `<p>内容 ${i}</p>` });
    }
    await app.db
      .insert(schema.sysUserMsg)
      .values({ id: 'msg-other', userId: 'u-learner2', title: '别人的消息', content: '私密' });
  });

  it('pages only the own messages and filters by read state', async () => {
    expect((await call(app, '/api/sys/user/msg/paging', {}, '')).status).toBe(401);
    const page = (await call(app, '/api/sys/user/msg/paging', { current: 1, size: 2 }, me)).body.data;
    expect(page).toMatchObject({ total: 3, pages: 2, size: 2 });
    expect(page.records[0]).toEqual({
      id: expect.any(String),
      title: expect.stringMatching(/考试提醒/),
      readFlag: 0,
      createTime: expect.any(String),
    });
    expect(page.records[0]).not.toHaveProperty('content');
  });

  it("detail-for-read marks one read and the unread count drops; another user's id is a 404", async () => {
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, me)).body.data).toBe(3);
    const d = await call(app, '/api/sys/user/msg/detail-for-read', { id: ids[0] }, me);
    expect(d.body.data).toMatchObject({ id: ids[0], content: '<p>内容 0</p>', readFlag: 1 });
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, me)).body.data).toBe(2);
    expect((await call(app, '/api/sys/user/msg/detail-for-read', { id: 'msg-other' }, me)).status).toBe(404);
    expect((await call(app, '/api/sys/user/msg/detail-for-read', { id: '' }, me)).status).toBe(400);
    const [o] = await app.db.select().from(schema.sysUserMsg).where(eq(schema.sysUserMsg.id, 'msg-other'));
    expect(o.readFlag).toBe(false);
    const unread = (await call(app, '/api/sys/user/msg/paging', { params: { readFlag: 0 } }, me)).body.data;
    expect(unread.total).toBe(2);
  });

  it("mark-read marks given or all own messages, never another user's", async () => {
    await call(app, '/api/sys/user/msg/mark-read', { ids: [ids[1], 'msg-other'] }, me);
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, me)).body.data).toBe(1);
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, other)).body.data).toBe(1);
    await call(app, '/api/sys/user/msg/mark-read', {}, me);
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, me)).body.data).toBe(0);
    expect((await call(app, '/api/sys/user/msg/count-unread', {}, other)).body.data).toBe(1);
  });
});

describe('points log', () => {
  it('pages the own log only', async () => {
    await app.db.delete(schema.sysUserPoints);
    await app.db.insert(schema.sysUserPoints).values([
      { id: 'p1', userId: 'u-learner', points: 10, remark: '完成课程' },
      { id: 'p2', userId: 'u-learner2', points: 5, remark: '别人的' },
    ]);
    const page = (await call(app, '/api/sys/user/points/paging', { current: 1, size: 10 }, me)).body.data;
    expect(page).toMatchObject({ total: 1, records: [{ id: 'p1', points: 10, remark: '完成课程' }] });
    expect((await call(app, '/api/sys/user/points/paging', {}, '')).status).toBe(401);
  });
});

describe('real-name verification', () => {
  const submit = (body: object, t = me) => call(app, '/api/sys/user/real/submit', body, t);
  const VALID = '11010519491231002X';

  it('checks the ID card number automatically', () => {
    expect(autoCheckIdCard(VALID)).toBeUndefined();
    expect(autoCheckIdCard('110105194912310021')).toBe('身份证号码校验位不正确！');
    expect(autoCheckIdCard('110105194913310021')).toBe('身份证号码中的出生日期无效！');
    expect(autoCheckIdCard('110105491231002')).toBeUndefined();
    expect(maskIdCard(VALID)).toBe('110***********002X');
  });

  it('is refused while realPerson is off; rules have the spec messages', async () => {
    await setSwitches(app, { realPerson: false });
    expect((await submit({ realName: '张小明', idCard: VALID })).status).toBe(403);
    await setSwitches(app, { realPerson: true, faceAudit: 'manual' });
    expect((await submit({ realName: '张小明', idCard: '12345' })).body.msg).toBe('身份证号码格式不正确!');
    expect((await submit({ realName: '', idCard: VALID })).body.msg).toBe('姓名不能为空！');
  });

  it('manual: pending; no: verified at once; auto: a bad number is rejected at once, a good one waits', async () => {
    const pending = await submit({ realName: '张小明', idCard: VALID });
    expect(pending.body.data).toMatchObject({ state: 0, idCard: '110***********002X', faceAudit: 'manual' });
    expect((await submit({ realName: '张小明', idCard: VALID })).body.msg).toBe('实名认证正在审核中，请耐心等待！');
    await setSwitches(app, { faceAudit: 'auto' });
    const rejected = await submit({ realName: '李小红', idCard: '110105194912310021' }, other);
    expect(rejected.body.data).toMatchObject({ state: 2, auditMsg: '身份证号码校验位不正确！' });
    await setSwitches(app, { faceAudit: 'no' });
    const passed = await submit({ realName: '李小红', idCard: VALID }, other);
    expect(passed.body.data.state).toBe(1);
    expect((await call(app, '/api/sys/user/real/info', {}, other)).body.data).toMatchObject({
      state: 1,
      realName: '李小红',
    });
    const [u] = await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-learner2'));
    expect(u.idCard).toBe(VALID);
    expect((await submit({ realName: '李小红', idCard: VALID }, other)).body.msg).toBe('您已完成实名认证！');
    // The learner's own request never shows the other's data.
    expect((await call(app, '/api/sys/user/real/info', {}, me)).body.data).toMatchObject({
      state: 0,
      realName: '张小明',
    });
  });
});

describe('real-name review by an administrator', () => {
  it('is an admin call; a learner is refused', async () => {
    expect((await call(app, '/api/sys/user/real/paging', {}, me)).status).toBe(403);
    expect((await call(app, '/api/sys/user/real/audit', { ids: ['x'], state: 1 }, me)).status).toBe(403);
  });

  it('lists pending requests, needs a reason to refuse, and a pass copies name and ID card to the user', async () => {
    const admin = await signIn(app, 'admin', 'Admin@2026');
    const page = (await call(app, '/api/sys/user/real/paging', { params: { state: 0 } }, admin)).body.data;
    const row = page.records.find((r: { userId: string }) => r.userId === 'u-learner');
    expect(row).toMatchObject({ userName: 'learner', realName: '张小明', idCard: '11010519491231002X', state: 0 });
    expect((await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 2 }, admin)).body.msg).toBe(
      '审核意见不能为空！',
    );
    expect((await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 3 }, admin)).status).toBe(400);
    expect((await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 1 }, admin)).status).toBe(200);
    expect((await call(app, '/api/sys/user/real/info', {}, me)).body.data.state).toBe(1);
    const [u] = await app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-learner'));
    expect(u.idCard).toBe('11010519491231002X');
    // A decided request is not decided again.
    await call(app, '/api/sys/user/real/audit', { ids: [row.id], state: 2, auditMsg: '重复' }, admin);
    expect((await call(app, '/api/sys/user/real/info', {}, me)).body.data.state).toBe(1);
  });
});
