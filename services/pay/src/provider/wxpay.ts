import type { KeyObject } from 'node:crypto';
import { numOf, objOf, strOf } from '@exam/server-kit';
import { parseRfc3339, rfc3339Cst } from './beijing-time';
import { headerOf, jsonObject, sendRaw } from './pay-http';
import {
  type ClientOptions,
  type PayClient,
  PayFailure,
  type Refund,
  type RefundState,
  type Trade,
  type TradeState,
} from './provider';
import { privateKeyOf, publicKeyOf, rsaSign } from './rsa';
import { authorization, lines, nonceStr, openResource, type Signer, verifyWechat } from './wxpay-sign';

/**
 * WeChat Pay API v3 for a direct merchant (微信支付 APIv3 直连商户): Native (QR code), H5 (phone browser) and
 * JSAPI (inside WeChat) prepay, query, close and refund at api.mch.weixin.qq.com, and the payment and refund
 * callbacks. Every answer must carry a valid platform signature made within five minutes (an unsigned 2xx is
 * forged); an unsigned error is believed only as a failure, never as an outcome we act on.
 */
export type WxPayConfig = {
  mchId: string;
  appId: string;
  /** The APIv3 key (32 ASCII characters): it seals the callbacks' resources. */
  apiV3Key: string;
  /** The merchant API certificate's serial number, named in every request. */
  serialNo: string;
  /** The merchant API certificate's private key (apiclient_key.pem). */
  privateKey: string;
  /** What verifies WeChat: platform certificates (or their public keys) by serial, or the WeChat Pay public key by id. */
  platform: { serial: string; publicKey: string }[] | { id: string; publicKey: string };
};

const HOST = 'api.mch.weixin.qq.com';
const USER_AGENT = 'exam-pay/1.0 (WeChatPay-APIv3; node)';

const TRADE_STATES: Record<string, TradeState> = {
  SUCCESS: 'paid',
  NOTPAY: 'unpaid',
  USERPAYING: 'unpaid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
  // 转入退款: WeChat says so after any refund, a partial one too; the refunds themselves tell how much.
  REFUND: 'refunded',
};
const REFUND_STATES: Record<string, RefundState> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  ABNORMAL: 'failed',
  CLOSED: 'failed',
};

