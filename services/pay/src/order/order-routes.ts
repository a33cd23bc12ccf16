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
  route(app, ClientOrderCalls.pay, {}, (req) => {
    // The provider sends the browser back to the site it came from when that is one of ours (never another origin).
    const origin = String(req.headers.origin ?? '').replace(/\/+$/, '');
    return orders.pay(userOf(req), req.body, req.ip, origins.includes(origin) ? origin : (origins[0] ?? ''));
  });
  route(app, ClientOrderCalls.status, {}, (req) => orders.status(userOf(req), req.body.id));
  route(app, ClientOrderCalls.cancel, {}, async (req) => {
    await orders.cancel(userOf(req), req.body.id);
    return null;
  });
  route(app, ClientOrderCalls.minePaging, {}, (req) => orders.minePaging(userOf(req), req.body));
  route(app, ClientOrderCalls.bought, {}, (req) => orders.bought(userOf(req), req.body.itemType));
}
