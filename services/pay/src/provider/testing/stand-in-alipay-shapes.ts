import type { KeyObject } from 'node:crypto';
import { fenToYuan, signNotifyParams } from '../alipay-sign';
import { digits } from './stand-in-core';

/** What the Alipay stand-in keeps, and the documented shapes of its answers and notifications. */
export type AliTrade = {
  outTradeNo: string;
  method: string;
  subject: string;
  total: number;
  notifyUrl: string;
  returnUrl: string;
  expireAt: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  gmtCreate: string;
  gmtPayment: string;
  gmtClose: string;
  refunded: number;
  refunds: Map<string, { amount: number; gmt: string }>;
};

export const PRODUCTS: Record<string, string> = {
  'alipay.trade.page.pay': 'FAST_INSTANT_TRADE_PAY',
  'alipay.trade.wap.pay': 'QUICK_WAP_WAY',
};
export const SUCCESS = { code: '10000', msg: 'Success' };
export const business = (sub: string, subMsg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: sub,
  sub_msg: subMsg,
});

/** A notification body as Alipay posts it, signed with `key` (Alipay's, or a forger's). */
export const alipayCallback = (params: Record<string, string>, key: KeyObject) =>
  new URLSearchParams(signNotifyParams(params, key)).toString();

export const notifyParams = (
  t: AliTrade,
  ids: { appId: string; sellerId: string },
  now: string,
): Record<string, string> => ({
  notify_time: now,
  notify_type: 'trade_status_sync',
  notify_id: digits(34),
  app_id: ids.appId,
  auth_app_id: ids.appId,
  charset: 'utf-8',
  version: '1.0',
  sign_type: 'RSA2',
  trade_no: t.tradeNo,
  out_trade_no: t.outTradeNo,
  buyer_id: '2088000000000001',
  seller_id: ids.sellerId,
  trade_status: t.status,
  total_amount: fenToYuan(t.total),
  receipt_amount: fenToYuan(t.total),
  buyer_pay_amount: fenToYuan(t.total),
  subject: t.subject,
  gmt_create: t.gmtCreate,
  gmt_payment: t.gmtPayment,
  ...(t.gmtClose ? { gmt_close: t.gmtClose } : {}),
});
