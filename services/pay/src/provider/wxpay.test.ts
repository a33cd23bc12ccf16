import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { PayClient, PrepayInput } from './provider';
import { rsaVerify } from './rsa';
import { startNotifyReceiver } from './testing/notify-receiver';
import { type PayStandIn, startPayStandIn } from './testing/stand-in-pay';
import { type WxPayConfig, wxpayClient } from './wxpay';
import { lines } from './wxpay-sign';

// The WeChat Pay v3 client against the stand-in: every channel's prepay, query, close and refund, the sealed
// callbacks, and each way an answer or a callback can be forged, late or refused.
const WX = { mchId: '1900000109', appId: 'wx0123456789abcdef', apiV3Key: 'ExamPayV3Key-0123456789abcdefghi' };
const clock = { ms: Date.UTC(2026, 10, 23, 2, 0, 0) };
const MINUTE = 60_000;
let standIn: PayStandIn;
let receiver: Awaited<ReturnType<typeof startNotifyReceiver>>;
let client: PayClient;
let seq = 0;

const config = (over: Partial<WxPayConfig> = {}): WxPayConfig => ({
  ...standIn.merchantKeys.wx,
  platform: { id: standIn.providerKeys.wx.publicKeyId, publicKey: standIn.providerKeys.wx.publicKey },
  ...over,
});
const make = (over: Partial<WxPayConfig> = {}, timeoutMs = 2000) =>
  wxpayClient(config(over), { apiBase: standIn.url, timeoutMs, now: () => clock.ms });
const order = (over: Partial<PrepayInput> = {}): PrepayInput => ({
  channel: 'wxpay_native',
  outTradeNo: `WX${Date.now()}${++seq}`,
  amountFen: 1990,
  subject: '付费课程：安全生产培训',
  notifyUrl: receiver.url,
  returnUrl: 'https://exam.example.com/pay/return?order=1',
  clientIp: '203.0.113.7',
  expireAt: new Date(clock.ms + 15 * MINUTE),
  ...over,
});
const otherKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { kind?: string; providerCode?: string }) => ({ kind: e.kind, providerCode: e.providerCode }),
  );
async function paidTrade(amountFen = 1990) {
  const input = order({ amountFen });
  await client.prepay(input);
  await standIn.pay(input.outTradeNo);
  return input;
}

beforeAll(async () => {
  standIn = await startPayStandIn({ wx: WX, now: () => clock.ms });
  receiver = await startNotifyReceiver(() => client);
  client = make();
});
afterAll(async () => {
  await receiver.close();
  await standIn.close();
});

