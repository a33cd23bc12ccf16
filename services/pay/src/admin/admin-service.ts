import {
  fenToYuan,
  ORDER_ITEM_TITLES,
  type OrderDetail,
  type OrderParams,
  type OrderRow,
  OrderState,
  PAY_NOTIFY_PATHS,
  PAY_PROVIDER_TITLES,
  type PagingQuery,
  type RefundReq,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type OrderRecord,
  badRequest,
  fmtTime,
  itemUsed,
  moveOrder,
  newId,
  notFound,
  orderEvent,
  orderView,
  pageQuery,
  tableXlsx,
} from '@exam/server-kit';
import * as orders from '../order/order-repository';
import type { SettleService } from '../order/settle-service';
import { PayFailure } from '../provider/provider';
import { paySetups } from '../settings/pay-settings';
import * as repo from './admin-repository';

const MAX_EXPORT_ROWS = 50_000;
const toRow = (r: { o: OrderRecord; userName: string | null; realName: string | null }): OrderRow => ({
  ...orderView(r.o),
  userId: r.o.userId,
  userName: r.userName ?? '',
  realName: r.realName ?? '',
  transactionId: r.o.transactionId,
});

const COLUMNS = [
  ['订单号', 26, (r: OrderRow) => r.id],
  ['学员', 16, (r: OrderRow) => `${r.realName}（${r.userName}）`],
  ['类型', 8, (r: OrderRow) => ORDER_ITEM_TITLES[r.itemType] ?? r.itemType],
  ['商品', 30, (r: OrderRow) => r.itemTitle],
  ['金额（元）', 12, (r: OrderRow) => fenToYuan(r.amountFen)],
  ['积分', 8, (r: OrderRow) => r.points],
  ['支付方式', 10, (r: OrderRow) => PAY_PROVIDER_TITLES[r.provider] ?? ''],
  ['状态', 8, (r: OrderRow) => r.state_dictText],
  ['已退款（元）', 12, (r: OrderRow) => fenToYuan(r.refundedFen)],
  ['交易号', 32, (r: OrderRow) => r.transactionId],
  ['下单时间', 20, (r: OrderRow) => r.createTime],
  ['支付时间', 20, (r: OrderRow) => r.payTime],
] as const;

/** 订单管理: search, detail with the provider's history, refunds in full or part, export. */
export function adminOrderService({ db, settle, siteUrl }: { db: Db; settle: SettleService; siteUrl: string }) {
  return {
    paging: (q: PagingQuery<OrderParams>) => {
      const where = repo.whereOf(q.params);
      return pageQuery(
        q,
        async (limit, offset) => (await repo.orderRows(db, where, limit, offset)).map(toRow),
        () => repo.orderCount(db, where),
      );
    },

    async detail(id: string): Promise<OrderDetail> {
      const row = await repo.orderRow(db, id);
      if (!row) throw notFound('订单不存在！');
      const [events, refunds, used] = await Promise.all([
        orders.eventsOf(db, id),
        orders.refundsOf(db, id),
        itemUsed(db, row.o),
      ]);
      return {
        order: toRow(row),
        events: events.map((e) => ({ kind: e.kind, result: e.result, createTime: fmtTime(e.createTime) })),
        refunds: refunds.map((r) => ({
          id: r.id,
          amountFen: r.amountFen,
          reason: r.reason,
          state: r.state,
          refundId: r.refundId,
          createTime: fmtTime(r.createTime),
          finishTime: fmtTime(r.finishTime),
        })),
        revocable: row.o.access && !used,
      };
    },

    /**
     * A refund of a paid order, in full or part: the order is 退款中 while the provider works (one refund at a time),
     * then the provider's answer, callback or the job settles it (settle-service applyRefund).
     */
    async refund(admin: AuthUser, req: RefundReq) {
      const o = await orders.orderById(db, req.id);
      if (!o) throw notFound('订单不存在！');
      if (o.state === OrderState.REFUNDING) throw badRequest('订单正在退款中，请稍后再试！');
      if (o.state !== OrderState.PAID) throw badRequest('只有已支付的订单可以退款！');
      const reason = req.reason.trim();
      if (!reason) throw badRequest('请输入退款原因！');
      if (req.amountFen > o.amountFen - o.refundedFen) throw badRequest('退款金额不能超过可退金额！');
      const setup = (await paySetups(db, process.env, { switchedOff: true })).get(o.provider as 'wxpay');
      if (!setup) throw badRequest('该订单的支付方式未配置，无法退款！');
      const refundNo = `R${newId()}`;
      const started = await db.transaction(async (tx) => {
        if (!(await moveOrder(tx, o.id, OrderState.REFUNDING))) return false;
        await orders.insertRefund(tx, {
          id: refundNo,
          orderId: o.id,
          amountFen: req.amountFen,
          reason,
          state: 'processing',
          adminId: admin.id,
        });
        await orderEvent(tx, o.id, 'refund', `申请退款 ￥${fenToYuan(req.amountFen)}：${reason}`);
        return true;
      });
      if (!started) throw badRequest('订单状态已变化，请刷新后再试！');
      try {
        const r = await setup.client.refund({
          outTradeNo: o.id,
          outRefundNo: refundNo,
          refundFen: req.amountFen,
          totalFen: o.amountFen,
          reason,
          notifyUrl: `${siteUrl}${PAY_NOTIFY_PATHS[setup.provider]}`,
        });
        await settle.applyRefund(r, 'refund');
      } catch (e) {
        if (!(e instanceof PayFailure)) throw e;
        // Refused by the provider: nothing left it; the order is paid again. Busy: the job asks again later.
        if (e.kind !== 'busy') {
          await settle.applyRefund(
            { outTradeNo: o.id, outRefundNo: refundNo, state: 'failed', refundFen: req.amountFen, refundId: '' },
            'refund',
          );
          throw badRequest(`退款失败：${e.providerCode}`);
        }
      }
    },

    async exportXlsx(params: OrderParams | undefined) {
      const rows = (await repo.orderRows(db, repo.whereOf(params), MAX_EXPORT_ROWS, 0)).map(toRow);
      return tableXlsx('订单', COLUMNS, rows);
    },
  };
}
