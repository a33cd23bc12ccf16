import type { IncomingMessage, ServerResponse } from 'node:http';
import { objOf, strOf } from '@exam/server-kit';
import { fenToYuan } from '../alipay-sign';
import { parseRfc3339, rfc3339Cst } from '../beijing-time';
import { jsonObject } from '../pay-http';
import { rsaVerify } from '../rsa';
import { lines, parseAuthorization, signedHeaders, WINDOW_SEC } from '../wxpay-sign';
import {
  type Core,
  cashierPage,
  type Delivery,
  digits,
  errorPage,
  htmlPage,
  type ProviderStandIn,
  route,
} from './stand-in-core';
import {
  refundJson,
  refundResource,
  STATE_DESC,
  transactionJson,
  type WxRefund,
  type WxTrade,
  wxCallback,
} from './stand-in-wxpay-shapes';

/**
 * WeChat Pay v3 as the stand-in plays it (tests only), under the documented paths and error codes: it checks
 * the merchant's request signature (serial, timestamp window, signature; else 401 SIGN_ERROR, unsigned), the
 * appid and mchid, amounts and formats; keeps trades (NOTPAY → SUCCESS → REFUND, or CLOSED at time_expire
 * or on close), idempotent prepay per out_trade_no, refunds up to what is left; signs every answer with the
 * platform key (named by the public key id when the request named it, else by the certificate serial) and
 * sends sealed, signed callbacks.
 */
