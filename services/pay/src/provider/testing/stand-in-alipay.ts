import type { IncomingMessage, ServerResponse } from 'node:http';
import { strOf } from '@exam/server-kit';
import { fenToYuan, signContent, signNotifyParams, yuanToFen } from '../alipay-sign';
import { cstDateTime, parseCstDateTime } from '../beijing-time';
import { jsonObject } from '../pay-http';
import { rsaSign, rsaVerify } from '../rsa';
import { type AliTrade, alipayCallback, business, notifyParams, PRODUCTS, SUCCESS } from './stand-in-alipay-shapes';
import { type Core, cashierPage, type Delivery, digits, errorPage, type ProviderStandIn, route } from './stand-in-core';

/**
 * The Alipay open API as the stand-in plays it (tests only) at /openapi.alipay.com/gateway.do: it checks the
 * app's RSA2 request signature (else 40002 isv.invalid-signature, unsigned), the app id, formats and amounts;
 * page/wap pay URLs open a cashier page (the trade is created then, as at Alipay) whose 确认付款 pays, notifies
 * and returns the browser to return_url with signed parameters; query, close, refund (synchronous, up to what
 * is left) and refund query answer with the `<method>_response` node signed by Alipay's key; each refund
 * sends the trade's status sync notification carrying refund_fee.
 */
const API = new Set([
  'alipay.trade.query',
  'alipay.trade.close',
  'alipay.trade.refund',
  'alipay.trade.fastpay.refund.query',
]);
const CASHIER = '/openapi.alipay.com/__stand-in/cashier';

