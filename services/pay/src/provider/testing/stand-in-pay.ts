import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { json, serveStandIn } from '@exam/server-kit/stand-in-server';
import { rfc3339Cst } from '../beijing-time';
import { jsonObject } from '../pay-http';
import { WINDOW_SEC } from '../wxpay-sign';
import { alipayStandIn } from './stand-in-alipay';
import { alipayCallback } from './stand-in-alipay-shapes';
import type { Core, Delivery, Misbehaviour, PayStandInOptions, StandInKeys, StandInProvider } from './stand-in-core';
import { wxpayStandIn } from './stand-in-wxpay';
import { wxCallback } from './stand-in-wxpay-shapes';
import { wxAuthStandIn } from './stand-in-wxauth';

export type { Delivery, Misbehaviour, PayStandInOptions, StandInProvider } from './stand-in-core';

/**
 * A local stand-in for WeChat Pay v3 and Alipay, FOR TESTS AND E2E ONLY (their hosts cannot be reached here).
 * One HTTP server plays both under their real paths (`/api.mch.weixin.qq.com/v3/…`,
 * `/openapi.alipay.com/gateway.do`), so a client pointed at it with `apiBase` keeps its documented paths. It
 * checks what the providers check and signs what they sign, with keys generated at start: `merchantKeys` go
 * into the site's payment settings, `providerKeys` are what the merchant is given to verify the providers.
 * The payer is played by `pay()` (or `POST /__stand-in/pay {outTradeNo}` in e2e, or the cashier pages).
 */
