import { OrderCalls, type OrderParams, OrderPerm } from '@exam/contracts';
import { route, sendXlsx, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { SettleService } from '../order/settle-service';
import { adminOrderService } from './admin-service';

/** 订单管理 (/api/pay/admin/order/…), each call behind its permission tag. */
export async function adminRoutes(app: FastifyInstance, { settle }: { settle: SettleService }) {
  const orders = adminOrderService({ db: app.db, settle, siteUrl: app.config.siteOrigins[0] ?? '' });
  route(app, OrderCalls.paging, { permission: OrderPerm.LIST }, (req) => orders.paging(req.body));
  route(app, OrderCalls.detail, { permission: OrderPerm.DETAIL }, (req) => orders.detail(req.body.id));
  route(app, OrderCalls.refund, { permission: OrderPerm.REFUND }, async (req) => {
    await orders.refund(userOf(req), req.body);
    return null;
  });
  app.post<{ Body: { params?: OrderParams } }>(
    OrderCalls.export.url,
    { schema: { body: OrderCalls.export.body }, config: { permission: OrderPerm.EXPORT } },
    async (req, reply) => sendXlsx(reply, '订单.xlsx', await orders.exportXlsx(req.body.params)),
  );
}
