import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { PLATFORM_CERT, PLATFORM_CERT_SERIAL } from './testing/pay-cert';

let app: FastifyInstance;
let admin: string;
let learner: string;
beforeAll(async () => {
  process.env.OAUTH_API_BASE_ALLOW = 'http://127.0.0.1:';
  app = await createTestApp({ services: [systemService], seeds: [seed] });
  [admin, learner] = await Promise.all([signIn(app, 'admin', 'Admin@2026'), signIn(app, 'learner', 'Learner@2026')]);
}, 60_000);
afterAll(async () => {
  delete process.env.OAUTH_API_BASE_ALLOW;
  await app.close();
});

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString().trim(),
  };
};
// The merchant's key pair, WeChat Pay's public key; the Alipay app's key pair and Alipay's public key.
const merchant = pem();
const wechat = pem();
const aliApp = pem();
const alipay = pem();
const body = (t: string) => t.replace(/-----[A-Z ]+-----|\s/g, '');

const WX = {
  enabled: true,
  mchId: '1900000109',
  appId: 'wx0123456789abcdef',
  apiV3Key: 'ExamPayV3Key-0123456789abcdefghi',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F5B3BA',
  privateKey: merchant.privateKey,
  publicKeyId: 'PUB_KEY_ID_0119000001092025010100000001',
  publicKey: wechat.publicKey,
};
const ALI = {
  enabled: false,
  appId: '2021000000000001',
  privateKey: aliApp.privateKey,
  alipayPublicKey: alipay.publicKey,
  sellerId: '2088000000000099',
};

const prop = (url: string, b: object, token = admin) => call(app, `/api/sys/config/prop/${url}`, b, token);
const save = (provider: string, data: object) => prop('save', { type: 'pay', provider, data });
const stored = async (provider: string) =>
  (
    await app.db
      .select()
      .from(schema.sysConfigProp)
      .where(and(eq(schema.sysConfigProp.type, 'pay'), eq(schema.sysConfigProp.provider, provider)))
  )[0]?.data as Record<string, unknown> | undefined;