export async function startPayStandIn(opts: PayStandInOptions = {}) {
  const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys: StandInKeys = {
    wxMerchant: { serialNo: randomBytes(20).toString('hex').toUpperCase(), ...pair() },
    wxPlatform: {
      certSerial: randomBytes(20).toString('hex').toUpperCase(),
      publicKeyId: `PUB_KEY_ID_01${randomBytes(13).toString('hex').replace(/\D/g, '7').slice(0, 24)}`,
      ...pair(),
    },
    alipayApp: pair(),
    alipay: pair(),
    stranger: pair(),
  };
  const now = () => (opts.now ? opts.now() : Date.now());
  const throttles: Record<StandInProvider, number> = { wxpay: 0, alipay: 0 };
  const misbehaviours: Partial<Record<StandInProvider, Misbehaviour>> = {};
  const calls: Record<StandInProvider, string[]> = { wxpay: [], alipay: [] };
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<unknown>>();
  let selfUrl = '';

  const core: Core = {
    opts,
    keys,
    now,
    url: () => selfUrl,
    throttled(p) {
      if (throttles[p] <= 0) return false;
      throttles[p] -= 1;
      return true;
    },
    misbehaviour(p) {
      const how = misbehaviours[p];
      delete misbehaviours[p];
      return how;
    },
    record: (p, what) => void calls[p].push(what),
    async deliver(d, headers, body) {
      let status = 0;
      let answer = '';
      try {
        const res = await fetch(d.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
        status = res.status;
        answer = await res.text();
      } catch {
        // Unreachable merchant: recorded as status 0; the provider would retry later.
      }
      const done = { ...d, status, body: answer };
      deliveries.push(done);
      return done;
    },
    later(send) {
      const p = new Promise((resolve) => setTimeout(resolve, 0)).then(send).finally(() => pending.delete(p));
      pending.add(p);
    },
  };
  const wx = wxpayStandIn(core);
  const ali = alipayStandIn(core);
  const wxAuth = wxAuthStandIn(core);
  const providerOf = (outTradeNo: string) => {
    const p = [wx, ali].find((s) => s.has(outTradeNo));
    if (!p) throw new Error(`stand-in: no trade ${outTradeNo}`);
    return p;
  };

  const server = await serveStandIn([
    async (req, body, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      if (url.pathname === '/__stand-in/pay' && req.method === 'POST') {
        // The e2e payer "scans and pays" the trade.
        const outTradeNo = String(jsonObject(body.toString('utf8')).outTradeNo ?? '');
        try {
          const d = await providerOf(outTradeNo).pay(outTradeNo, true);
          json(res, 200, { ok: true, notified: d?.status ?? 0 });
        } catch (e) {
          json(res, 409, { ok: false, message: (e as Error).message });
        }
        return true;
      }
      return wx.handle(req, url, body, res) || ali.handle(req, url, body, res) || wxAuth(req, url, body, res);
    },
  ]);
  selfUrl = server.url;

  const pem = { format: 'pem' } as const;
  return {
    url: server.url,
    /** What the merchant configures (WeChat: ids, APIv3 key, certificate serial and key; Alipay: app id and key). */
    merchantKeys: {
      wx: {
        mchId: opts.wx?.mchId ?? '',
        appId: opts.wx?.appId ?? '',
        apiV3Key: opts.wx?.apiV3Key ?? '',
        serialNo: keys.wxMerchant.serialNo,
        privateKey: keys.wxMerchant.privateKey.export({ ...pem, type: 'pkcs8' }) as string,
      },
      alipay: {
        appId: opts.alipay?.appId ?? '',
        sellerId: opts.alipay?.sellerId ?? '',
        privateKey: keys.alipayApp.privateKey.export({ ...pem, type: 'pkcs8' }) as string,
      },
    },
    /** What verifies the providers: WeChat's platform key by public key id or certificate serial, Alipay's public key. */
    providerKeys: {
      wx: {
        publicKeyId: keys.wxPlatform.publicKeyId,
        certSerial: keys.wxPlatform.certSerial,
        publicKey: keys.wxPlatform.publicKey.export({ ...pem, type: 'spki' }) as string,
      },
      alipay: { publicKey: keys.alipay.publicKey.export({ ...pem, type: 'spki' }) as string },
    },
    /** The payer pays; the signed callback goes to the trade's notify_url unless `notify: false`. */
    pay: (outTradeNo: string, o: { notify?: boolean } = {}) =>
      providerOf(outTradeNo).pay(outTradeNo, o.notify !== false),
    /** The provider repeats the payment callback (a replay, as providers retry). */
    notifyAgain: (outTradeNo: string) => providerOf(outTradeNo).notifyAgain(outTradeNo),
    /** WeChat: a PROCESSING refund succeeds and its callback is sent. */
    refundSettle: (outRefundNo: string) => wx.refundSettle(outRefundNo),
    /** The next `n` calls to the provider are refused as rate-limited (WeChat 429 FREQUENCY_LIMITED, Alipay 20000). */
    throttle: (p: StandInProvider, n = 1) => void (throttles[p] += n),
    /** The provider's next answer is signed wrongly, or not at all. */
    misbehave: (p: StandInProvider, how: Misbehaviour) => void (misbehaviours[p] = how),
    /** Provider calls received: `POST /v3/pay/transactions/native`, `alipay.trade.query`, … */
    calls,
    /** Callbacks sent, with what the merchant answered. */
    deliveries,
    /** Waits for callbacks the stand-in started on its own (Alipay's refund notifications). */
    idle: async () => {
      while (pending.size) await Promise.all(pending);
    },
    /** Callbacks built by hand for tests: genuine (the providers' keys) or forged, whole or altered. */
    forge: {
      wxResource: (outTradeNo: string) => wx.resourceOf(outTradeNo),
      wxCallback: (
        resource: Record<string, unknown>,
        o: { event?: string; signer?: 'platform' | 'stranger'; atMs?: number; serial?: string; apiV3Key?: string } = {},
      ) =>
        wxCallback({
          key: o.signer === 'stranger' ? keys.stranger.privateKey : keys.wxPlatform.privateKey,
          serial: o.serial ?? keys.wxPlatform.publicKeyId,
          apiV3Key: o.apiV3Key ?? opts.wx?.apiV3Key ?? '',
          event: o.event ?? 'TRANSACTION.SUCCESS',
          resource,
          atMs: o.atMs ?? now(),
        }),
      alipayParams: (outTradeNo: string) => ali.paramsOf(outTradeNo),
      alipayCallback: (params: Record<string, string>, o: { signer?: 'alipay' | 'stranger' } = {}) =>
        alipayCallback(params, o.signer === 'stranger' ? keys.stranger.privateKey : keys.alipay.privateKey),
      /** A time outside WeChat's five-minute window. */
      staleMs: () => now() - (WINDOW_SEC + 60) * 1000,
      rfc3339: (ms: number) => rfc3339Cst(new Date(ms)),
    },
    delay: server.delay,
    close: server.close,
  };
}
export type PayStandIn = Awaited<ReturnType<typeof startPayStandIn>>;

/**
 * The site's payment settings (支付设置) that point both providers at this stand-in: the merchant's keys and the
 * providers' public keys; how Alipay's address reaches it (`apiBase` or `gateway`) is the caller's to add.
 */
export function standInSettings(s: PayStandIn, wxAppSecret: string) {
  const { merchantKeys: m, providerKeys: p } = s;
  return {
    wxpay: {
      enabled: true,
      ...m.wx,
      appSecret: wxAppSecret,
      publicKeyId: p.wx.publicKeyId,
      publicKey: p.wx.publicKey,
      apiBase: s.url,
    },
    alipay: { enabled: true, ...m.alipay, alipayPublicKey: p.alipay.publicKey },
  };
}
