import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type AlipayConfig, alipayClient } from './alipay';
import { fenToYuan, rawNode, signContent, verifyNotifyParams, yuanToFen } from './alipay-sign';
import type { PayClient, PrepayInput } from './provider';
import { rsaVerify } from './rsa';
import { startNotifyReceiver } from './testing/notify-receiver';
import { type PayStandIn, startPayStandIn } from './testing/stand-in-pay';

// The Alipay client against the stand-in: 电脑网站支付 and 手机网站支付 through the cashier page, query, close,
// refund and refund query, the notifications, each way an answer or a notification can be forged, and the
// fen ↔ yuan conversion that must never go through floating point.
const ALI = { appId: '2021000000000001', sellerId: '2088000000000099' };
const clock = { ms: Date.UTC(2026, 10, 23, 2, 0, 0) };
const MINUTE = 60_000;
let standIn: PayStandIn;
let receiver: Awaited<ReturnType<typeof startNotifyReceiver>>;
let client: PayClient;
let seq = 0;

const make = (over: Partial<AlipayConfig> = {}, timeoutMs = 2000) =>
  alipayClient(
    {
      appId: ALI.appId,
      sellerId: ALI.sellerId,
      privateKey: standIn.merchantKeys.alipay.privateKey,
      alipayPublicKey: standIn.providerKeys.alipay.publicKey,
      ...over,
    },
    { apiBase: standIn.url, timeoutMs, now: () => clock.ms },
  );