// The documented error codes sorted by who acts: our keys or ids are wrong, WeChat is busy, the refund is refused.
const CONFIG = new Set(['SIGN_ERROR', 'APPID_MCHID_NOT_MATCH', 'MCH_NOT_EXISTS', 'NO_AUTH', 'INVALID_REQUEST']);
const BUSY = new Set(['SYSTEM_ERROR', 'SYSTEMERROR', 'FREQUENCY_LIMITED', 'BANK_ERROR']);
const REFUND = new Set(['NOT_ENOUGH', 'INVALID_REQUEST', 'USER_ACCOUNT_ABNORMAL', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND']);
const NOT_FOUND = new Set(['ORDER_NOT_EXIST', 'ORDERNOTEXIST', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND']);

type Answer = { status: number; body: Record<string, unknown>; code: string; signed: boolean };

function failureOf(a: Answer, during: 'pay' | 'refund'): PayFailure {
  const code = a.code || `http-${a.status}`;
  if (a.status === 429 || a.status >= 500 || BUSY.has(a.code)) return new PayFailure('busy', code);
  if (a.code === 'ORDERPAID') return new PayFailure('paid', code);
  // In a refund, INVALID_REQUEST is WeChat refusing it (amount, state); elsewhere it is our request's fault.
  if (during === 'refund' && REFUND.has(a.code)) return new PayFailure('refund', code);
  if (CONFIG.has(a.code) || a.status === 401) return new PayFailure('config', code);
  return new PayFailure('bad', code);
}

/** At most `max` UTF-8 bytes, never cutting a character (WeChat's description is ≤ 127 bytes). */
function truncateBytes(s: string, max: number) {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out;
}

function tradeOf(t: Record<string, unknown>): Trade {
  const state = TRADE_STATES[strOf(t.trade_state)];
  if (!state) throw new PayFailure('bad', `trade_state ${strOf(t.trade_state)}`);
  const amount = objOf(t.amount);
  const paid = state === 'paid' || state === 'refunded';
  const paidAt = parseRfc3339(strOf(t.success_time));
  return {
    outTradeNo: strOf(t.out_trade_no),
    state,
    transactionId: strOf(t.transaction_id),
    amountFen: paid ? numOf(amount.total) : 0,
    currency: strOf(amount.currency) || 'CNY',
    merchantId: strOf(t.mchid),
    appId: strOf(t.appid),
    ...(paid && paidAt ? { paidAt } : {}),
  };
}

function refundOf(r: Record<string, unknown>, status: string): Refund {
  const state = REFUND_STATES[status];
  if (!state) throw new PayFailure('bad', `refund status ${status}`);
  return {
    outTradeNo: strOf(r.out_trade_no),
    outRefundNo: strOf(r.out_refund_no),
    state,
    refundFen: numOf(objOf(r.amount).refund),
    refundId: strOf(r.refund_id),
  };
}

const notFoundTrade = (outTradeNo: string): Trade => ({
  outTradeNo,
  state: 'not_found',
  transactionId: '',
  amountFen: 0,
  currency: 'CNY',
  merchantId: '',
  appId: '',
});

export function wxpayClient(cfg: WxPayConfig, o: ClientOptions = {}): PayClient {
  const now = () => (o.now ? o.now() : Date.now());
  const base = o.apiBase ? `${o.apiBase}/${HOST}` : `https://${HOST}`;
  let keys: { signer: Signer; platform: Map<string, KeyObject>; apiV3Key: Buffer; publicKeyId?: string } | undefined;

  // Keys are read at the first call: a bad PEM or APIv3 key is the admin's to fix ('config'), not a crash at startup.
  function setup() {
    if (keys) return keys;
    const apiV3Key = Buffer.from(cfg.apiV3Key, 'utf8');
    if (apiV3Key.length !== 32) throw new PayFailure('config', 'apiv3-key');
    let key: KeyObject;
    const platform = new Map<string, KeyObject>();
    try {
      key = privateKeyOf(cfg.privateKey);
    } catch {
      throw new PayFailure('config', 'merchant-key');
    }
    try {
      const list = Array.isArray(cfg.platform)
        ? cfg.platform
        : [{ serial: cfg.platform.id, publicKey: cfg.platform.publicKey }];
      for (const p of list) platform.set(p.serial, publicKeyOf(p.publicKey));
    } catch {
      throw new PayFailure('config', 'platform-key');
    }
    keys = {
      signer: { mchId: cfg.mchId, serialNo: cfg.serialNo, key },
      platform,
      apiV3Key,
      // With the WeChat Pay public key, requests name it so that answers come signed with it.
      publicKeyId: Array.isArray(cfg.platform) ? undefined : cfg.platform.id,
    };
    return keys;
  }

  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<Answer> {
    const k = setup();
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
      Authorization: authorization(k.signer, method, pathAndQuery, body, now()),
    };
    if (body) headers['Content-Type'] = 'application/json';
    if (k.publicKeyId) headers['Wechatpay-Serial'] = k.publicKeyId;
    const a = await sendRaw(`${base}${pathAndQuery}`, { method, headers, ...(body ? { body } : {}) }, o);
    const sig = {
      serial: a.headers.get('wechatpay-serial') ?? '',
      signature: a.headers.get('wechatpay-signature') ?? '',
      timestamp: a.headers.get('wechatpay-timestamp') ?? '',
      nonce: a.headers.get('wechatpay-nonce') ?? '',
    };
    const signed = sig.signature !== '';
    if (signed && !verifyWechat(sig, a.text, k.platform, now())) throw new PayFailure('signature', 'answer');
    if (a.status >= 200 && a.status < 300 && !signed) throw new PayFailure('signature', 'unsigned');
    const parsed = jsonObject(a.text);
    return { status: a.status, body: parsed, code: strOf(parsed.code), signed };
  }

  /** An error code we treat as an outcome (not found, already closed) must come signed. */
  const believe = (a: Answer) => {
    if (!a.signed) throw new PayFailure('signature', `unsigned ${a.code}`);
  };

  return {
    provider: 'wxpay',

    async prepay(input) {
      const kind = { wxpay_native: 'native', wxpay_h5: 'h5', wxpay_jsapi: 'jsapi' }[input.channel as string];
      if (!kind) throw new PayFailure('bad', `channel ${input.channel}`);
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new PayFailure('bad', 'amount');
      if (kind === 'jsapi' && !input.openId) throw new PayFailure('bad', 'openid');
      const a = await call('POST', `/v3/pay/transactions/${kind}`, {
        appid: cfg.appId,
        mchid: cfg.mchId,
        description: truncateBytes(input.subject, 127),
        out_trade_no: input.outTradeNo,
        time_expire: rfc3339Cst(input.expireAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        ...(kind === 'jsapi' ? { payer: { openid: input.openId } } : {}),
        ...(kind === 'h5' ? { scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } } } : {}),
      });
      if (a.status !== 200) throw failureOf(a, 'pay');
      if (kind === 'native') {
        const codeUrl = strOf(a.body.code_url);
        if (!codeUrl) throw new PayFailure('bad', 'no code_url');
        return { kind: 'qr', codeUrl };
      }
      if (kind === 'h5') {
        const h5Url = strOf(a.body.h5_url);
        if (!h5Url) throw new PayFailure('bad', 'no h5_url');
        // WeChat sends the browser to redirect_url after the cashier; it is appended to h5_url, encoded.
        const url = input.returnUrl ? `${h5Url}&redirect_url=${encodeURIComponent(input.returnUrl)}` : h5Url;
        return { kind: 'redirect', url };
      }
      const prepayId = strOf(a.body.prepay_id);
      if (!prepayId) throw new PayFailure('bad', 'no prepay_id');
      const timeStamp = String(Math.floor(now() / 1000));
      const nonce = nonceStr();
      const pkg = `prepay_id=${prepayId}`;
      const paySign = rsaSign(setup().signer.key, lines(cfg.appId, timeStamp, nonce, pkg));
      return {
        kind: 'jsapi',
        params: { appId: cfg.appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign },
      };
    },

    async query(outTradeNo) {
      const q = new URLSearchParams({ mchid: cfg.mchId });
      const a = await call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?${q}`);
      if (a.status === 404 && NOT_FOUND.has(a.code)) {
        believe(a);
        return notFoundTrade(outTradeNo);
      }
      if (a.status !== 200) throw failureOf(a, 'pay');
      const trade = tradeOf(a.body);
      if (trade.outTradeNo !== outTradeNo) throw new PayFailure('bad', 'another trade');
      return trade;
    },

    async close(outTradeNo) {
      const a = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: cfg.mchId,
      });
      if (a.status === 204 || a.status === 200) return;
      // Already closed, or never created at WeChat: nothing is left to pay.
      if (a.code === 'ORDERCLOSED' || a.code === 'ORDER_CLOSED' || (a.status === 404 && NOT_FOUND.has(a.code))) {
        believe(a);
        return;
      }
      throw failureOf(a, 'pay');
    },

    async refund(input) {
      if (!Number.isSafeInteger(input.refundFen) || input.refundFen <= 0) throw new PayFailure('refund', 'amount');
      const a = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        ...(input.reason ? { reason: input.reason.slice(0, 80) } : {}),
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      if (a.status !== 200) throw failureOf(a, 'refund');
      return refundOf(a.body, strOf(a.body.status));
    },

    async queryRefund(outTradeNo, outRefundNo) {
      const a = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      if (a.status === 404 && NOT_FOUND.has(a.code)) {
        believe(a);
        return { outTradeNo, outRefundNo, state: 'not_found', refundFen: 0, refundId: '' };
      }
      if (a.status !== 200) throw failureOf(a, 'pay');
      const refund = refundOf(a.body, strOf(a.body.status));
      if (refund.outTradeNo !== outTradeNo) throw new PayFailure('bad', 'another trade');
      return refund;
    },

    async parseNotify(headers, rawBody) {
      const k = setup();
      const body = rawBody.toString('utf8');
      const sig = {
        serial: headerOf(headers, 'Wechatpay-Serial'),
        signature: headerOf(headers, 'Wechatpay-Signature'),
        timestamp: headerOf(headers, 'Wechatpay-Timestamp'),
        nonce: headerOf(headers, 'Wechatpay-Nonce'),
      };
      if (!verifyWechat(sig, body, k.platform, now())) throw new PayFailure('signature', 'callback');
      const n = jsonObject(body);
      const r = objOf(n.resource);
      let plain: string;
      try {
        plain = openResource(k.apiV3Key, {
          algorithm: strOf(r.algorithm),
          ciphertext: strOf(r.ciphertext),
          nonce: strOf(r.nonce),
          associated_data: strOf(r.associated_data),
        });
      } catch {
        // Signed by WeChat but not sealed with our APIv3 key: not for us.
        throw new PayFailure('signature', 'resource');
      }
      const resource = jsonObject(plain);
      const event = strOf(n.event_type);
      if (event === 'TRANSACTION.SUCCESS') return { kind: 'trade', trade: tradeOf(resource) };
      if (event === 'REFUND.SUCCESS' || event === 'REFUND.ABNORMAL' || event === 'REFUND.CLOSED')
        return { kind: 'refund', refund: refundOf(resource, strOf(resource.refund_status)) };
      throw new PayFailure('bad', `event ${event}`);
    },

    ack(ok) {
      return ok
        ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
        : {
            status: 500,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },
  };
}