export function alipayStandIn(
  core: Core,
): ProviderStandIn & { paramsOf: (outTradeNo: string) => Record<string, string> } {
  const trades = new Map<string, AliTrade>();
  const { alipayApp, alipay, stranger } = core.keys;
  const cfg = () => core.opts.alipay ?? { appId: '', sellerId: '' };
  const stamp = () => cstDateTime(new Date(core.now()));

  const live = (t: AliTrade | undefined) => {
    if (t && t.status === 'WAIT_BUYER_PAY' && core.now() >= t.expireAt) {
      t.status = 'TRADE_CLOSED';
      t.gmtClose = stamp();
    }
    return t;
  };

  /** An API answer: the node's exact text is what Alipay signs. */
  function answer(res: ServerResponse, method: string, node: Record<string, unknown>, signed = true) {
    let inner = JSON.stringify(node);
    const how = core.misbehaviour('alipay');
    const key = how === 'wrong-key' || how === 'wrong-serial' ? stranger.privateKey : alipay.privateKey;
    const sign = signed && how !== 'unsigned' ? rsaSign(key, inner) : '';
    if (how === 'tampered-body') inner = `{"tampered":true,${inner.slice(1)}`;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(`{"${method.replaceAll('.', '_')}_response":${inner}${sign ? `,"sign":"${sign}"` : ''}}`);
    return true;
  }

  const notify = (t: AliTrade, extra: Record<string, string> = {}) =>
    core.deliver(
      { provider: 'alipay', kind: extra.out_biz_no ? 'refund' : 'trade', outTradeNo: t.outTradeNo, url: t.notifyUrl },
      { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      alipayCallback({ ...notifyParams(t, cfg(), stamp()), ...extra }, alipay.privateKey),
    );

  async function pay(outTradeNo: string, send: boolean): Promise<Delivery | undefined> {
    const t = live(trades.get(outTradeNo));
    if (!t) throw new Error(`支付宝：交易不存在 ${outTradeNo}`);
    if (t.status === 'TRADE_CLOSED') throw new Error(`支付宝：交易已关闭，无法付款 ${outTradeNo}`);
    if (t.status === 'WAIT_BUYER_PAY') {
      t.status = 'TRADE_SUCCESS';
      t.gmtPayment = stamp();
    }
    return send ? notify(t) : undefined;
  }

  /** 电脑网站支付 / 手机网站支付: the browser arrives with the signed GET URL; the trade exists from now on. */
  function cashier(res: ServerResponse, method: string, p: Record<string, string>) {
    const biz = jsonObject(p.biz_content ?? '');
    const outTradeNo = strOf(biz.out_trade_no);
    const yuan = strOf(biz.total_amount);
    const total = yuanToFen(yuan);
    const expireAt = parseCstDateTime(strOf(biz.time_expire));
    const title = '支付宝收银台';
    if (biz.product_code !== PRODUCTS[method])
      return errorPage(res, title, 'ACQ.INVALID_PARAMETER', 'product_code错误');
    if (!/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo))
      return errorPage(res, title, 'ACQ.INVALID_PARAMETER', '商户订单号不合法');
    if (Number.isNaN(total) || total < 1 || total > 10_000_000_000)
      return errorPage(res, title, 'ACQ.TOTAL_FEE_EXCEED', '订单金额不合法');
    if (!strOf(biz.subject)) return errorPage(res, title, 'ACQ.INVALID_PARAMETER', '订单标题不能为空');
    if (biz.time_expire !== undefined && !expireAt)
      return errorPage(res, title, 'ACQ.INVALID_PARAMETER', 'time_expire格式错误');
    let t = live(trades.get(outTradeNo));
    if (t && (t.total !== total || t.subject !== biz.subject))
      return errorPage(res, title, 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
    if (t?.status === 'TRADE_SUCCESS') return errorPage(res, title, 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    if (t?.status === 'TRADE_CLOSED' || (expireAt && expireAt.getTime() <= core.now()))
      return errorPage(res, title, 'ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
    if (!t) {
      t = {
        outTradeNo,
        method,
        subject: strOf(biz.subject),
        total,
        notifyUrl: p.notify_url ?? '',
        returnUrl: p.return_url ?? '',
        // Without time_expire Alipay's default keeps an unpaid trade for 15 days.
        expireAt: expireAt ? expireAt.getTime() : core.now() + 15 * 86400_000,
        status: 'WAIT_BUYER_PAY',
        tradeNo: `${cstDateTime(new Date(core.now())).slice(0, 10).replaceAll('-', '')}22001${digits(17)}`,
        gmtCreate: stamp(),
        gmtPayment: '',
        gmtClose: '',
        refunded: 0,
        refunds: new Map(),
      };
      trades.set(outTradeNo, t);
    }
    const fields = { out_trade_no: outTradeNo };
    cashierPage(res, {
      title,
      subject: t.subject,
      yuan: fenToYuan(t.total),
      action: CASHIER,
      button: '确认付款',
      fields,
    });
  }

  /** 确认付款: pays, notifies, and sends the browser back with the signed synchronous return. */
  async function confirm(res: ServerResponse, outTradeNo: string) {
    const t = live(trades.get(outTradeNo));
    if (!t || t.status !== 'WAIT_BUYER_PAY')
      return errorPage(res, '支付宝收银台', 'ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    await pay(outTradeNo, true);
    const back = signNotifyParams(
      {
        app_id: cfg().appId,
        auth_app_id: cfg().appId,
        charset: 'utf-8',
        method: `${t.method}.return`,
        out_trade_no: t.outTradeNo,
        seller_id: cfg().sellerId,
        timestamp: stamp(),
        total_amount: fenToYuan(t.total),
        trade_no: t.tradeNo,
        version: '1.0',
        sign_type: 'RSA2',
      },
      alipay.privateKey,
    );
    const target = new URL(t.returnUrl);
    for (const [k, v] of Object.entries(back)) target.searchParams.set(k, v);
    res.writeHead(302, { location: target.toString() }).end();
  }

  function refund(res: ServerResponse, method: string, t: AliTrade, biz: Record<string, unknown>) {
    const amount = yuanToFen(strOf(biz.refund_amount));
    const requestNo = strOf(biz.out_request_no) || t.outTradeNo;
    if (Number.isNaN(amount) || amount < 1)
      return answer(res, method, business('ACQ.REFUND_FEE_ERROR', '退款金额不合法'));
    const done = t.refunds.get(requestNo);
    if (done && done.amount !== amount)
      return answer(res, method, business('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致'));
    if (!done) {
      if (t.status === 'TRADE_CLOSED') return answer(res, method, business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'));
      if (t.status !== 'TRADE_SUCCESS')
        return answer(res, method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      if (amount > t.total - t.refunded)
        return answer(res, method, business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
      const gmt = `${stamp()}.000`;
      t.refunds.set(requestNo, { amount, gmt });
      t.refunded += amount;
      if (t.refunded === t.total) {
        t.status = 'TRADE_CLOSED';
        t.gmtClose = stamp();
      }
      const extra = { refund_fee: fenToYuan(t.refunded), gmt_refund: gmt, out_biz_no: requestNo };
      core.later(() => notify(t, extra));
    }
    return answer(res, method, {
      ...SUCCESS,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'sta***@stand-in.test',
      fund_change: done ? 'N' : 'Y',
      refund_fee: fenToYuan(t.refunded),
      gmt_refund_pay: (done ?? t.refunds.get(requestNo))!.gmt.slice(0, 19),
      buyer_user_id: '2088000000000001',
    });
  }

  function api(res: ServerResponse, method: string, biz: Record<string, unknown>) {
    const t = live(trades.get(strOf(biz.out_trade_no)));
    if (!t) return answer(res, method, business('ACQ.TRADE_NOT_EXIST', '交易不存在'));
    if (method === 'alipay.trade.refund') return refund(res, method, t, biz);
    if (method === 'alipay.trade.close') {
      if (t.status !== 'WAIT_BUYER_PAY')
        return answer(res, method, business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      t.status = 'TRADE_CLOSED';
      t.gmtClose = stamp();
      return answer(res, method, { ...SUCCESS, trade_no: t.tradeNo, out_trade_no: t.outTradeNo });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const requestNo = strOf(biz.out_request_no) || t.outTradeNo;
      const r = t.refunds.get(requestNo);
      const found = r
        ? { total_amount: fenToYuan(t.total), refund_amount: fenToYuan(r.amount), refund_status: 'REFUND_SUCCESS' }
        : {};
      return answer(res, method, {
        ...SUCCESS,
        trade_no: t.tradeNo,
        out_trade_no: t.outTradeNo,
        out_request_no: requestNo,
        ...found,
      });
    }
    const paid = t.gmtPayment !== '';
    return answer(res, method, {
      ...SUCCESS,
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: 'sta***@stand-in.test',
      trade_status: t.status,
      total_amount: fenToYuan(t.total),
      ...(paid
        ? { buyer_pay_amount: fenToYuan(t.total), receipt_amount: fenToYuan(t.total), send_pay_date: t.gmtPayment }
        : {}),
      buyer_user_id: '2088000000000001',
    });
  }

  const handle = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
    const path = route(url, 'openapi.alipay.com');
    if (path === '/__stand-in/cashier' && req.method === 'POST') {
      const outTradeNo = new URLSearchParams(body.toString('utf8')).get('out_trade_no') ?? '';
      void confirm(res, outTradeNo).catch((e: Error) =>
        errorPage(res, '支付宝收银台', 'ACQ.TRADE_STATUS_ERROR', e.message),
      );
      return true;
    }
    if (path !== '/gateway.do') return false;
    const form = req.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : new URLSearchParams();
    const p: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) };
    const method = p.method ?? '';
    core.record('alipay', method);
    const page = method in PRODUCTS;
    const refuse = (sub: string, subMsg: string) =>
      page
        ? (errorPage(res, '支付宝收银台', sub, subMsg), true)
        : answer(
            res,
            method || 'error',
            { code: '40002', msg: 'Invalid Arguments', sub_code: sub, sub_msg: subMsg },
            false,
          );
    if (p.app_id !== cfg().appId) return refuse('isv.invalid-app-id', '无效的AppID参数');
    if (p.sign_type !== 'RSA2') return refuse('isv.invalid-signature-type', '无效的签名类型');
    if (!rsaVerify(alipayApp.publicKey, signContent(p, ['sign']), p.sign ?? ''))
      return refuse('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配');
    if (!parseCstDateTime(p.timestamp ?? '')) return refuse('isv.invalid-timestamp', '非法的时间戳参数');
    if (p.charset?.toLowerCase() !== 'utf-8' || p.version !== '1.0') return refuse('isv.invalid-parameter', '参数无效');
    if (core.throttled('alipay'))
      return answer(res, method, {
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'isp.unknow-error',
        sub_msg: '系统繁忙',
      });
    if (page) return (cashier(res, method, p), true);
    if (!API.has(method)) return refuse('isv.invalid-method', '不存在的方法名');
    return api(res, method, jsonObject(p.biz_content ?? ''));
  };

  return {
    handle,
    has: (no) => trades.has(no),
    pay,
    async notifyAgain(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t?.gmtPayment) throw new Error(`支付宝：交易未付款 ${outTradeNo}`);
      return notify(t);
    },
    paramsOf(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`支付宝：交易不存在 ${outTradeNo}`);
      return notifyParams(t, cfg(), stamp());
    },
  };
}
