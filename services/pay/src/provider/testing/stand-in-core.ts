import type { KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the payment stand-in (stand-in-pay.ts) and its two providers (stand-in-wxpay.ts, stand-in-alipay.ts) share. */
export type StandInProvider = 'wxpay' | 'alipay';

export type PayStandInOptions = {
  /** Milliseconds since the epoch: signatures' timestamps and trades' expiry. */
  now?: () => number;
  /** `appSecret`: the official account's, for the web authorization that gives JSAPI its payer's openid. */
  wx?: { mchId: string; appId: string; apiV3Key: string; appSecret?: string };
  alipay?: { appId: string; sellerId: string };
};

/** What the next answer does wrong, for tests of the clients' checks. */
export type Misbehaviour = 'wrong-key' | 'wrong-serial' | 'old-timestamp' | 'tampered-body' | 'unsigned';

/** A callback the stand-in sent, with what the merchant answered. */
export type Delivery = {
  provider: StandInProvider;
  kind: 'trade' | 'refund';
  outTradeNo: string;
  url: string;
  status: number;
  body: string;
};

export type StandInKeys = {
  /** WeChat: the merchant's API certificate key (we verify requests with its public half). */
  wxMerchant: { serialNo: string; privateKey: KeyObject; publicKey: KeyObject };
  /** WeChat's platform key, known by a certificate serial and by a WeChat Pay public key id. */
  wxPlatform: { certSerial: string; publicKeyId: string; privateKey: KeyObject; publicKey: KeyObject };
  alipayApp: { privateKey: KeyObject; publicKey: KeyObject };
  alipay: { privateKey: KeyObject; publicKey: KeyObject };
  /** Nobody's key: what a forger signs with. */
  stranger: { privateKey: KeyObject; publicKey: KeyObject };
};

export type Core = {
  opts: PayStandInOptions;
  keys: StandInKeys;
  now: () => number;
  /** The stand-in's own address (pages it links to, such as WeChat's h5_url). */
  url: () => string;
  throttled: (p: StandInProvider) => boolean;
  /** The misbehaviour set for the next answer, consumed. */
  misbehaviour: (p: StandInProvider) => Misbehaviour | undefined;
  record: (p: StandInProvider, what: string) => void;
  /** POSTs a callback to the merchant and records the answer (status 0: unreachable). */
  deliver: (d: Omit<Delivery, 'status' | 'body'>, headers: Record<string, string>, body: string) => Promise<Delivery>;
  /** Starts a callback after the current answer is sent (the provider's asynchronous notification). */
  later: (send: () => Promise<unknown>) => void;
};

export type Handler = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => boolean;

/** The trade operations the stand-in's hooks reach in either provider. */
export type ProviderStandIn = {
  handle: Handler;
  has: (outTradeNo: string) => boolean;
  pay: (outTradeNo: string, notify: boolean) => Promise<Delivery | undefined>;
  notifyAgain: (outTradeNo: string) => Promise<Delivery>;
};

/** The path under a documented host (`/api.mch.weixin.qq.com/v3/…` → `/v3/…`), or undefined. */
export const route = (url: URL, host: string) =>
  url.pathname.startsWith(`/${host}/`) ? url.pathname.slice(host.length + 1) : undefined;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A cashier page: what is bought, and one button posting the hidden fields back to the stand-in. */
export function cashierPage(
  res: ServerResponse,
  o: { title: string; subject: string; yuan: string; action: string; button: string; fields: Record<string, string> },
) {
  const hidden = Object.entries(o.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  htmlPage(
    res,
    200,
    o.title,
    `<p>${escapeHtml(o.subject)}</p><p>￥<b class="amount">${escapeHtml(o.yuan)}</b></p>` +
      `<form method="post" action="${escapeHtml(o.action)}">${hidden}<button type="submit">${escapeHtml(o.button)}</button></form>`,
  );
}

export function htmlPage(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

export const errorPage = (res: ServerResponse, title: string, code: string, message: string) =>
  htmlPage(res, 400, title, `<p class="error">错误代码：${escapeHtml(code)}</p><p>${escapeHtml(message)}</p>`);

/** Digits for made-up provider ids. */
export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
