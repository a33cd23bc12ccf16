import type { KeyObject } from 'node:crypto';
import { strOf } from '@exam/server-kit';
import { cstDateTime, parseCstDateTime } from './beijing-time';
import { fenToYuan, rawNode, signRequest, verifyNotifyParams, yuanToFen } from './alipay-sign';
import { jsonObject, sendRaw } from './pay-http';
import { type ClientOptions, type PayClient, PayFailure, type Refund, type Trade, type TradeState } from './provider';
import { privateKeyOf, publicKeyOf, rsaVerify } from './rsa';

/**
 * Alipay open API (支付宝开放平台, gateway.do, RSA2 with the app's key pair and Alipay's public key): 电脑网站支付
 * (alipay.trade.page.pay) and 手机网站支付 (alipay.trade.wap.pay) as a signed GET URL for the browser, and
 * query, close, refund and refund query posted to the gateway. An answer's `<method>_response` node is
 * verified over its raw text; an unsigned answer is believed only as a failure. Alipay creates a page-pay
 * trade only when the buyer opens the cashier, so time_expire is what really ends an unpaid one.
 */
export type AlipayConfig = {
  appId: string;
  /** The app's RSA2048 private key (PEM, or the bare base64 Alipay's key tool shows). */
  privateKey: string;
  /** Alipay's public key for this app (not the app's own public key). */
  alipayPublicKey: string;
  gateway?: string;
  /** The seller's Alipay user id (2088…): reported for queries, whose answers do not name the seller. */
  sellerId?: string;
};

const GATEWAY = 'https://openapi.alipay.com/gateway.do';

