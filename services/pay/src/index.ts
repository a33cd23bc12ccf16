import type { Service } from '@exam/server-kit';
import { adminRoutes } from './admin/admin-routes';
import { reconciler } from './jobs/reconcile';
import { notifyRoutes } from './notify/notify-routes';
import { orderRoutes } from './order/order-routes';
import { settleService } from './order/settle-service';

/**
 * The pay service (`/api/pay`): orders of priced courses, exams and banks paid by WeChat Pay or Alipay, the providers'
 * callbacks, reconciliation, refunds and 订单管理. Orders are opened by the item's own service through the kit
 * (`openOrder`); the item is granted through the kit in the transaction that marks the order paid.
 */
export const payService: Service = async (app) => {
  const settle = settleService({ db: app.db, log: app.log });
  await app.register(orderRoutes, { settle });
  await app.register(adminRoutes, { settle });
  await app.register(notifyRoutes, { settle });
  if (process.env.PAY_RECONCILE !== '0') {
    const stop = reconciler({ db: app.db, kv: app.infra.kv, settle, log: app.log }).start();
    app.addHook('onClose', async () => stop());
  }
};
