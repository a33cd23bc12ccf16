import type { KeyObject } from 'node:crypto';
import { rfc3339Cst } from '../beijing-time';
import { sealResource, signedHeaders } from '../wxpay-sign';
import { digits } from './stand-in-core';

/** What the WeChat Pay stand-in keeps, and the documented JSON shapes it answers and calls back with. */
export type WxTrade = {
  outTradeNo: string;
  kind: 'native' | 'h5' | 'jsapi';
  description: string;
  total: number;
  notifyUrl: string;
  expireAt: number;
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
  prepayId: string;
  openid: string;
  transactionId: string;
  successTime: string;
  refunded: number;
  /** What WeChat signs this trade's answers and callbacks with (public key id or certificate serial). */
  serial: string;
};
export type WxRefund = {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  refund: number;
  total: number;
  status: 'PROCESSING' | 'SUCCESS';
  notifyUrl: string;
  createTime: string;
  successTime: string;
  serial: string;
};

const TRADE_TYPES = { native: 'NATIVE', h5: 'MWEB', jsapi: 'JSAPI' } as const;
export const STATE_DESC = { NOTPAY: '未支付', SUCCESS: '支付成功', REFUND: '转入退款', CLOSED: '已关闭' } as const;

/** A callback as WeChat sends it: the resource sealed with the APIv3 key, the body signed (forged ones too). */
export function wxCallback(o: {
  key: KeyObject;
  serial: string;
  apiV3Key: string;
  event: string;
  resource: Record<string, unknown>;
  atMs: number;
}): { headers: Record<string, string>; body: string } {
  const refund = o.event.startsWith('REFUND.');
  const originalType = refund ? 'refund' : 'transaction';
  const body = JSON.stringify({
    id: `EV-${digits(20)}`,
    create_time: rfc3339Cst(new Date(o.atMs)),
    resource_type: 'encrypt-resource',
    event_type: o.event,
    summary: refund ? '退款成功' : '支付成功',
    resource: {
      original_type: originalType,
      ...sealResource(Buffer.from(o.apiV3Key, 'utf8'), JSON.stringify(o.resource), originalType),
    },
  });
  return {
    headers: { 'Content-Type': 'application/json', ...signedHeaders(o.key, o.serial, body, o.atMs) },
    body,
  };
}

export const transactionJson = (t: WxTrade, ids: { appId: string; mchId: string }) => ({
  appid: ids.appId,
  mchid: ids.mchId,
  out_trade_no: t.outTradeNo,
  ...(t.transactionId ? { transaction_id: t.transactionId, bank_type: 'OTHERS', success_time: t.successTime } : {}),
  trade_type: TRADE_TYPES[t.kind],
  trade_state: t.state,
  trade_state_desc: STATE_DESC[t.state],
  attach: '',
  payer: t.transactionId ? { openid: t.openid } : {},
  amount: {
    total: t.total,
    currency: 'CNY',
    ...(t.transactionId ? { payer_total: t.total, payer_currency: 'CNY' } : {}),
  },
});
export const refundJson = (r: WxRefund, transactionId: string) => ({
  refund_id: r.refundId,
  out_refund_no: r.outRefundNo,
  transaction_id: transactionId,
  out_trade_no: r.outTradeNo,
  channel: 'ORIGINAL',
  user_received_account: '支付用户零钱',
  ...(r.successTime ? { success_time: r.successTime } : {}),
  create_time: r.createTime,
  status: r.status,
  funds_account: 'AVAILABLE',
  amount: {
    total: r.total,
    refund: r.refund,
    payer_total: r.total,
    payer_refund: r.refund,
    settlement_refund: r.refund,
    settlement_total: r.total,
    discount_refund: 0,
    currency: 'CNY',
  },
});
export const refundResource = (r: WxRefund, mchId: string, transactionId: string) => ({
  mchid: mchId,
  out_trade_no: r.outTradeNo,
  transaction_id: transactionId,
  out_refund_no: r.outRefundNo,
  refund_id: r.refundId,
  refund_status: r.status,
  ...(r.successTime ? { success_time: r.successTime } : {}),
  user_received_account: '支付用户零钱',
  amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
});