const order = (over: Partial<PrepayInput> = {}): PrepayInput => ({
  channel: 'alipay_page',
  outTradeNo: `ALI${Date.now()}${++seq}`,
  amountFen: 12345,
  subject: '付费考试：特种作业/复审',
  notifyUrl: receiver.url,
  returnUrl: 'https://exam.example.com/pay/return',
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
const formOf = (html: string) =>
  new URLSearchParams([...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

/** The browser opens the cashier (the trade exists from then on); returns the page. */
async function openCashier(input: PrepayInput) {
  const prepay = await client.prepay(input);
  if (prepay.kind !== 'redirect') throw new Error(prepay.kind);
  const res = await fetch(prepay.url);
  return { url: prepay.url, status: res.status, html: await res.text() };
}
/** 确认付款 on the cashier page: returns where the browser is sent. */
async function confirm(html: string) {
  const res = await fetch(`${standIn.url}/openapi.alipay.com/__stand-in/cashier`, {
    method: 'POST',
    body: formOf(html),
    redirect: 'manual',
  });
  return res.headers.get('location') ?? '';
}
async function paidTrade(amountFen = 12345) {
  const input = order({ amountFen });
  await confirm((await openCashier(input)).html);
  return input;
}

beforeAll(async () => {
  standIn = await startPayStandIn({ alipay: ALI, now: () => clock.ms });
  receiver = await startNotifyReceiver(() => client);
  client = make();
});
afterAll(async () => {
  await receiver.close();
  await standIn.close();
});

describe('fen and yuan', () => {
  it('fen become yuan strings with two decimals', () => {
    expect([1, 10, 100, 12345, 0, 1999, 100000000].map(fenToYuan)).toEqual([
      '0.01',
      '0.10',
      '1.00',
      '123.45',
      '0.00',
      '19.99',
      '1000000.00',
    ]);
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
  });

  it('the floating point pitfalls do not happen', () => {
    expect(0.1 + 0.2).not.toBe(0.3); // why amounts stay integers
    expect(fenToYuan(10 + 20)).toBe('0.30');
    expect(19.99 * 100).not.toBe(1999);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('0.3')).toBe(30);
    expect(yuanToFen('1.005')).toBeNaN();
    expect(yuanToFen('123.45')).toBe(12345);
    expect(yuanToFen('12')).toBe(1200);
    expect(['', '-1', '1e3', '0x10', ' 1'].map(yuanToFen).every(Number.isNaN)).toBe(true);
  });

  it('an answer node is cut out exactly, braces inside strings included', () => {
    const raw = '{"alipay_trade_query_response":{"code":"10000","msg":"a}{\\"b","x":{"y":1}},"sign":"S"}';
    expect(rawNode(raw, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"a}{\\"b","x":{"y":1}}');
    expect(rawNode(raw, 'missing_response')).toBeUndefined();
  });
});

describe('Alipay client: page and wap pay', () => {
  it('the page pay URL is the signed GET form of the documented parameters', async () => {
    const input = order();
    const prepay = await client.prepay(input);
    if (prepay.kind !== 'redirect') throw new Error(prepay.kind);
    const url = new URL(prepay.url);
    expect(url.pathname).toBe('/openapi.alipay.com/gateway.do');
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      app_id: ALI.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-23 10:00:00',
      notify_url: receiver.url,
      return_url: input.returnUrl,
    });
    expect(JSON.parse(p.biz_content!)).toEqual({
      out_trade_no: input.outTradeNo,
      total_amount: '123.45',
      subject: '付费考试：特种作业 复审',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2026-11-23 10:15:00',
    });
    const appPublic = createPublicKey(standIn.merchantKeys.alipay.privateKey);
    expect(rsaVerify(appPublic, signContent(p, ['sign']), p.sign!)).toBe(true);
  });

  it('the cashier takes the payment: notification, signed return to return_url, query paid', async () => {
    const input = order();
    const page = await openCashier(input);
    expect(page.status).toBe(200);
    expect(page.html).toContain('确认付款');
    expect(page.html).toContain('123.45');
    expect((await client.query(input.outTradeNo)).state).toBe('unpaid');
    const back = new URL(await confirm(page.html));
    expect(`${back.origin}${back.pathname}`).toBe(input.returnUrl);
    const params = Object.fromEntries(back.searchParams);
    expect(params).toMatchObject({
      out_trade_no: input.outTradeNo,
      total_amount: '123.45',
      method: 'alipay.trade.page.pay.return',
    });
    expect(verifyNotifyParams(params, createPublicKey(standIn.providerKeys.alipay.publicKey))).toBe(true);
    expect(standIn.deliveries.at(-1)).toMatchObject({ provider: 'alipay', status: 200, body: 'success' });
    expect(receiver.received.at(-1)).toMatchObject({
      kind: 'trade',
      trade: {
        outTradeNo: input.outTradeNo,
        state: 'paid',
        amountFen: 12345,
        merchantId: ALI.sellerId,
        appId: ALI.appId,
      },
    });
    const trade = await client.query(input.outTradeNo);
    expect(trade).toMatchObject({
      state: 'paid',
      amountFen: 12345,
      transactionId: params.trade_no,
      merchantId: ALI.sellerId,
    });
    expect(trade.paidAt?.getTime()).toBe(clock.ms);
  });

  it('wap pay is QUICK_WAP_WAY with quit_url and opens the same cashier', async () => {
    const input = order({ channel: 'alipay_wap', amountFen: 1 });
    const page = await openCashier(input);
    const p = Object.fromEntries(new URL(page.url).searchParams);
    expect(p.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(p.biz_content!)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      total_amount: '0.01',
      quit_url: input.returnUrl,
    });
    expect(page.html).toContain('0.01');
  });

  it('an out_trade_no with a hyphen is refused before it reaches Alipay (letters, digits, underscores only)', async () => {
    expect(await failure(client.prepay(order({ outTradeNo: 'ORDER-2026-1' })))).toEqual({
      kind: 'bad',
      providerCode: 'out_trade_no',
    });
  });

  it('the same out_trade_no with another amount is refused as tampered', async () => {
    const input = order();
    await openCashier(input);
    const again = await openCashier({ ...input, amountFen: 100 });
    expect(again.status).toBe(400);
    expect(again.html).toContain('ACQ.CONTEXT_INCONSISTENT');
  });

  it('a URL signed with another key is refused at the cashier', async () => {
    const prepay = await make({ privateKey: otherKey() }).prepay(order());
    const res = await fetch((prepay as { url: string }).url);
    expect(await res.text()).toContain('isv.invalid-signature');
  });
});

describe('Alipay client: query and close', () => {
  it('before the buyer opens the cashier the trade does not exist: not_found, and closing is a no-op', async () => {
    const input = order();
    await client.prepay(input);
    expect(await client.query(input.outTradeNo)).toMatchObject({ state: 'not_found' });
    await client.close(input.outTradeNo);
  });

  it('closing an opened trade closes it; closing again is fine; a paid one is refused as paid', async () => {
    const input = order();
    await openCashier(input);
    await client.close(input.outTradeNo);
    expect((await client.query(input.outTradeNo)).state).toBe('closed');
    await client.close(input.outTradeNo);
    await expect(standIn.pay(input.outTradeNo)).rejects.toThrow('已关闭');
    const paid = await paidTrade();
    expect(await failure(client.close(paid.outTradeNo))).toEqual({
      kind: 'paid',
      providerCode: 'ACQ.TRADE_STATUS_ERROR',
    });
  });

  it('a trade past time_expire closes itself', async () => {
    const input = order();
    await openCashier(input);
    clock.ms += 16 * MINUTE;
    expect((await client.query(input.outTradeNo)).state).toBe('closed');
    await expect(standIn.pay(input.outTradeNo)).rejects.toThrow('已关闭');
  });
});

describe('Alipay client: refunds', () => {
  it('partial refunds succeed at once, each notified with its own amount; the full one closes the trade as refunded', async () => {
    const input = await paidTrade(10000);
    const base = { outTradeNo: input.outTradeNo, totalFen: 10000, reason: '考试取消', notifyUrl: receiver.url };
    const first = await client.refund({ ...base, outRefundNo: `R1${input.outTradeNo}`, refundFen: 3000 });
    expect(first).toMatchObject({ state: 'success', refundFen: 3000 });
    await standIn.idle();
    expect(receiver.received.at(-1)).toMatchObject({
      kind: 'refund',
      refund: { outRefundNo: `R1${input.outTradeNo}`, refundFen: 3000, state: 'success' },
    });
    expect((await client.query(input.outTradeNo)).state).toBe('paid');
    await client.refund({ ...base, outRefundNo: `R2${input.outTradeNo}`, refundFen: 7000 });
    await standIn.idle();
    expect(receiver.received.at(-1)).toMatchObject({
      kind: 'refund',
      refund: { outRefundNo: `R2${input.outTradeNo}`, refundFen: 7000 },
    });
    expect((await client.query(input.outTradeNo)).state).toBe('refunded');
    expect(await client.queryRefund(input.outTradeNo, `R1${input.outTradeNo}`)).toMatchObject({
      state: 'success',
      refundFen: 3000,
    });
    // The same refund again moves no money and still reads as done.
    expect(await client.refund({ ...base, outRefundNo: `R1${input.outTradeNo}`, refundFen: 3000 })).toMatchObject({
      state: 'success',
      refundFen: 3000,
    });
    expect(await failure(client.refund({ ...base, outRefundNo: `R3${input.outTradeNo}`, refundFen: 1 }))).toEqual({
      kind: 'refund',
      providerCode: 'ACQ.TRADE_HAS_CLOSE',
    });
  });

  it('more than what is left is refused as a refund failure; an unknown refund is not_found', async () => {
    const input = await paidTrade(500);
    const base = { outTradeNo: input.outTradeNo, totalFen: 500, reason: '', notifyUrl: receiver.url };
    expect(await failure(client.refund({ ...base, outRefundNo: `X${input.outTradeNo}`, refundFen: 501 }))).toEqual({
      kind: 'refund',
      providerCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
    });
    expect(await client.queryRefund(input.outTradeNo, 'NO-SUCH')).toMatchObject({ state: 'not_found' });
  });
});

describe('Alipay client: notifications', () => {
  it('a replay parses the same; forged or altered notifications are refused as signature', async () => {
    const input = await paidTrade();
    const first = receiver.received.at(-1);
    await standIn.notifyAgain(input.outTradeNo);
    expect(receiver.received.at(-1)).toEqual(first);
    const params = standIn.forge.alipayParams(input.outTradeNo);
    const parse = (body: string) => client.parseNotify({}, Buffer.from(body));
    expect((await parse(standIn.forge.alipayCallback(params))).kind).toBe('trade');
    expect(await failure(parse(standIn.forge.alipayCallback(params, { signer: 'stranger' })))).toEqual({
      kind: 'signature',
      providerCode: 'callback',
    });
    const tampered = standIn.forge.alipayCallback(params).replace('total_amount=123.45', 'total_amount=0.01');
    expect(await failure(parse(tampered))).toMatchObject({ kind: 'signature' });
    const unsigned = new URLSearchParams(params).toString();
    expect(await failure(parse(unsigned))).toMatchObject({ kind: 'signature' });
  });

  it('a genuine notification reports amount, app and seller, for the order service to compare', async () => {
    const input = await paidTrade();
    const params = { ...standIn.forge.alipayParams(input.outTradeNo), total_amount: '0.01', seller_id: '2088999' };
    const n = await client.parseNotify({}, Buffer.from(standIn.forge.alipayCallback(params)));
    expect(n).toMatchObject({ kind: 'trade', trade: { amountFen: 1, merchantId: '2088999', appId: ALI.appId } });
  });

  it('acks are the text success or failure', () => {
    expect(client.ack(true)).toMatchObject({ status: 200, body: 'success' });
    expect(client.ack(false)).toMatchObject({ status: 200, body: 'failure' });
  });
});

describe('Alipay client: answers and refusals', () => {
  it.each(['wrong-key', 'tampered-body', 'unsigned'] as const)('an answer %s is refused as signature', async (how) => {
    const input = order();
    await openCashier(input);
    standIn.misbehave('alipay', how);
    const code = how === 'unsigned' ? 'unsigned' : 'answer';
    expect(await failure(client.query(input.outTradeNo))).toEqual({ kind: 'signature', providerCode: code });
  });

  it('a wrong app key or app id is config; rate limits and timeouts are busy', async () => {
    expect(await failure(make({ privateKey: otherKey() }).query('A1'))).toEqual({
      kind: 'config',
      providerCode: 'isv.invalid-signature',
    });
    expect(await failure(make({ appId: '2021999' }).query('A1'))).toEqual({
      kind: 'config',
      providerCode: 'isv.invalid-app-id',
    });
    expect(await failure(make({ alipayPublicKey: 'garbage' }).query('A1'))).toMatchObject({ kind: 'config' });
    standIn.throttle('alipay');
    expect(await failure(client.query('A1'))).toEqual({ kind: 'busy', providerCode: 'isp.unknow-error' });
    standIn.delay(300);
    try {
      expect(await failure(make({}, 100).query('A1'))).toEqual({ kind: 'busy', providerCode: 'timeout' });
    } finally {
      standIn.delay(0);
    }
  });

  it('a bare base64 key as Alipay’s console shows it works like the PEM', async () => {
    const bare = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');
    const c = make({
      privateKey: bare(standIn.merchantKeys.alipay.privateKey),
      alipayPublicKey: bare(standIn.providerKeys.alipay.publicKey),
    });
    expect(await c.query('NOT-THERE-1')).toMatchObject({ state: 'not_found' });
  });

  it('the API methods reach the gateway as documented', () => {
    for (const m of [
      'alipay.trade.page.pay',
      'alipay.trade.wap.pay',
      'alipay.trade.query',
      'alipay.trade.close',
      'alipay.trade.refund',
      'alipay.trade.fastpay.refund.query',
    ])
      expect(standIn.calls.alipay).toContain(m);
  });
});