export function wxpayStandIn(core: Core): ProviderStandIn & {
  refundSettle: (outRefundNo: string) => Promise<Delivery>;
  resourceOf: (outTradeNo: string) => Record<string, unknown>;
} {
  const trades = new Map<string, WxTrade>();
  const byPrepay = new Map<string, WxTrade>();
  const refunds = new Map<string, WxRefund>();
  const { wxMerchant, wxPlatform, stranger } = core.keys;
  const cfg = () => core.opts.wx ?? { mchId: '', appId: '', apiV3Key: '' };

  // A trade past its time_expire closes itself, whenever anyone looks at it.
  const live = (t: WxTrade | undefined) => {
    if (t && t.state === 'NOTPAY' && core.now() >= t.expireAt) t.state = 'CLOSED';
    return t;
  };

  const txOf = (r: WxRefund) => trades.get(r.outTradeNo)?.transactionId ?? '';

  function answer(res: ServerResponse, status: number, payload: unknown, serial: string) {
    let text = status === 204 ? '' : JSON.stringify(payload);
    const how = core.misbehaviour('wxpay');
    const atMs = how === 'old-timestamp' ? core.now() - (WINDOW_SEC + 60) * 1000 : core.now();
    const key = how === 'wrong-key' ? stranger.privateKey : wxPlatform.privateKey;
    const headers =
      how === 'unsigned' ? {} : signedHeaders(key, how === 'wrong-serial' ? 'FAKE0SERIAL' : serial, text, atMs);
    if (how === 'tampered-body') text = text ? `{"tampered":true,${text.slice(1)}` : ' ';
    res.writeHead(status, {
      ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'Request-ID': `stand-in-${digits(12)}`,
      ...headers,
    });
    res.end(text);
    return true;
  }
  const fail = (res: ServerResponse, status: number, code: string, message: string, serial: string) =>
    answer(res, status, { code, message }, serial);

  /** WeChat's check of the merchant's request: who (mchid, serial_no), when (window) and the signature. */
  function authorized(req: IncomingMessage, pathAndQuery: string, body: string) {
    const a = parseAuthorization(strOf(req.headers.authorization));
    if (!a || a.mchid !== cfg().mchId || a.serial_no !== wxMerchant.serialNo) return false;
    if (!/^\d+$/.test(a.timestamp ?? '') || Math.abs(core.now() / 1000 - Number(a.timestamp)) > WINDOW_SEC)
      return false;
    const message = lines(req.method ?? '', pathAndQuery, a.timestamp!, a.nonce_str ?? '', body);
    return rsaVerify(wxMerchant.publicKey, message, a.signature ?? '');
  }

  const tradeCallback = (t: WxTrade) => {
    const { headers, body } = wxCallback({
      key: wxPlatform.privateKey,
      serial: t.serial,
      apiV3Key: cfg().apiV3Key,
      event: 'TRANSACTION.SUCCESS',
      resource: transactionJson(t, cfg()),
      atMs: core.now(),
    });
    return core.deliver(
      { provider: 'wxpay', kind: 'trade', outTradeNo: t.outTradeNo, url: t.notifyUrl },
      headers,
      body,
    );
  };
  const refundCallback = (r: WxRefund) => {
    const { headers, body } = wxCallback({
      key: wxPlatform.privateKey,
      serial: r.serial,
      apiV3Key: cfg().apiV3Key,
      event: 'REFUND.SUCCESS',
      resource: refundResource(r, cfg().mchId, txOf(r)),
      atMs: core.now(),
    });
    return core.deliver(
      { provider: 'wxpay', kind: 'refund', outTradeNo: r.outTradeNo, url: r.notifyUrl },
      headers,
      body,
    );
  };

  async function pay(outTradeNo: string, notify: boolean) {
    const t = live(trades.get(outTradeNo));
    if (!t) throw new Error(`微信支付：订单不存在 ${outTradeNo}`);
    if (t.state === 'CLOSED') throw new Error(`微信支付：订单已关闭，无法支付 ${outTradeNo}`);
    if (t.state === 'NOTPAY') {
      t.state = 'SUCCESS';
      t.transactionId = `42000${digits(23)}`;
      t.successTime = rfc3339Cst(new Date(core.now()));
      t.openid = t.openid || `o-stand-in-${digits(8)}`;
    }
    return notify ? tradeCallback(t) : undefined;
  }

  const validUrl = (u: string) => /^https?:\/\/[^\s?#]+$/.test(u);

  function prepay(res: ServerResponse, kind: WxTrade['kind'], b: Record<string, unknown>, serial: string) {
    const amount = objOf(b.amount);
    const total = amount.total;
    const expireAt = parseRfc3339(strOf(b.time_expire));
    const description = strOf(b.description);
    if (b.appid !== cfg().appId) return fail(res, 400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配', serial);
    if (b.mchid !== cfg().mchId) return fail(res, 400, 'INVALID_REQUEST', '请求的商户号与签名的商户号不一致', serial);
    if (!/^[A-Za-z0-9_\-|*]{6,32}$/.test(strOf(b.out_trade_no)))
      return fail(res, 400, 'PARAM_ERROR', '商户订单号格式不正确', serial);
    if (!description || Buffer.byteLength(description) > 127)
      return fail(res, 400, 'PARAM_ERROR', '商品描述长度不正确', serial);
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 1)
      return fail(res, 400, 'PARAM_ERROR', '订单金额必须为正整数（分）', serial);
    if ((amount.currency ?? 'CNY') !== 'CNY') return fail(res, 400, 'PARAM_ERROR', '币种只支持CNY', serial);
    if (!validUrl(strOf(b.notify_url))) return fail(res, 400, 'PARAM_ERROR', 'notify_url格式不正确', serial);
    if (b.time_expire !== undefined && (!expireAt || expireAt.getTime() <= core.now()))
      return fail(res, 400, 'PARAM_ERROR', 'time_expire时间不正确', serial);
    const openid = strOf(objOf(b.payer).openid);
    if (kind === 'jsapi' && !openid) return fail(res, 400, 'PARAM_ERROR', '缺少参数payer.openid', serial);
    const scene = objOf(b.scene_info);
    if (kind === 'h5' && (!strOf(scene.payer_client_ip) || !strOf(objOf(scene.h5_info).type)))
      return fail(res, 400, 'PARAM_ERROR', '缺少参数scene_info', serial);
    const outTradeNo = strOf(b.out_trade_no);
    let t = live(trades.get(outTradeNo));
    if (t?.state === 'SUCCESS' || t?.state === 'REFUND') return fail(res, 403, 'ORDERPAID', '该订单已支付', serial);
    if (t?.state === 'CLOSED') return fail(res, 400, 'ORDER_CLOSED', '订单已关闭', serial);
    if (t && (t.kind !== kind || t.total !== total || t.description !== description))
      return fail(res, 403, 'OUT_TRADE_NO_USED', '商户订单号重复', serial);
    if (!t) {
      t = {
        outTradeNo,
        kind,
        description,
        total,
        notifyUrl: strOf(b.notify_url),
        // Without time_expire WeChat keeps an unpaid trade for two hours.
        expireAt: expireAt ? expireAt.getTime() : core.now() + 2 * 3600_000,
        state: 'NOTPAY',
        prepayId: `wx${digits(30)}`,
        openid,
        transactionId: '',
        successTime: '',
        refunded: 0,
        serial,
      };
      trades.set(outTradeNo, t);
      byPrepay.set(t.prepayId, t);
    }
    if (kind === 'native')
      return answer(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${t.prepayId.slice(2, 9)}` }, serial);
    if (kind === 'h5')
      return answer(
        res,
        200,
        {
          h5_url: `${core.url()}/wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${t.prepayId}&package=${digits(10)}`,
        },
        serial,
      );
    return answer(res, 200, { prepay_id: t.prepayId }, serial);
  }

  function refund(res: ServerResponse, b: Record<string, unknown>, serial: string) {
    const amount = objOf(b.amount);
    const t = live(trades.get(strOf(b.out_trade_no)));
    const outRefundNo = strOf(b.out_refund_no);
    if (!t) return fail(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在', serial);
    if (!/^[A-Za-z0-9_\-|*@]{1,64}$/.test(outRefundNo))
      return fail(res, 400, 'PARAM_ERROR', '商户退款单号格式不正确', serial);
    const want = amount.refund;
    if (typeof want !== 'number' || !Number.isSafeInteger(want) || want < 1)
      return fail(res, 400, 'PARAM_ERROR', '退款金额必须为正整数（分）', serial);
    if (amount.total !== t.total) return fail(res, 400, 'INVALID_REQUEST', '订单金额与原订单不一致', serial);
    if (b.notify_url !== undefined && !validUrl(strOf(b.notify_url)))
      return fail(res, 400, 'PARAM_ERROR', 'notify_url格式不正确', serial);
    const same = refunds.get(outRefundNo);
    if (same) {
      if (same.outTradeNo !== t.outTradeNo || same.refund !== want)
        return fail(res, 400, 'INVALID_REQUEST', '退款单号已存在，请求参数与之前不一致', serial);
      return answer(res, 200, refundJson(same, txOf(same)), serial);
    }
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return fail(res, 400, 'INVALID_REQUEST', '订单未支付', serial);
    if (want > t.total - t.refunded) return fail(res, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额', serial);
    const r: WxRefund = {
      outRefundNo,
      outTradeNo: t.outTradeNo,
      refundId: `50${digits(27)}`,
      refund: want,
      total: t.total,
      status: 'PROCESSING',
      notifyUrl: strOf(b.notify_url) || t.notifyUrl,
      createTime: rfc3339Cst(new Date(core.now())),
      successTime: '',
      serial,
    };
    refunds.set(outRefundNo, r);
    t.refunded += want;
    t.state = 'REFUND';
    return answer(res, 200, refundJson(r, txOf(r)), serial);
  }

  function h5Cashier(req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) {
    const form = req.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : url.searchParams;
    const t = live(byPrepay.get(form.get('prepay_id') ?? ''));
    if (!t) return (errorPage(res, '微信支付', 'ORDER_NOT_EXIST', '订单不存在'), true);
    if (t.state !== 'NOTPAY') return (errorPage(res, '微信支付', t.state, `订单${STATE_DESC[t.state]}`), true);
    const redirect = form.get('redirect_url') ?? '';
    if (req.method !== 'POST') {
      const fields = { prepay_id: t.prepayId, redirect_url: redirect };
      const yuan = fenToYuan(t.total);
      cashierPage(res, {
        title: '微信支付',
        subject: t.description,
        yuan,
        action: url.pathname,
        button: '确认支付',
        fields,
      });
      return true;
    }
    void pay(t.outTradeNo, true).then(
      () =>
        redirect ? res.writeHead(302, { location: redirect }).end() : htmlPage(res, 200, '微信支付', '<p>支付成功</p>'),
      (e: Error) => errorPage(res, '微信支付', 'ORDER_CLOSED', e.message),
    );
    return true;
  }

  const handle = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
    if (route(url, 'wx.tenpay.com') === '/cgi-bin/mmpayweb-bin/checkmweb') return h5Cashier(req, url, body, res);
    const path = route(url, 'api.mch.weixin.qq.com');
    if (!path) return false;
    const method = req.method ?? 'GET';
    core.record('wxpay', `${method} ${path}`);
    const named = strOf(req.headers['wechatpay-serial']);
    const serial = named === wxPlatform.publicKeyId ? named : wxPlatform.certSerial;
    const text = body.toString('utf8');
    if (!authorized(req, `${path}${url.search}`, text)) {
      // WeChat cannot tell who asked: the refusal comes unsigned.
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误，请检查后再试' }));
      return true;
    }
    if (core.throttled('wxpay')) return fail(res, 429, 'FREQUENCY_LIMITED', '频率超限，请降低请求频率', serial);
    const b = method === 'POST' ? jsonObject(text) : {};
    const prepayKind = /^\/v3\/pay\/transactions\/(native|h5|jsapi)$/.exec(path)?.[1] as WxTrade['kind'] | undefined;
    if (method === 'POST' && prepayKind) return prepay(res, prepayKind, b, serial);
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (byNo) {
      const t = live(trades.get(decodeURIComponent(byNo[1]!)));
      const mchid = byNo[2] ? b.mchid : url.searchParams.get('mchid');
      if (mchid !== cfg().mchId) return fail(res, 400, 'PARAM_ERROR', 'mchid与请求签名的商户号不一致', serial);
      if (!t) return fail(res, 404, 'ORDER_NOT_EXIST', '订单不存在', serial);
      if (method === 'GET' && !byNo[2]) return answer(res, 200, transactionJson(t, cfg()), serial);
      if (method !== 'POST' || !byNo[2]) return false;
      if (t.state === 'SUCCESS' || t.state === 'REFUND') return fail(res, 400, 'ORDERPAID', '订单已支付', serial);
      t.state = 'CLOSED';
      return answer(res, 204, undefined, serial);
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') return refund(res, b, serial);
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && refundNo) {
      const r = refunds.get(decodeURIComponent(refundNo));
      return r
        ? answer(res, 200, refundJson(r, txOf(r)), serial)
        : fail(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在', serial);
    }
    return fail(res, 404, 'NOT_FOUND', '请求的资源不存在', serial);
  };

  return {
    handle,
    has: (no) => trades.has(no),
    pay,
    async notifyAgain(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t?.transactionId) throw new Error(`微信支付：订单未支付 ${outTradeNo}`);
      return tradeCallback(t);
    },
    async refundSettle(outRefundNo) {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`微信支付：退款单不存在 ${outRefundNo}`);
      if (r.status === 'PROCESSING') {
        r.status = 'SUCCESS';
        r.successTime = rfc3339Cst(new Date(core.now()));
      }
      return refundCallback(r);
    },
    resourceOf(outTradeNo) {
      const t = trades.get(outTradeNo);
      if (!t) throw new Error(`微信支付：订单不存在 ${outTradeNo}`);
      return transactionJson(t, cfg());
    },
  };
}