describe('WeChat Pay v3 client: prepay', () => {
  it('Native gives the QR content; the payer pays, the signed callback is decrypted and the query agrees', async () => {
    const input = order();
    const prepay = await client.prepay(input);
    expect(prepay).toMatchObject({ kind: 'qr', codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    expect((await client.query(input.outTradeNo)).state).toBe('unpaid');
    const delivery = await standIn.pay(input.outTradeNo);
    expect(delivery).toMatchObject({ status: 204, body: '' });
    expect(receiver.received.at(-1)).toMatchObject({
      kind: 'trade',
      trade: {
        outTradeNo: input.outTradeNo,
        state: 'paid',
        amountFen: 1990,
        currency: 'CNY',
        merchantId: WX.mchId,
        appId: WX.appId,
      },
    });
    const trade = await client.query(input.outTradeNo);
    expect(trade).toMatchObject({
      state: 'paid',
      amountFen: 1990,
      transactionId: expect.stringMatching(/^42000\d{23}$/),
    });
    expect(trade.paidAt?.getTime()).toBe(Math.floor(clock.ms / 1000) * 1000);
  });

  it('in e2e the payer scans through POST /__stand-in/pay; an unknown or closed trade is refused', async () => {
    const input = order();
    await client.prepay(input);
    const scan = (outTradeNo: string) =>
      fetch(`${standIn.url}/__stand-in/pay`, { method: 'POST', body: JSON.stringify({ outTradeNo }) });
    const res = await scan(input.outTradeNo);
    expect(await res.json()).toEqual({ ok: true, notified: 204 });
    expect((await client.query(input.outTradeNo)).state).toBe('paid');
    expect((await scan('NO-SUCH-TRADE')).status).toBe(409);
  });

  it('H5 gives the cashier URL with redirect_url; 确认支付 pays and sends the browser back', async () => {
    const input = order({ channel: 'wxpay_h5' });
    const prepay = await client.prepay(input);
    if (prepay.kind !== 'redirect') throw new Error(prepay.kind);
    expect(prepay.url).toContain(`&redirect_url=${encodeURIComponent(input.returnUrl)}`);
    const page = await fetch(prepay.url);
    const html = await page.text();
    expect(html).toContain('确认支付');
    expect(html).toContain('19.90');
    const form = new URLSearchParams(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]),
    );
    const back = await fetch(new URL(prepay.url).origin + new URL(prepay.url).pathname, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(input.returnUrl);
    expect((await client.query(input.outTradeNo)).state).toBe('paid');
  });

  it('JSAPI gives WeixinJSBridge parameters signed with the merchant key', async () => {
    const prepay = await client.prepay(order({ channel: 'wxpay_jsapi', openId: 'o-learner-1' }));
    if (prepay.kind !== 'jsapi') throw new Error(prepay.kind);
    const p = prepay.params;
    expect(p).toMatchObject({ appId: WX.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx\d+$/) });
    const merchantPublic = createPublicKey(standIn.merchantKeys.wx.privateKey);
    expect(rsaVerify(merchantPublic, lines(p.appId!, p.timeStamp!, p.nonceStr!, p.package!), p.paySign!)).toBe(true);
    expect(await failure(client.prepay(order({ channel: 'wxpay_jsapi' })))).toMatchObject({ kind: 'bad' });
  });

  it('the same out_trade_no again gives the same QR; with another amount WeChat refuses it', async () => {
    const input = order();
    const first = await client.prepay(input);
    expect(await client.prepay(input)).toEqual(first);
    expect(await failure(client.prepay({ ...input, amountFen: 1 }))).toEqual({
      kind: 'bad',
      providerCode: 'OUT_TRADE_NO_USED',
    });
    await standIn.pay(input.outTradeNo, { notify: false });
    expect(await failure(client.prepay(input))).toEqual({ kind: 'paid', providerCode: 'ORDERPAID' });
  });

  it('a description longer than 127 bytes is cut on a character boundary (WeChat refuses longer ones)', async () => {
    const input = order({ subject: '安全'.repeat(40) });
    expect((await client.prepay(input)).kind).toBe('qr');
  });
});

describe('WeChat Pay v3 client: query and close', () => {
  it('an unknown trade is not_found', async () => {
    expect(await client.query('NEVER-MADE-1')).toMatchObject({ state: 'not_found', amountFen: 0 });
  });

  it('closing an unpaid trade closes it; closing again is fine; it can no longer be paid or reopened', async () => {
    const input = order();
    await client.prepay(input);
    await client.close(input.outTradeNo);
    expect((await client.query(input.outTradeNo)).state).toBe('closed');
    await client.close(input.outTradeNo);
    await expect(standIn.pay(input.outTradeNo)).rejects.toThrow('已关闭');
    expect(await failure(client.prepay(input))).toEqual({ kind: 'bad', providerCode: 'ORDER_CLOSED' });
  });

  it('closing a paid trade is refused as paid', async () => {
    const input = await paidTrade();
    expect(await failure(client.close(input.outTradeNo))).toEqual({ kind: 'paid', providerCode: 'ORDERPAID' });
  });

  it('a trade past time_expire closes itself', async () => {
    const input = order({ expireAt: new Date(clock.ms + 15 * MINUTE) });
    await client.prepay(input);
    clock.ms += 16 * MINUTE;
    expect((await client.query(input.outTradeNo)).state).toBe('closed');
    await expect(standIn.pay(input.outTradeNo)).rejects.toThrow('已关闭');
  });
});

