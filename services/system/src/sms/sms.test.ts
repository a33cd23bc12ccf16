import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { SMS_LIMITS } from './sms-codes';
import { requestSms, setSwitches, skipResendWait, solvedCaptcha } from '../testing/helpers';

let app: FastifyInstance;
let learner: string;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  learner = await signIn(app, 'learner', 'Learner@2026');
  // Building the app and hashing passwords is slow when the machine is busy.
}, 60_000);
afterAll(() => app.close());

const sms = async (body: object, token?: string) => call(app, '/api/sys/user/sms', body, token);

describe('/api/sys/user/sms', () => {
  it('checks the mobile, then the graphic captcha first', async () => {
    expect((await sms({ smsType: 'bind', mobile: '123', ...(await solvedCaptcha(app)) }, learner)).body.msg).toBe(
      '手机号码格式不正确!',
    );
    expect(
      (await sms({ smsType: 'bind', mobile: '13900000001', captchaKey: 'k-none-0001', captchaValue: '' }, learner)).body
        .msg,
    ).toBe('图形验证码不能为空！');
    const wrong = await sms(
      { smsType: 'bind', mobile: '13900000001', captchaKey: 'k-none-0001', captchaValue: 'abcd' },
      learner,
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { code: 90010003, msg: '验证码错误或已失效，请点击图片刷新验证码！' },
    });
    expect(
      (await sms({ smsType: 'other', mobile: '13900000001', captchaKey: 'k', captchaValue: 'a' }, learner)).status,
    ).toBe(400);
  });

  it('sends a 6-digit code and blocks the same mobile for 60 s with a clear message', async () => {
    const first = await requestSms(app, 'bind', '13900000002', learner);
    expect(first.res).toMatchObject({ status: 200, body: { success: true } });
    expect(first.code).toMatch(/^\d{6}$/);
    const again = await requestSms(app, 'bind', '13900000002', learner);
    expect(again.res).toMatchObject({ status: 429, body: { code: 10010006, msg: '短信发送过于频繁，请60秒后再试！' } });
  });

  it('caps codes per mobile per day', async () => {
    for (let i = 0; i < SMS_LIMITS.perMobileDay; i++) {
      await skipResendWait(app, '13900000003');
      expect((await requestSms(app, 'bind', '13900000003', learner)).res.status).toBe(200);
    }
    await skipResendWait(app, '13900000003');
    expect((await requestSms(app, 'bind', '13900000003', learner)).res.body.msg).toBe(
      '该手机号今日获取短信验证码次数已达上限，请明天再试！',
    );
  });

  it('caps codes per IP per day', async () => {
    await app.infra.kv.set('rl:sms:day:ip:127.0.0.1', String(SMS_LIMITS.perIpDay), 86400);
    expect((await requestSms(app, 'bind', '13900000004', learner)).res.body.msg).toBe(
      '今日获取短信验证码次数已达上限，请明天再试！',
    );
    await app.infra.kv.del('rl:sms:day:ip:127.0.0.1');
  });

  it('bind and unbind need a session; login and forgot need a bound mobile and the switch', async () => {
    expect((await requestSms(app, 'bind', '13900000005')).res.status).toBe(401);
    expect((await requestSms(app, 'forgot', '13900000006')).res.body.msg).toBe('该手机号未绑定任何账号！');
    await setSwitches(app, { mobileLogin: false });
    expect((await requestSms(app, 'login', '13900000007')).res.body.msg).toBe('系统未开启手机号登录！');
    expect((await requestSms(app, 'unbind', '13900000008', learner)).res.body.msg).toBe(
      '该手机号不是当前账号绑定的手机号！',
    );
  });
});
