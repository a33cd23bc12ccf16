import { type Db, type OrderRecord, type Tx, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';

const { elOrder, elOrderEvent, elOrderRefund } = schema;

export async function orderById(db: Db | Tx, id: string): Promise<OrderRecord | undefined> {
  const [o] = await db.select().from(elOrder).where(eq(elOrder.id, id));
  return o;
}

/** The learner's own order (another learner's id finds nothing). */
export async function ownOrder(db: Db | Tx, userId: string, id: string): Promise<OrderRecord | undefined> {
  const [o] = await db
    .select()
    .from(elOrder)
    .where(and(eq(elOrder.id, id), eq(elOrder.userId, userId)));
  return o;
}

export async function lockOrder(tx: Tx, id: string): Promise<OrderRecord | undefined> {
  const [o] = await tx.select().from(elOrder).where(eq(elOrder.id, id)).for('update');
  return o;
}

/** The provider and channel an order is paid by, moved from `from` ('' for the first prepay) once. */
export async function chooseChannel(db: Db | Tx, id: string, from: string, provider: string, channel: string) {
  const [o] = await db
    .update(elOrder)
    .set({ provider, channel, updateTime: new Date() })
    .where(and(eq(elOrder.id, id), eq(elOrder.channel, from), eq(elOrder.state, 0)))
    .returning({ id: elOrder.id });
  return !!o;
}

const mine = (userId: string, state: number | undefined) =>
  and(eq(elOrder.userId, userId), state === undefined ? undefined : eq(elOrder.state, state));

/** The items of a type the learner holds by a paid order (its access not taken back by a refund). */
export const boughtItems = async (db: Db, userId: string, itemType: string) =>
  (
    await db
      .selectDistinct({ id: elOrder.itemId })
      .from(elOrder)
      .where(and(eq(elOrder.userId, userId), eq(elOrder.itemType, itemType), eq(elOrder.access, true)))
  ).map((r) => r.id);

export const mineOrders = (db: Db, userId: string, state: number | undefined, limit: number, offset: number) =>
  db.select().from(elOrder).where(mine(userId, state)).orderBy(desc(elOrder.createTime)).limit(limit).offset(offset);

export async function mineCount(db: Db, userId: string, state: number | undefined) {
  const [n] = await db.select({ n: count() }).from(elOrder).where(mine(userId, state));
  return n?.n ?? 0;
}

/** Open orders past their time (the job closes them). */
export const expiredOpen = (db: Db, now: Date, limit: number) =>
  db
    .select()
    .from(elOrder)
    .where(and(eq(elOrder.state, 0), lt(elOrder.expireTime, now)))
    .limit(limit);

/** Orders closed here whose trade at the provider may still be open. */
export const providerOpen = (db: Db, limit: number) =>
  db.select().from(elOrder).where(eq(elOrder.providerOpen, true)).limit(limit);

export const markProviderClosed = (db: Db | Tx, id: string) =>
  db.update(elOrder).set({ providerOpen: false }).where(eq(elOrder.id, id));

/** Unpaid orders with a trade at the provider, older than `before`: the job asks the provider (a callback may be lost). */
export const unpaidWithTrade = (db: Db, before: Date, limit: number) =>
  db
    .select()
    .from(elOrder)
    .where(and(eq(elOrder.state, 0), sql`${elOrder.provider} <> ''`, lt(elOrder.updateTime, before)))
    .orderBy(elOrder.updateTime)
    .limit(limit);

export const touchOrder = (db: Db | Tx, id: string) =>
  db.update(elOrder).set({ updateTime: new Date() }).where(eq(elOrder.id, id));

/** Whether the order's trade at `provider` was closed to pay another way (that number is spent there). */
export async function tradeClosedAt(db: Db, orderId: string, provider: string) {
  const [e] = await db
    .select({ id: elOrderEvent.id })
    .from(elOrderEvent)
    .where(
      and(
        eq(elOrderEvent.orderId, orderId),
        eq(elOrderEvent.kind, 'close'),
        sql`${elOrderEvent.detail}->>'provider' = ${provider}`,
      ),
    )
    .limit(1);
  return !!e;
}

export const eventsOf = (db: Db, orderId: string) =>
  db.select().from(elOrderEvent).where(eq(elOrderEvent.orderId, orderId)).orderBy(elOrderEvent.id);

export const refundsOf = (db: Db | Tx, orderId: string) =>
  db.select().from(elOrderRefund).where(eq(elOrderRefund.orderId, orderId)).orderBy(elOrderRefund.createTime);

export type RefundRecord = typeof elOrderRefund.$inferSelect;

export async function refundById(db: Db | Tx, id: string): Promise<RefundRecord | undefined> {
  const [r] = await db.select().from(elOrderRefund).where(eq(elOrderRefund.id, id));
  return r;
}

export const insertRefund = (tx: Tx, r: typeof elOrderRefund.$inferInsert) => tx.insert(elOrderRefund).values(r);

/** Moves a refund out of 'processing' once (parallel callbacks and queries: the first one decides). */
export async function finishRefund(tx: Tx, id: string, state: 'success' | 'failed', refundId: string) {
  const [r] = await tx
    .update(elOrderRefund)
    .set({ state, refundId, finishTime: new Date() })
    .where(and(eq(elOrderRefund.id, id), eq(elOrderRefund.state, 'processing')))
    .returning();
  return r;
}

export const processingRefunds = (db: Db, limit: number) =>
  db.select().from(elOrderRefund).where(eq(elOrderRefund.state, 'processing')).limit(limit);

export const addRefunded = (tx: Tx, id: string, fen: number) =>
  tx
    .update(elOrder)
    .set({ refundedFen: sql`${elOrder.refundedFen} + ${fen}` })
    .where(eq(elOrder.id, id))
    .returning();

export const ordersByIds = (db: Db, ids: string[]) =>
  ids.length ? db.select().from(elOrder).where(inArray(elOrder.id, ids)) : Promise.resolve([]);