describe('WeChat Pay v3 client: refunds', () => {
  it('a partial refund is processing, then succeeds with a callback; the trade reads as refunded', async () => {
    const input = await paidTrade(5000);
    const r = await client.refund({
      outTradeNo: input.outTradeNo,
      outRefundNo: `R${input.outTradeNo}`,
      refundFen: 2000,
      totalFen: 5000,
      reason: '课程未学习',
      notifyUrl: receiver.url,
    });
    expect(r).toMatchObject({ state: 'processing', refundFen: 2000, refundId: expect.stringMatching(/^50\d+$/) });
    expect((await client.queryRefund(input.outTradeNo, `R${input.outTradeNo}`)).state).toBe('processing');
    expect(await standIn.refundSettle(`R${input.outTradeNo}`)).toMatchObject({ status: 204 });
    expect(receiver.received.at(-1)).toEqual({
      kind: 'refund',
      refund: {
        outTradeNo: input.outTradeNo,
        outRefundNo: `R${input.outTradeNo}`,
        state: 'success',
        refundFen: 2000,
        refundId: r.refundId,
      },
    });
    expect((await client.queryRefund(input.outTradeNo, `R${input.outTradeNo}`)).state).toBe('success');
    expect((await client.query(input.outTradeNo)).state).toBe('refunded');
  });

  it('more than what is left, or a refund of an unpaid trade, is refused as a refund failure', async () => {
    const input = await paidTrade(1000);
    const base = { outTradeNo: input.outTradeNo, totalFen: 1000, reason: '', notifyUrl: receiver.url };
    await client.refund({ ...base, outRefundNo: `A${input.outTradeNo}`, refundFen: 600 });
    expect(await failure(client.refund({ ...base, outRefundNo: `B${input.outTradeNo}`, refundFen: 401 }))).toEqual({
      kind: 'refund',
      providerCode: 'INVALID_REQUEST',
    });
    const unpaid = order();
    await client.prepay(unpaid);
    expect(
      await failure(
        client.refund({
          ...base,
          outTradeNo: unpaid.outTradeNo,
          outRefundNo: `C${unpaid.outTradeNo}`,
          totalFen: 1990,
          refundFen: 1,
        }),
      ),
    ).toMatchObject({ kind: 'refund' });
  });

  it('an unknown refund is not_found', async () => {
    expect(await client.queryRefund('X1', 'NO-SUCH-REFUND')).toMatchObject({ state: 'not_found' });
  });
});

describe('WeChat Pay v3 client: callbacks', () => {
  it('a replayed callback is delivered again and parses the same (granting once is the order service’s part)', async () => {
    const input = await paidTrade();
    const first = receiver.received.at(-1);
    await standIn.notifyAgain(input.outTradeNo);
    expect(receiver.received.at(-1)).toEqual(first);
  });

  it('forged, stale, tampered, wrongly named or wrongly sealed callbacks are refused as signature', async () => {
    const input = await paidTrade();
    const resource = standIn.forge.wxResource(input.outTradeNo);
    const parse = (c: { headers: Record<string, string>; body: string }) =>
      client.parseNotify(c.headers, Buffer.from(c.body));
    expect((await parse(standIn.forge.wxCallback(resource))).kind).toBe('trade');
    const forged = standIn.forge.wxCallback(resource, { signer: 'stranger' });
    expect(await failure(parse(forged))).toEqual({ kind: 'signature', providerCode: 'callback' });
    const stale = standIn.forge.wxCallback(resource, { atMs: standIn.forge.staleMs() });
    expect(await failure(parse(stale))).toMatchObject({ kind: 'signature' });
    const unknownSerial = standIn.forge.wxCallback(resource, { serial: 'PUB_KEY_ID_0000' });
    expect(await failure(parse(unknownSerial))).toMatchObject({ kind: 'signature' });
    const genuine = standIn.forge.wxCallback(resource);
    const tampered = {
      headers: genuine.headers,
      body: genuine.body.replace('"summary":"支付成功"', '"summary":"支付成功 "'),
    };
    expect(await failure(parse(tampered))).toMatchObject({ kind: 'signature' });
    const wrongSeal = standIn.forge.wxCallback(resource, { apiV3Key: 'SomeoneElsesKey-0123456789abcdef' });
    expect(await failure(parse(wrongSeal))).toEqual({ kind: 'signature', providerCode: 'resource' });
  });

  it('a genuine callback reports the amount and ids as paid, for the order service to compare', async () => {
    const input = await paidTrade(1990);
    const resource = {
      ...standIn.forge.wxResource(input.outTradeNo),
      amount: { total: 1, currency: 'CNY' },
      mchid: '1111',
    };
    const c = standIn.forge.wxCallback(resource);
    const n = await client.parseNotify(c.headers, Buffer.from(c.body));
    expect(n).toMatchObject({ kind: 'trade', trade: { amountFen: 1, merchantId: '1111' } });
  });

  it('acks: 204 empty for success, 500 with code FAIL otherwise', () => {
    expect(client.ack(true)).toMatchObject({ status: 204, body: '' });
    expect(client.ack(false)).toMatchObject({ status: 500 });
    expect(JSON.parse(client.ack(false).body)).toEqual({ code: 'FAIL', message: '失败' });
  });
});

