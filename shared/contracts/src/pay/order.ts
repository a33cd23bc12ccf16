import Type from 'typebox';
import { defineCall } from '../call';
import { Time } from '../course/common';
import { Id, IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { OrderItemTypeCode, PayChannelType } from './common';

/** The admin side's permission tags (订单管理). */
export const OrderPerm = {
  LIST: 'order:list',
  DETAIL: 'order:detail',
  REFUND: 'order:refund',
  EXPORT: 'order:export',
} as const;
export const ORDER_TAGS: string[] = Object.values(OrderPerm);

/** An order as its learner sees it (我的订单, the paying dialog). */
export const OrderView = Type.Object({
  id: Type.String(),
  itemType: Type.String(),
  itemId: Type.String(),
  itemTitle: Type.String(),
  amountFen: Type.Integer(),
  points: Type.Integer(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  provider: Type.String(),
  channel: Type.String(),
  refundedFen: Type.Integer(),
  createTime: Type.String(),
  payTime: Type.String(),
  /** When an unpaid order closes (milliseconds since the epoch), for the countdown. */
  expireAt: Type.Integer(),
});
export type OrderView = Type.Static<typeof OrderView>;

/**
 * What the learner's page needs to pay: a QR code's content (WeChat Native), a page to open (WeChat H5, Alipay), or the
 * parameters of WeixinJSBridge's getBrandWCPayRequest (JSAPI).
 */
export const Prepay = Type.Object({
  kind: Type.Union([Type.Literal('qr'), Type.Literal('redirect'), Type.Literal('jsapi')]),
  codeUrl: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type Prepay = Type.Static<typeof Prepay>;

export const OrderPayReq = Type.Object({
  orderId: Id,
  channel: PayChannelType,
  /** Where the provider sends the browser back (a path of this site, e.g. `/pages/course/view?id=…`). */
  returnPath: Type.Optional(Type.String({ maxLength: 500 })),
  /** JSAPI (inside WeChat): the one-time code WeChat's authorization sent the page back with (`wxAuthorize`). */
  code: Type.Optional(Type.String({ maxLength: 256 })),
});
export type OrderPayReq = Type.Static<typeof OrderPayReq>;

/** The providers a learner may pay with now (switched on and configured). */
export const PayOptions = Type.Object({ providers: Type.Array(Type.String()) });

export const MineOrderParams = Type.Object({ state: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })) });

/**
 * What 购买 answers (course, exam and bank alike): bought at once with points (`paid`), or an order to pay (its amount
 * and item are the server's; a second 购买 answers the learner's open order).
 */
export const BuyRes = Type.Object({
  paid: Type.Boolean(),
  costPoints: Type.Integer(),
  order: Type.Union([OrderView, Type.Null()]),
});
export type BuyRes = Type.Static<typeof BuyRes>;

export const ClientOrderCalls = {
  options: defineCall('/api/pay/order/options', Type.Object({}), PayOptions),
  pay: defineCall('/api/pay/order/pay', OrderPayReq, Prepay),
  /** Inside WeChat, before JSAPI: WeChat's silent authorization, which brings the page back with a `code`. */
  wxAuthorize: defineCall(
    '/api/pay/order/wx-authorize',
    Type.Object({ orderId: Id, returnPath: Type.Optional(Type.String({ maxLength: 500 })) }),
    Type.Object({ url: Type.String() }),
  ),
  /** The order now; an unpaid one the learner paid for is asked of the provider first (the callback may be late). */
  status: defineCall('/api/pay/order/status', IdReq, OrderView),
  cancel: defineCall('/api/pay/order/cancel', IdReq, Type.Null()),
  minePaging: defineCall('/api/pay/order/mine-paging', PagingReq(MineOrderParams), PagingRes(OrderView)),
  /** The items of a type the learner holds by a paid order now (what the lists of exams and banks show as bought). */
  bought: defineCall('/api/pay/order/bought', Type.Object({ itemType: OrderItemTypeCode }), Type.Array(Type.String())),
};

export const OrderParams = Type.Object({
  /** The learner's account or name. */
  userName: Type.Optional(Type.String({ maxLength: 64 })),
  itemTitle: Type.Optional(Type.String({ maxLength: 100 })),
  itemType: Type.Optional(Type.String({ maxLength: 16 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  provider: Type.Optional(Type.String({ maxLength: 16 })),
  orderId: Type.Optional(Type.String({ maxLength: 64 })),
  dateRange: Type.Optional(Type.Array(Time, { maxItems: 2 })),
});
export type OrderParams = Type.Static<typeof OrderParams>;

export const OrderRow = Type.Object({
  ...OrderView.properties,
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  transactionId: Type.String(),
});
export type OrderRow = Type.Static<typeof OrderRow>;

export const OrderEvent = Type.Object({
  kind: Type.String(),
  result: Type.String(),
  createTime: Type.String(),
});
export const OrderRefundRow = Type.Object({
  id: Type.String(),
  amountFen: Type.Integer(),
  reason: Type.String(),
  state: Type.String(),
  refundId: Type.String(),
  createTime: Type.String(),
  finishTime: Type.String(),
});
export const OrderDetail = Type.Object({
  order: OrderRow,
  events: Type.Array(OrderEvent),
  refunds: Type.Array(OrderRefundRow),
  /** What a refund would take back: true while the item is unused (docs/decisions.md). */
  revocable: Type.Boolean(),
});
export type OrderDetail = Type.Static<typeof OrderDetail>;

export const RefundReq = Type.Object({
  id: Id,
  amountFen: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  reason: Type.String({ minLength: 1, maxLength: 80 }),
});
export type RefundReq = Type.Static<typeof RefundReq>;

export const OrderCalls = {
  paging: defineCall('/api/pay/admin/order/paging', PagingReq(OrderParams), PagingRes(OrderRow)),
  detail: defineCall('/api/pay/admin/order/detail', IdReq, OrderDetail),
  refund: defineCall('/api/pay/admin/order/refund', RefundReq, Type.Null()),
  /** Answers the .xlsx file itself. */
  export: defineCall('/api/pay/admin/order/export', Type.Object({ params: Type.Optional(OrderParams) }), Type.Null()),
};

/** The providers' callbacks (public, signed by the provider; raw bodies). */
export const PAY_NOTIFY_PATHS = { wxpay: '/api/pay/notify/wxpay', alipay: '/api/pay/notify/alipay' } as const;
