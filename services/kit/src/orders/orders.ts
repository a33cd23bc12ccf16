import { randomInt } from 'node:crypto';
import { ORDER_STATE_TITLES, OrderState, type OrderView, PAY_TIMES, priceText } from '@exam/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { elCourseLearner, elOrder, elOrderEvent, elPaper, elRepoJoin, elTrain } from '../db/schema';
import { grantPoints, spendPointsOnce } from '../points';
import { fmtTime } from '../util';
import { movesInto } from './order-state';
import type { SaleItem } from './sale-items';

export type OrderRecord = typeof elOrder.$inferSelect;

/** An order number, also the provider's out_trade_no: 'P', the time in ms and 10 random digits (24 of [A-Z0-9]). */
export const orderNo = () => `P${Date.now()}${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/** A line in the order's history (admin's detail): never a secret, never a whole callback. */
export async function orderEvent(
  db: Db | Tx,
  orderId: string,
  kind: string,
  result: string,
  detail: Record<string, unknown> = {},
) {
  await db.insert(elOrderEvent).values({ orderId, kind, result, detail });
}

/**
 * The learner's open order for the item, or a new one at the item's price now (the amount is the server's). Points of
 * an item priced in money and points are taken when the order opens and given back if it closes unpaid. One open order
 * per learner and item (a unique index): parallel 购买 get the same order; an open one past its time is closed first.
 */
export async function openOrder(db: Db, userId: string, item: SaleItem, now = new Date()): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const mine = and(
      eq(elOrder.userId, userId),
      eq(elOrder.itemType, item.type),
      eq(elOrder.itemId, item.id),
      eq(elOrder.state, OrderState.WAIT),
    );
    const [open] = await tx.select().from(elOrder).where(mine).for('update');
    if (open && open.expireTime > now) return open;
    if (open) await closeOrder(tx, open, '超时未支付', now);
    const id = orderNo();
    const [made] = await tx
      .insert(elOrder)
      .values({
        id,
        userId,
        itemType: item.type,
        itemId: item.id,
        itemTitle: item.title,
        amountFen: item.amountFen,
        points: item.points,
        expireTime: new Date(now.getTime() + PAY_TIMES.orderTtlMs),
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      // Another 购买 of the same learner and item opened it meanwhile.
      const [theirs] = await tx.select().from(elOrder).where(mine);
      if (theirs) return theirs;
      throw new Error('order neither made nor found');
    }
    await spendPointsOnce(tx, {
      userId,
      refId: `order:${id}`,
      points: item.points,
      remark: `购买${item.title}`,
      shortMsg: `积分不足，购买需要${item.points}积分！`,
    });
    await orderEvent(tx, id, 'create', `下单 ${priceText(item.amountFen, item.points)}`);
    return made;
  });
}

/** Moves the order to `to` from a state allowed to reach it (order-state.ts); undefined when it was not in one. */
export async function moveOrder(
  tx: Tx,
  id: string,
  to: number,
  set: Partial<typeof elOrder.$inferInsert> = {},
): Promise<OrderRecord | undefined> {
  const [o] = await tx
    .update(elOrder)
    .set({ ...set, state: to, updateTime: new Date() })
    .where(and(eq(elOrder.id, id), inArray(elOrder.state, movesInto(to))))
    .returning();
  return o;
}

/**
 * Closes an unpaid order here (expired or cancelled) and gives its points back; the provider's trade, if one was made,
 * is closed by the pay service's job (`providerOpen`). False when it was not open any more.
 */
export async function closeOrder(tx: Tx, o: OrderRecord, why: string, now = new Date()): Promise<boolean> {
  const closed = await moveOrder(tx, o.id, OrderState.CLOSED, { closeTime: now, providerOpen: o.provider !== '' });
  if (!closed) return false;
  await grantPoints(tx, { userId: o.userId, points: o.points, remark: `订单关闭，退还积分：${o.itemTitle}` });
  await orderEvent(tx, o.id, 'close', why);
  return true;
}

/**
 * Marks the order paid and grants its item in the caller's transaction, exactly once (the state move decides between
 * parallel callbacks and queries): a course is joined, a bank joined for training, an exam may be taken.
 */
export async function payOrder(
  tx: Tx,
  id: string,
  paid: { provider: string; transactionId: string; payTime: Date },
): Promise<OrderRecord | undefined> {
  const o = await moveOrder(tx, id, OrderState.PAID, { ...paid, access: true });
  if (!o) return undefined;
  if (o.itemType === 'course')
    await tx
      .insert(elCourseLearner)
      .values({ courseId: o.itemId, userId: o.userId, hasJoin: true })
      .onConflictDoUpdate({ target: [elCourseLearner.courseId, elCourseLearner.userId], set: { hasJoin: true } });
  else if (o.itemType === 'repo')
    await tx.insert(elRepoJoin).values({ userId: o.userId, repoId: o.itemId }).onConflictDoNothing();
  return o;
}

/** Whether the learner used the item (studied the course, trained the bank, started the exam). */
export async function itemUsed(db: Db | Tx, o: Pick<OrderRecord, 'userId' | 'itemType' | 'itemId'>) {
  const [row] =
    o.itemType === 'course'
      ? await db
          .select({ x: sql`1` })
          .from(elCourseLearner)
          .where(
            and(
              eq(elCourseLearner.courseId, o.itemId),
              eq(elCourseLearner.userId, o.userId),
              sql`(${elCourseLearner.learnSec} > 0 or ${elCourseLearner.latestTime} is not null)`,
            ),
          )
          .limit(1)
      : o.itemType === 'repo'
        ? await db
            .select({ x: sql`1` })
            .from(elTrain)
            .where(and(eq(elTrain.repoId, o.itemId), eq(elTrain.userId, o.userId)))
            .limit(1)
        : await db
            .select({ x: sql`1` })
            .from(elPaper)
            .where(and(eq(elPaper.examId, o.itemId), eq(elPaper.userId, o.userId)))
            .limit(1);
  return !!row;
}

/** Takes the item back from a refunded order (the caller decided it was unused): the course and the bank are left. */
export async function takeBack(tx: Tx, o: OrderRecord) {
  await tx.update(elOrder).set({ access: false }).where(eq(elOrder.id, o.id));
  if (o.itemType === 'course')
    await tx
      .update(elCourseLearner)
      .set({ hasJoin: false })
      .where(and(eq(elCourseLearner.courseId, o.itemId), eq(elCourseLearner.userId, o.userId)));
  else if (o.itemType === 'repo')
    await tx.delete(elRepoJoin).where(and(eq(elRepoJoin.repoId, o.itemId), eq(elRepoJoin.userId, o.userId)));
}

/** Whether a paid order gives the learner the item now. */
export async function hasBought(db: Db | Tx, userId: string, itemType: string, itemId: string) {
  const [row] = await db
    .select({ id: elOrder.id })
    .from(elOrder)
    .where(
      and(
        eq(elOrder.userId, userId),
        eq(elOrder.itemType, itemType),
        eq(elOrder.itemId, itemId),
        eq(elOrder.access, true),
      ),
    )
    .limit(1);
  return !!row;
}

/** SQL for lists: the learner holds the item (`idColumn`) by a paid order. */
export const boughtSql = (userId: string, itemType: string, idColumn: unknown) =>
  sql`exists (select 1 from ${elOrder} where ${elOrder.userId} = ${userId} and ${elOrder.itemType} = ${itemType} and ${elOrder.itemId} = ${idColumn} and ${elOrder.access})`;

/** An order as its learner sees it (OrderView): the 购买 replies and the pay service's learner calls. */
export const orderView = (o: OrderRecord): OrderView => ({
  id: o.id,
  itemType: o.itemType,
  itemId: o.itemId,
  itemTitle: o.itemTitle,
  amountFen: o.amountFen,
  points: o.points,
  state: o.state,
  state_dictText: ORDER_STATE_TITLES[o.state] ?? '',
  provider: o.provider,
  channel: o.channel,
  refundedFen: o.refundedFen,
  createTime: fmtTime(o.createTime),
  payTime: fmtTime(o.payTime),
  expireAt: o.expireTime.getTime(),
});
