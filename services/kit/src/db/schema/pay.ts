import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createTime, time, updateTime } from './common';

/**
 * Orders for priced courses, exams and banks (issue 40). Owner: the pay service; the kit's `orders` opens them (the
 * course, exam and repo services' 购买) and grants the item in the transaction that marks one paid. Money in fen.
 */
export const elOrder = pgTable(
  'el_order',
  {
    /** Also the provider's out_trade_no: 'P' + 19 digits of time + 8 random, [A-Za-z0-9]. */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** 'course' | 'exam' | 'repo' (OrderItemType). */
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    /** The item's title when ordered (what the learner and the provider's page show). */
    itemTitle: text('item_title').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** Points spent with the order (taken when it opens, given back when it closes unpaid or is refunded). */
    points: integer('points').notNull().default(0),
    /** 0 待支付, 1 已支付, 2 已关闭, 3 已退款, 4 退款中 (OrderState). */
    state: integer('state').notNull().default(0),
    /** 'wxpay' | 'alipay' once the learner chose; '' before. */
    provider: text('provider').notNull().default(''),
    channel: text('channel').notNull().default(''),
    transactionId: text('transaction_id').notNull().default(''),
    refundedFen: integer('refunded_fen').notNull().default(0),
    /** An unpaid order closes at this moment (15 minutes after it opened). */
    expireTime: time('expire_time').notNull(),
    /** Closed here but not yet at the provider (the pay service's job closes it there, or finds it paid). */
    providerOpen: boolean('provider_open').notNull().default(false),
    payTime: time('pay_time'),
    closeTime: time('close_time'),
    /**
     * Whether the order gives the item now: set with the paid state (the item granted in that transaction), cleared by
     * a refund that takes the item back (docs/decisions.md "Orders and refunds"). The exam and course check this.
     */
    access: boolean('access').notNull().default(false),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('idx_order_user').on(t.userId, t.createTime),
    index('idx_order_item').on(t.itemType, t.itemId),
    index('idx_order_open').on(t.expireTime).where(sql`state = 0`),
    index('idx_order_provider_open').on(t.closeTime).where(sql`provider_open`),
    // One open order per learner and item: a second 购买 finds it instead.
    uniqueIndex('uq_order_open').on(t.userId, t.itemType, t.itemId).where(sql`state = 0`),
  ],
);

/** What happened to an order, for the admin's detail: callbacks, queries, closes, refunds (never a secret). */
export const elOrderEvent = pgTable(
  'el_order_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: text('order_id').notNull(),
    /** 'notify' | 'query' | 'close' | 'refund' | 'refund_notify' | 'create' | 'prepay'. */
    kind: text('kind').notNull(),
    /** What the event said or did, in a line ('paid 1990 fen', 'signature rejected', 'already paid'). */
    result: text('result').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createTime: createTime(),
  },
  (t) => [index('idx_order_event').on(t.orderId, t.id)],
);

/** Refunds of an order (in full or part); the id is the provider's out_refund_no. */
export const elOrderRefund = pgTable(
  'el_order_refund',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason').notNull(),
    /** 'processing' | 'success' | 'failed'. */
    state: text('state').notNull(),
    refundId: text('refund_id').notNull().default(''),
    adminId: text('admin_id').notNull(),
    createTime: createTime(),
    finishTime: time('finish_time'),
  },
  (t) => [index('idx_order_refund').on(t.orderId)],
);
