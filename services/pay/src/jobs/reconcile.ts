import { type Db, type KeyValue, closeOrder, withLock } from '@exam/server-kit';
import * as repo from '../order/order-repository';
import type { SettleService } from '../order/settle-service';
import { PayFailure, type PayProvider } from '../provider/provider';
import { type PaySetup, paySetups } from '../settings/pay-settings';

/** A trade is asked about when its order has been quiet this long (the callback should have come by then). */
export const QUIET_MS = 60_000;
const BATCH = 200;

type Log = { warn(o: object, msg: string): void; error(o: object, msg: string): void };

/**
 * Reconciliation, once across replicas per run (a lock): unpaid orders past their 15 minutes close (points back);
 * trades of orders closed here are closed at the provider, and one found paid there is honoured; unpaid orders whose
 * callback never came are asked of the provider; refunds still processing are asked too.
 */
export function reconciler({ db, kv, settle, log }: { db: Db; kv: KeyValue; settle: SettleService; log: Log }) {
  async function run(now = new Date()) {
    const setups = await paySetups(db, process.env, { switchedOff: true });
    const of = (p: string): PaySetup | undefined => setups.get(p as PayProvider);
    let closed = 0;
    for (const o of await repo.expiredOpen(db, now, BATCH))
      if (await db.transaction((tx) => closeOrder(tx, o, '超时未支付', now))) closed++;
    // Asked before closing at the provider: a payment in the last second is found, not refused.
    for (const o of await repo.unpaidWithTrade(db, new Date(now.getTime() - QUIET_MS), BATCH)) {
      const s = of(o.provider);
      const t = s && (await s.client.query(o.id).catch(() => undefined));
      if (s && t) await settle.applyTrade(s, t, 'query');
      await repo.touchOrder(db, o.id);
    }
    for (const o of await repo.providerOpen(db, BATCH)) {
      const s = of(o.provider);
      if (!s) continue;
      try {
        // Paid at the provider after it closed here: the payment is honoured (settle-service closeTrade).
        await settle.closeTrade(s, o.id);
        await repo.markProviderClosed(db, o.id);
      } catch (e) {
        if (!(e instanceof PayFailure)) throw e;
        log.warn({ orderId: o.id, code: e.providerCode }, 'closing a trade at the provider failed');
      }
    }
    for (const r of await repo.processingRefunds(db, BATCH)) {
      const o = await repo.orderById(db, r.orderId);
      const s = o && of(o.provider);
      const answer = s && (await s.client.queryRefund(r.orderId, r.id).catch(() => undefined));
      if (answer) await settle.applyRefund(answer, 'query');
    }
    return { closed };
  }

  return {
    run: () => withLock(kv, 'pay-reconcile', 5 * 60_000, () => run()),
    runAt: run,
    /** Every `everyMs` until stopped. */
    start(everyMs = 30_000) {
      const t = setInterval(() => {
        withLock(kv, 'pay-reconcile', 5 * 60_000, () => run()).catch((err) =>
          log.error({ err }, 'payment reconciliation failed'),
        );
      }, everyMs);
      t.unref();
      return () => clearInterval(t);
    },
  };
}