describe('WeChat Pay v3 client: answers and refusals', () => {
  it.each(['wrong-key', 'wrong-serial', 'old-timestamp', 'tampered-body', 'unsigned'] as const)(
    'an answer %s is refused as signature',
    async (how) => {
      const input = order();
      await client.prepay(input);
      standIn.misbehave('wxpay', how);
      const code = how === 'unsigned' ? 'unsigned' : 'answer';
      expect(await failure(client.query(input.outTradeNo))).toEqual({ kind: 'signature', providerCode: code });
    },
  );

  it('platform certificates by serial work as well; a client that knows only them refuses the public key id', async () => {
    const byCert = make({
      platform: [{ serial: standIn.providerKeys.wx.certSerial, publicKey: standIn.providerKeys.wx.publicKey }],
    });
    const input = order();
    await byCert.prepay(input);
    expect((await byCert.query(input.outTradeNo)).state).toBe('unpaid');
    const resource = standIn.forge.wxResource(input.outTradeNo);
    const c = standIn.forge.wxCallback(resource); // named by the public key id
    expect(await failure(byCert.parseNotify(c.headers, Buffer.from(c.body)))).toMatchObject({ kind: 'signature' });
  });

  it('a wrong merchant key, serial or appid is config', async () => {
    expect(await failure(make({ privateKey: otherKey() }).prepay(order()))).toEqual({
      kind: 'config',
      providerCode: 'SIGN_ERROR',
    });
    expect(await failure(make({ serialNo: 'ABCDEF' }).prepay(order()))).toEqual({
      kind: 'config',
      providerCode: 'SIGN_ERROR',
    });
    expect(await failure(make({ appId: 'wx-not-ours' }).prepay(order()))).toEqual({
      kind: 'config',
      providerCode: 'APPID_MCHID_NOT_MATCH',
    });
    expect(await failure(make({ apiV3Key: 'short' }).query('X1'))).toEqual({
      kind: 'config',
      providerCode: 'apiv3-key',
    });
    expect(await failure(make({ privateKey: 'not a key' }).query('X1'))).toEqual({
      kind: 'config',
      providerCode: 'merchant-key',
    });
  });

  it('rate limits, timeouts and an unreachable host are busy', async () => {
    standIn.throttle('wxpay');
    expect(await failure(client.prepay(order()))).toEqual({ kind: 'busy', providerCode: 'FREQUENCY_LIMITED' });
    standIn.delay(300);
    try {
      expect(await failure(make({}, 100).query('X1'))).toEqual({ kind: 'busy', providerCode: 'timeout' });
    } finally {
      standIn.delay(0);
    }
    const down = wxpayClient(config(), { apiBase: 'http://127.0.0.1:9', timeoutMs: 1000, now: () => clock.ms });
    expect(await failure(down.query('X1'))).toEqual({ kind: 'busy', providerCode: 'network' });
  });

  it('every call is signed as documented and reaches the documented path', () => {
    expect(standIn.calls.wxpay).toContain('POST /v3/pay/transactions/native');
    expect(standIn.calls.wxpay).toContain('POST /v3/pay/transactions/h5');
    expect(standIn.calls.wxpay).toContain('POST /v3/pay/transactions/jsapi');
    expect(standIn.calls.wxpay.some((c) => /^GET \/v3\/pay\/transactions\/out-trade-no\/WX\d+$/.test(c))).toBe(true);
    expect(standIn.calls.wxpay.some((c) => /^POST \/v3\/pay\/transactions\/out-trade-no\/WX\d+\/close$/.test(c))).toBe(
      true,
    );
    expect(standIn.calls.wxpay).toContain('POST /v3/refund/domestic/refunds');
  });
});
