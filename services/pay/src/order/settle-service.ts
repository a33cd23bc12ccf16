import { fenToYuan, OrderState } from '@exam/contracts';
import {
  type Db,
  type OrderRecord,
  grantPoints,
  itemUsed,
  moveOrder,
  orderEvent,
  payOrder,
  takeBack,
} from '@exam/server-kit';
import { PayFailure, type Refund, type Trade } from '../provider/provider';
import type { PaySetup } from '../settings/pay-settings';
import * as repo from './order-repository';

export type TradeOutcome = 'paid' | 'already' | 'rejected' | 'unpaid' | 'unknown';
type Log = { warn(o: object, msg: string): void };

/** Why a verified trade does not pay this order ('' when it does): provider, amount, currency, merchant and app ids. */
export function tradeMismatch(o: OrderRecord, setup: PaySetup, t: Trade): string {
  if (o.provider !== setup.provider) return `支付渠道不符（${setup.provider}）`;
  if (t.amountFen !== o.amountFen) return `金额不符（收到 ${t.amountFen} 分，订单 ${o.amountFen} 分）`;
  if (t.currency !== 'CNY') return `币种不符（${t.currency}）`;
  if (t.appId !== setup.appId) return `应用ID不符（${t.appId}）`;
  if (setup.merchantId && t.merchantId && t.merchantId !== setup.merchantId) return `商户号不符（${t.merchantId}）`;
  return '';
}

/**
 * What a provider's verified word does to orders, whoever brings it (a callback, the learner's return, the job): a paid
 * trade pays its order once and grants the item in the same transaction; a refund's end moves the order on.
 */
export function settleService({ db, log }: { db: Db; log: Log }) {
  async function applyTrade(setup: PaySetup, t: Trade, source: 'notify' | 'query'): Promise<TradeOutcome> {
    const o = await repo.orderById(db, t.outTradeNo);
    if (!o) return 'unknown';
    if (t.state !== 'paid' && t.state !== 'refunded') return 'unpaid';
    const problem = tradeMismatch(o, setup, t);
    if (problem) {
      log.warn({ orderId: o.id, source, problem }, 'payment rejected');
      await orderEvent(db, o.id, source, `已拒绝：${problem}`);
      return 'rejected';
    }
    return db.transaction(async (tx) => {
      const paid = await payOrder(tx, o.id, {
        provider: setup.provider,
        transactionId: t.transactionId,
        payTime: t.paidAt ?? new Date(),
      });
      const late = paid && o.state === OrderState.CLOSED ? '（订单关闭后到账，按已支付处理）' : '';
      await orderEvent(
        tx,
        o.id,
        source,
        paid ? `支付成功 ￥${fenToYuan(t.amountFen)}，交易号 ${t.transactionId}${late}` : '重复的支付结果，已忽略',
      );
      return paid ? 'paid' : 'already';
    });
  }

  /**
   * A refund's outcome, once (the refund row leaves 'processing' once): success adds to the refunded amount and, when
   * everything was returned, the order is 已退款 with its points given back and, if unused, the item taken back
   * (docs/decisions.md "Orders and refunds"); a partial one leaves it 已支付; a failure sends it back to 已支付.
   */
  async function applyRefund(r: Refund, source: 'refund_notify' | 'query' | 'refund'): Promise<boolean> {
    if (r.state !== 'success' && r.state !== 'failed') return false;
    const row = await repo.refundById(db, r.outRefundNo);
    if (!row || row.orderId !== r.outTradeNo) return false;
    return db.transaction(async (tx) => {
      const done = await repo.finishRefund(tx, row.id, r.state === 'success' ? 'success' : 'failed', r.refundId);
      if (!done) return false;
      if (r.state === 'failed') {
        await moveOrder(tx, row.orderId, OrderState.PAID);
        await orderEvent(tx, row.orderId, source, `退款失败 ￥${fenToYuan(row.amountFen)}`);
        return true;
      }
      const [o] = await repo.addRefunded(tx, row.orderId, row.amountFen);
      if (!o) return false;
      const all = o.refundedFen >= o.amountFen;
      const moved = await moveOrder(tx, o.id, all ? OrderState.REFUNDED : OrderState.PAID);
      let note = '';
      if (all && moved) {
        await grantPoints(tx, { userId: o.userId, points: o.points, remark: `订单退款，退还积分：${o.itemTitle}` });
        if (await itemUsed(tx, o)) note = '，已使用，保留学习记录与权限';
        else {
          await takeBack(tx, o);
          note = '，已收回权限';
        }
      }
      await orderEvent(tx, o.id, source, `退款成功 ￥${fenToYuan(row.amountFen)}${note}`);
      return true;
    });
  }

  /**
   * Closes the order's trade at the provider; a trade found paid there instead is applied (the payment is honoured,
   * never lost) and 'paid' comes back. Other refusals are thrown (PayFailure).
   */
  async function closeTrade(setup: PaySetup, orderId: string): Promise<'closed' | 'paid'> {
    try {
      await setup.client.close(orderId);
      return 'closed';
    } catch (e) {
      if (!(e instanceof PayFailure) || e.kind !== 'paid') throw e;
      const t = await setup.client.query(orderId).catch(() => undefined);
      if (t) await applyTrade(setup, t, 'query');
      return 'paid';
    }
  }

  return { applyTrade, applyRefund, closeTrade };
}
export type SettleService = ReturnType<typeof settleService>;