const TRADE_STATES: Record<string, TradeState> = {
  WAIT_BUYER_PAY: 'unpaid',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

// Gateway codes and the documented sub_codes, sorted by who acts.
const CONFIG_CODES = new Set(['20001', '40002', '40006']);
const CONFIG_SUBS = new Set(['isv.invalid-signature', 'isv.invalid-app-id', 'isv.invalid-signature-type']);
const BUSY_SUBS = new Set(['ACQ.SYSTEM_ERROR', 'isp.unknow-error', 'aop.unknow-error']);
const REFUND_SUBS = new Set([
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.TRADE_HAS_CLOSE',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.REASON_TRADE_REFUND_FEE_ERR',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.SELLER_BALANCE_NOT_ENOUGH',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.DISCORDANT_REPEAT_REQUEST',
]);

type Answer = { code: string; sub: string; body: Record<string, unknown>; signed: boolean };

function failureOf(a: Answer, during: 'pay' | 'refund'): PayFailure {
  const code = a.sub || a.code;
  if (a.code === '20000' || BUSY_SUBS.has(a.sub)) return new PayFailure('busy', code);
  if (CONFIG_CODES.has(a.code) || CONFIG_SUBS.has(a.sub)) return new PayFailure('config', code);
  if (a.sub === 'ACQ.TRADE_HAS_SUCCESS') return new PayFailure('paid', code);
  if (during === 'refund' && REFUND_SUBS.has(a.sub)) return new PayFailure('refund', code);
  return new PayFailure('bad', code);
}

/** Alipay refuses `/`, `=` and `&` in a subject, and more than 256 characters. */
const subjectOf = (s: string) => [...s.replace(/[/=&]/g, ' ')].slice(0, 256).join('');

function fenOf(yuan: unknown): number {
  const fen = yuanToFen(strOf(yuan));
  if (Number.isNaN(fen)) throw new PayFailure('bad', `amount ${strOf(yuan)}`);
  return fen;
}

export function alipayClient(cfg: AlipayConfig, o: ClientOptions = {}): PayClient {
  const now = () => (o.now ? o.now() : Date.now());
  const documented = new URL(cfg.gateway || GATEWAY);
  const gateway = o.apiBase ? `${o.apiBase}/${documented.host}${documented.pathname}` : documented.toString();
  let keys: { app: KeyObject; alipay: KeyObject } | undefined;

  // Keys are read at the first call: a bad key is the admin's to fix ('config'), not a crash at startup.
  function setup() {
    if (keys) return keys;
    let app: KeyObject;
    try {
      app = privateKeyOf(cfg.privateKey);
    } catch {
      throw new PayFailure('config', 'app-key');
    }
    try {
      keys = { app, alipay: publicKeyOf(cfg.alipayPublicKey) };
    } catch {
      throw new PayFailure('config', 'alipay-public-key');
    }
    return keys;
  }

  const common = (method: string) => ({
    app_id: cfg.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: cstDateTime(new Date(now())),
    version: '1.0',
  });

  /** One API call: common parameters in the URL (as Alipay's SDKs send them), biz_content in the form body. */
  async function call(method: string, biz: Record<string, unknown>): Promise<Answer> {
    const k = setup();
    const { biz_content, ...inUrl } = signRequest({ ...common(method), biz_content: JSON.stringify(biz) }, k.app);
    const a = await sendRaw(
      `${gateway}?${new URLSearchParams(inUrl)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams({ biz_content: biz_content ?? '' }).toString(),
      },
      o,
    );
    const raw = rawNode(a.text, `${method.replaceAll('.', '_')}_response`) ?? rawNode(a.text, 'error_response');
    if (!raw) throw new PayFailure('busy', `http-${a.status}`);
    const sign = strOf(jsonObject(a.text).sign);
    if (sign && !rsaVerify(k.alipay, raw, sign)) throw new PayFailure('signature', 'answer');
    const body = jsonObject(raw);
    const code = strOf(body.code);
    if (code === '10000' && !sign) throw new PayFailure('signature', 'unsigned');
    return { code, sub: strOf(body.sub_code), body, signed: sign !== '' };
  }

  /** An error we treat as an outcome (no such trade, already closed) must come signed. */
  const believe = (a: Answer) => {
    if (!a.signed) throw new PayFailure('signature', `unsigned ${a.sub || a.code}`);
  };

  async function query(outTradeNo: string): Promise<Trade> {
    const a = await call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (a.sub === 'ACQ.TRADE_NOT_EXIST') {
      believe(a);
      return {
        outTradeNo,
        state: 'not_found',
        transactionId: '',
        amountFen: 0,
        currency: 'CNY',
        merchantId: '',
        appId: '',
      };
    }
    if (a.code !== '10000') throw failureOf(a, 'pay');
    const t = a.body;
    if (strOf(t.out_trade_no) !== outTradeNo) throw new PayFailure('bad', 'another trade');
    let state = TRADE_STATES[strOf(t.trade_status)];
    if (!state) throw new PayFailure('bad', `trade_status ${strOf(t.trade_status)}`);
    const paidAt = parseCstDateTime(strOf(t.send_pay_date));
    // TRADE_CLOSED is an unpaid trade timed out, or a paid one fully refunded (it has a payment date).
    if (state === 'closed' && paidAt) state = 'refunded';
    const paid = state === 'paid' || state === 'refunded';
    return {
      outTradeNo,
      state,
      transactionId: strOf(t.trade_no),
      amountFen: paid ? fenOf(t.total_amount) : 0,
      currency: 'CNY',
      // The answer is to our app's signed request; Alipay does not repeat the seller here.
      merchantId: strOf(t.seller_id) || cfg.sellerId || '',
      appId: cfg.appId,
      ...(paid && paidAt ? { paidAt } : {}),
    };
  }

  async function queryRefund(outTradeNo: string, outRefundNo: string): Promise<Refund> {
    const a = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: outRefundNo,
    });
    const none: Refund = { outTradeNo, outRefundNo, state: 'not_found', refundFen: 0, refundId: '' };
    if (a.sub === 'ACQ.TRADE_NOT_EXIST') {
      believe(a);
      return none;
    }
    if (a.code !== '10000') throw failureOf(a, 'pay');
    // No refund_amount: Alipay never received this refund request (or refused it).
    if (!strOf(a.body.refund_amount)) return none;
    return {
      outTradeNo,
      outRefundNo,
      state: strOf(a.body.refund_status) === 'REFUND_SUCCESS' ? 'success' : 'processing',
      refundFen: fenOf(a.body.refund_amount),
      refundId: strOf(a.body.trade_no),
    };
  }

  return {
    provider: 'alipay',

    async prepay(input) {
      const product = {
        alipay_page: ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
        alipay_wap: ['alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
      }[input.channel as string];
      if (!product) throw new PayFailure('bad', `channel ${input.channel}`);
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw new PayFailure('bad', 'amount');
      // Alipay takes letters, digits and underscores only (no '-', which WeChat allows).
      if (!/^[A-Za-z0-9_]{1,64}$/.test(input.outTradeNo)) throw new PayFailure('bad', 'out_trade_no');
      const [method, productCode] = product as [string, string];
      const biz = {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: subjectOf(input.subject),
        product_code: productCode,
        time_expire: cstDateTime(input.expireAt),
        ...(input.channel === 'alipay_wap' ? { quit_url: input.returnUrl } : {}),
      };
      const params = signRequest(
        {
          ...common(method),
          notify_url: input.notifyUrl,
          return_url: input.returnUrl,
          biz_content: JSON.stringify(biz),
        },
        setup().app,
      );
      return { kind: 'redirect', url: `${gateway}?${new URLSearchParams(params)}` };
    },

    query,

    async close(outTradeNo) {
      const a = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (a.code === '10000') return;
      if (a.sub === 'ACQ.TRADE_NOT_EXIST') {
        // The buyer never opened the cashier: nothing to close (time_expire still bounds the page).
        believe(a);
        return;
      }
      if (a.sub === 'ACQ.TRADE_STATUS_ERROR') {
        // Alipay says the same for a closed and a paid trade: ask which.
        const t = await query(outTradeNo);
        if (t.state === 'closed' || t.state === 'not_found') return;
        throw new PayFailure('paid', a.sub);
      }
      throw failureOf(a, 'pay');
    },

    async refund(input) {
      if (!Number.isSafeInteger(input.refundFen) || input.refundFen <= 0) throw new PayFailure('refund', 'amount');
      const a = await call('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.refundFen),
        out_request_no: input.outRefundNo,
        ...(input.reason ? { refund_reason: input.reason.slice(0, 256) } : {}),
      });
      if (a.code !== '10000') throw failureOf(a, 'refund');
      // fund_change Y: money moved now. N (a repeated request, or still in progress): the refund query decides.
      if (strOf(a.body.fund_change) !== 'Y') {
        const r = await queryRefund(input.outTradeNo, input.outRefundNo);
        return r.state === 'not_found' ? { ...r, state: 'processing', refundFen: input.refundFen } : r;
      }
      return {
        outTradeNo: input.outTradeNo,
        outRefundNo: input.outRefundNo,
        state: 'success',
        refundFen: input.refundFen,
        refundId: strOf(a.body.trade_no),
      };
    },

    queryRefund,

    async parseNotify(_headers, rawBody) {
      const k = setup();
      const params = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
      if (!params.sign || !verifyNotifyParams(params, k.alipay)) throw new PayFailure('signature', 'callback');
      const outTradeNo = params.out_trade_no ?? '';
      // A refund shows as the trade's status sync carrying refund_fee (the trade's refunded total so far),
      // gmt_refund and out_biz_no (our out_request_no): the refund's own amount comes from the refund query.
      if (params.refund_fee && params.gmt_refund && params.out_biz_no)
        return { kind: 'refund', refund: await queryRefund(outTradeNo, params.out_biz_no) };
      let state = TRADE_STATES[params.trade_status ?? ''];
      if (!state) throw new PayFailure('bad', `trade_status ${params.trade_status}`);
      const totalFen = fenOf(params.total_amount);
      if (state === 'closed' && params.refund_fee && fenOf(params.refund_fee) === totalFen) state = 'refunded';
      const paid = state === 'paid' || state === 'refunded';
      const paidAt = parseCstDateTime(params.gmt_payment ?? '');
      return {
        kind: 'trade',
        trade: {
          outTradeNo,
          state,
          transactionId: params.trade_no ?? '',
          amountFen: paid ? totalFen : 0,
          currency: 'CNY',
          merchantId: params.seller_id ?? '',
          appId: params.app_id ?? '',
          ...(paid && paidAt ? { paidAt } : {}),
        },
      };
    },

    ack(ok) {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
    },
  };
}
