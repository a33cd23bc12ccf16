import { ClientOrderCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { orderService } from './order-service';
import type { SettleService } from './settle-service';

/** The learner's order calls (/api/pay/order/…): every id is checked to be the caller's own. */
export async function orderRoutes(app: FastifyInstance, { settle }: { settle: SettleService }) {
  const orders = orderService({ db: app.db, kv: app.infra.kv, settle, siteUrl: app.config.siteOrigins[0] ?? '' });
  route(app, ClientOrderCalls.options, {}, () => orders.options());
  const origins = app.config.siteOrigins;
  // The provider (and WeChat's authorization) sends the browser back to the site it came from when that is one of
  // ours, never another origin.
  const backTo = (origin: unknown) => {
    const o = String(origin ?? '').replace(/\/+$/, '');
    return origins.includes(o) ? o : (origins[0] ?? '');
  };
  route(app, ClientOrderCalls.pay, {}, (req) => orders.pay(userOf(req), req.body, req.ip, backTo(req.headers.origin)));
  route(app, ClientOrderCalls.wxAuthorize, {}, (req) =>
    orders.wxAuthorize(userOf(req), req.body.orderId, req.body.returnPath, backTo(req.headers.origin)),
  );
  route(app, ClientOrderCalls.status, {}, (req) => orders.status(userOf(req), req.body.id));
  route(app, ClientOrderCalls.cancel, {}, async (req) => {
    await orders.cancel(userOf(req), req.body.id);
    return null;
  });
  route(app, ClientOrderCalls.minePaging, {}, (req) => orders.minePaging(userOf(req), req.body));
  route(app, ClientOrderCalls.bought, {}, (req) => orders.bought(userOf(req), req.body.itemType));
}
