import { Code } from '@exam/contracts';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { requestSms, setSwitches, skipResendWait, solvedCaptcha } from '../testing/helpers';
import { CAPTCHA_PER_IP_MINUTE } from './captcha';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [systemService], seeds: [seed] });
}, 60_000);
afterAll(() => app.close());

/** A JSON call from a given address, optionally with a forged X-Forwarded-For. */
async function from(remoteAddress: string, url: string, body: object, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}
const countBy = <T>(xs: T[], key: (x: T) => string | number) =>
  xs.reduce<Record<string, number>>((m, x) => ((m[key(x)] = (m[key(x)] ?? 0) + 1), m), {});

describe('sign-in counters under parallel guesses', () => {
  it('counts 40 parallel wrong sign-ins as 40: three reach the password check, then the captcha, then the lock-out', async () => {
    const tries = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        from(`198.51.100.${i + 1}`, '/api/sys/user/login', { username: 'learner2', password: 'Wrong@2026x' }),
      ),
    );
    expect(countBy(tries, (r) => r.body.code)).toEqual({
      [Code.BAD_CREDENTIALS]: 3,
      [Code.CAPTCHA_REQUIRED]: 7,
      [Code.RATE_LIMITED]: 30,
    });
    // Even the right password, with a solved captcha, waits for the window to pass.
    const right = await from('198.51.100.99', '/api/sys/user/login', {
      username: 'learner2',
      password: 'Learner@2026',
      ...(await solvedCaptcha(app)),
    });
    expect(right).toMatchObject({ status: 429, body: { msg: '登录失败次数过多，请15分钟后再试！' } });
  });

  it("a forged X-Forwarded-For does not reset the per-address limit; the gateway's header is believed", async () => {
    for (let i = 0; i < 50; i++) await app.infra.kv.incr('loginfail:ip:203.0.113.9', 900);
    const forged = await from(
      '203.0.113.9',
      '/api/sys/user/login',
      { username: 'learner', password: 'Learner@2026' },
      { 'x-forwarded-for': '192.0.2.77' },
    );
    expect(forged.status).toBe(429);
    const viaGateway = await from(
      '127.0.0.1',
      '/api/sys/user/login',
      { username: 'learner', password: 'Learner@2026' },
      { 'x-forwarded-for': '203.0.113.9' },
    );
    expect(viaGateway.status).toBe(429);
    const other = await from(
      '127.0.0.1',
      '/api/sys/user/login',
      { username: 'learner', password: 'Learner@2026' },
      { 'x-forwarded-for': '203.0.113.10' },
    );
    expect(other.status).toBe(200);
  });

  it('successful sign-ins give their address slot back (a classroom behind one address)', async () => {
    for (let i = 0; i < 49; i++) await app.infra.kv.incr('loginfail:ip:203.0.113.20', 900);
    for (let i = 0; i < 3; i++) {
      expect(
        (await from('203.0.113.20', '/api/sys/user/login', { username: 'admin', password: 'Admin@2026' })).status,
      ).toBe(200);
    }
    expect(await app.infra.kv.get('loginfail:ip:203.0.113.20')).toBe('49');
  });
});

describe('captcha', () => {
  it('a wrong check spends the image', async () => {
    const { captchaKey, captchaValue } = await solvedCaptcha(app);
    expect((await call(app, '/api/common/captcha/check', { captchaKey, captchaValue: 'zzzz' })).body.data).toBe(false);
    expect((await call(app, '/api/common/captcha/check', { captchaKey, captchaValue })).body.data).toBe(false);
    const fresh = await solvedCaptcha(app);
    expect((await call(app, '/api/common/captcha/check', fresh)).body.data).toBe(true);
    expect((await call(app, '/api/common/captcha/check', fresh)).body.data).toBe(true); // a right answer stays usable
  });

  it('one image admits one use, however many use it at once', async () => {
    const learner = await signIn(app, 'learner', 'Learner@2026');
    const captcha = await solvedCaptcha(app);
    // Binding SMS codes spend the captcha: of ten parallel sends with one image, one passes its check.
    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(
          app,
          '/api/sys/user/sms',
          { smsType: 'bind', mobile: `1370000${String(i).padStart(4, '0')}`, ...captcha },
          learner,
        ),
      ),
    );
    expect(sends.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('limits images and checks per address', async () => {
    const gens = await Promise.all(
      Array.from({ length: CAPTCHA_PER_IP_MINUTE + 5 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: `/api/common/captcha/gen?key=flood-key-${i}`,
          remoteAddress: '198.51.100.200',
        }),
      ),
    );
    expect(countBy(gens, (r) => r.statusCode)).toEqual({ 200: CAPTCHA_PER_IP_MINUTE, 429: 5 });
    const checks = await Promise.all(
      Array.from({ length: CAPTCHA_PER_IP_MINUTE + 5 }, (_, i) =>
        from('198.51.100.201', '/api/common/captcha/check', { captchaKey: `flood-key-${i}`, captchaValue: 'abcd' }),
      ),
    );
    expect(countBy(checks, (r) => r.status)).toEqual({ 200: CAPTCHA_PER_IP_MINUTE, 429: 5 });
    expect(checks.find((r) => r.status === 429)!.body).toMatchObject({
      code: Code.RATE_LIMITED,
      msg: '操作过于频繁，请稍后再试！',
    });
    // Another address is not affected.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/common/captcha/gen?key=other-key-1',
          remoteAddress: '198.51.100.202',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('SMS code and password tries under parallel guesses', () => {
  it('40 parallel wrong codes spend the code: the right one no longer works', async () => {
    await setSwitches(app, { mobileLogin: true });
    await skipResendWait(app, '13800000002');
    const { code } = await requestSms(app, 'login', '13800000002');
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(app, '/api/sys/user/mobile-login', { mobile: '13800000002', smsCode: wrong }),
      ),
    );
    expect(tries.every((r) => r.status === 400)).toBe(true);
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13800000002', smsCode: code })).status).toBe(400);
    // A new code starts from zero tries.
    await skipResendWait(app, '13800000002');
    const next = await requestSms(app, 'login', '13800000002');
    expect((await call(app, '/api/sys/user/mobile-login', { mobile: '13800000002', smsCode: next.code })).status).toBe(
      200,
    );
  });

  it('10 parallel wrong old passwords: five are checked, five refused', async () => {
    const t = await signIn(app, 'admin', 'Admin@2026');
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app, '/api/sys/user/update-pass', { oldPassword: 'Bad@20260', password: 'Other@2026' }, t),
      ),
    );
    expect(countBy(tries, (r) => r.status)).toEqual({ 400: 5, 429: 5 });
  });
});