describe('payment settings', () => {
  it('saves WeChat Pay, answers the secrets masked and keeps them when the mask or nothing comes back', async () => {
    expect((await save('wxpay', WX)).status).toBe(200);
    const shown = (await prop('detail', { type: 'pay', provider: 'wxpay' })).body.data;
    expect(shown.data).toMatchObject({
      mchId: WX.mchId,
      apiV3Key: 'Ex******hi',
      privateKey: '--******--',
      enabled: true,
    });
    expect(JSON.stringify(shown)).not.toContain(body(merchant.privateKey).slice(0, 40));
    expect(JSON.stringify(shown)).not.toContain(WX.apiV3Key);
    // The public key is no secret: the admin checks which one is set.
    expect(shown.data.publicKey).toBe(WX.publicKey);

    // Switched off with the form as it was shown: the secrets stay.
    expect((await save('wxpay', { ...shown.data, enabled: false })).status).toBe(200);
    expect(await stored('wxpay')).toMatchObject({ ...WX, enabled: false, privateKey: WX.privateKey });
    // Left blank (the form's password fields): kept as well.
    expect((await save('wxpay', { ...shown.data, apiV3Key: '', privateKey: ' ' })).status).toBe(200);
    expect(await stored('wxpay')).toMatchObject({ apiV3Key: WX.apiV3Key, privateKey: WX.privateKey });
    // A new key replaces the old.
    const next = pem();
    expect((await save('wxpay', { ...shown.data, privateKey: next.privateKey })).status).toBe(200);
    expect((await stored('wxpay'))?.privateKey).toBe(next.privateKey);
    expect((await save('wxpay', WX)).status).toBe(200);
  });

  it("refuses what WeChat Pay would refuse, in the spec's words, and writes nothing", async () => {
    const before = await stored('wxpay');
    const cases: [object, string][] = [
      [{ mchId: '' }, '请填写商户号！'],
      [{ mchId: 'mch-1' }, '商户号格式不正确！'],
      [{ appId: '2021000000000001' }, 'AppID格式不正确！'],
      [{ apiV3Key: 'short-key' }, 'APIv3密钥应为32位！'],
      [{ apiV3Key: `${WX.apiV3Key}x` }, 'APIv3密钥应为32位！'],
      [{ serialNo: 'not-a-serial' }, '商户证书序列号格式不正确！'],
      [{ privateKey: 'garbage' }, '商户私钥格式不正确！'],
      [{ privateKey: merchant.publicKey }, '商户私钥格式不正确！'],
      [{ privateKey: `${merchant.privateKey.slice(0, 200)}\n-----END PRIVATE KEY-----` }, '商户私钥格式不正确！'],
      [{ publicKey: merchant.privateKey }, '微信支付公钥格式不正确！'],
      [{ publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }, '微信支付公钥格式不正确！'],
      [{ publicKeyId: 'PUB_KEY_ID-1' }, '微信支付公钥ID格式不正确！'],
      [{ publicKey: PLATFORM_CERT }, '微信支付公钥ID与平台证书序列号不一致！'],
      [{ apiBase: 'https://evil.example' }, '本服务器不允许修改第三方接口地址，请留空！'],
      [{ enabled: 'yes' }, '启用开关不正确！'],
    ];
    for (const [change, msg] of cases) {
      const res = await save('wxpay', { ...WX, ...change });
      expect([res.status, res.body.msg, change]).toEqual([400, msg, change]);
    }
    expect(await stored('wxpay')).toEqual(before);
  });

  it('takes a platform certificate by its serial, a stand-in address where allowed, and refuses a learner', async () => {
    const cert = { ...WX, publicKey: PLATFORM_CERT, publicKeyId: PLATFORM_CERT_SERIAL.toLowerCase() };
    expect((await save('wxpay', { ...cert, apiBase: 'http://127.0.0.1:9' })).status).toBe(200);
    expect(await stored('wxpay')).toMatchObject({ publicKeyId: cert.publicKeyId, apiBase: 'http://127.0.0.1:9' });
    // A 2048-bit key pasted from Windows (CRLF) and a certificate fit the settings' 2000 characters.
    expect(merchant.privateKey.replace(/\n/g, '\r\n').length).toBeLessThan(2000);
    expect((await save('wxpay', { ...WX, privateKey: merchant.privateKey.replace(/\n/g, '\r\n') })).status).toBe(200);
    expect((await save('wxpay', WX)).status).toBe(200);
    expect((await prop('save', { type: 'pay', provider: 'wxpay', data: WX }, learner)).status).toBe(403);
    expect((await prop('detail', { type: 'pay', provider: 'wxpay' }, learner)).status).toBe(403);
    expect((await prop('save', { type: 'pay', provider: 'unionpay', data: WX })).body.msg).toBe('服务商必须选择！');
  });

  it('saves Alipay with bare keys as its key tool shows them; refuses its commonest mistakes and writes nothing', async () => {
    const cases: [object, string][] = [
      [{ appId: '' }, '请填写APPID！'],
      [{ privateKey: '' }, '请填写应用私钥！'],
      [{ privateKey: 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ' }, '应用私钥格式不正确！'],
      [{ alipayPublicKey: 'not base64 at all!' }, '支付宝公钥格式不正确！'],
      [{ alipayPublicKey: aliApp.publicKey }, '支付宝公钥填写的是应用公钥，请填写支付宝公钥！'],
      [{ gateway: 'https://openapi.alipay.com.evil.example/gateway.do' }, '本服务器不允许修改支付宝网关地址，请留空！'],
      [{ gateway: 'openapi.alipay.com' }, '网关地址格式不正确！'],
      [{ gateway: 'https://openapi.alipay.com:99999/gateway.do' }, '网关地址格式不正确！'],
      [{ sellerId: '1234' }, '卖家支付宝用户ID格式不正确！'],
    ];
    for (const [change, msg] of cases) {
      const res = await save('alipay', { ...ALI, ...change });
      expect([res.status, res.body.msg, change]).toEqual([400, msg, change]);
    }
    expect(await stored('alipay')).toBeUndefined();

    const bare = { ...ALI, privateKey: body(aliApp.privateKey), alipayPublicKey: body(alipay.publicKey) };
    expect((await save('alipay', { ...bare, gateway: 'https://openapi.alipay.com/gateway.do' })).status).toBe(200);
    expect((await save('alipay', { ...bare, gateway: 'http://127.0.0.1:9/gateway.do', sellerId: '' })).status).toBe(
      200,
    );
    const shown = (await prop('detail', { type: 'pay', provider: 'alipay' })).body.data;
    expect(shown).toMatchObject({ provider: 'alipay', data: { appId: ALI.appId, enabled: false } });
    expect(shown.data.privateKey).toMatch(/^.{2}\*{6}.{2}$/);
    expect(JSON.stringify(shown)).not.toContain(bare.privateKey.slice(0, 40));
    // Each provider keeps its own keys.
    expect((await stored('wxpay'))?.privateKey).toBe(WX.privateKey);
  });
});
