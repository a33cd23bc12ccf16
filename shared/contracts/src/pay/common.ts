import Type from 'typebox';

/** What can be bought (issue 40): a priced course, exam or question bank. */
export const OrderItemType = { COURSE: 'course', EXAM: 'exam', REPO: 'repo' } as const;
export type OrderItemType = (typeof OrderItemType)[keyof typeof OrderItemType];
export const OrderItemTypeCode = Type.Union([Type.Literal('course'), Type.Literal('exam'), Type.Literal('repo')]);
export const ORDER_ITEM_TITLES: Record<string, string> = { course: '课程', exam: '考试', repo: '题库' };

/** An order's state; the transitions are the pay service's (order-states.ts). */
export const OrderState = { WAIT: 0, PAID: 1, CLOSED: 2, REFUNDED: 3, REFUNDING: 4 } as const;
export const ORDER_STATE_TITLES: Record<number, string> = {
  0: '待支付',
  1: '已支付',
  2: '已关闭',
  3: '已退款',
  4: '退款中',
};

export const PAY_PROVIDERS = ['wxpay', 'alipay'] as const;
export type PayProviderCode = (typeof PAY_PROVIDERS)[number];
export const PAY_PROVIDER_TITLES: Record<string, string> = { wxpay: '微信支付', alipay: '支付宝' };

/**
 * How the learner pays: WeChat Native QR (desktop), H5 (a phone's browser), JSAPI (inside WeChat); Alipay 电脑网站支付
 * (desktop) and 手机网站支付 (phone).
 */
export const PAY_CHANNELS = ['wxpay_native', 'wxpay_h5', 'wxpay_jsapi', 'alipay_page', 'alipay_wap'] as const;
export type PayChannelCode = (typeof PAY_CHANNELS)[number];
export const PayChannelType = Type.Union(PAY_CHANNELS.map((c) => Type.Literal(c)) as [Type.TLiteral<PayChannelCode>]);
export const providerOfChannel = (c: string): PayProviderCode => (c.startsWith('alipay') ? 'alipay' : 'wxpay');

export const PAY_TIMES = {
  /** An unpaid order closes this long after it opened (also at the provider). */
  orderTtlMs: 15 * 60_000,
  /** How often a paying screen asks whether the order was paid. */
  pollMs: 2000,
} as const;

/** Money on the wire and in the database is fen; shown as ￥ with two decimals. */
export const fenToYuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;
/** An item's price as stored (yuan, two decimals) → fen, without float drift (19.99 → 1999). */
export const yuanToFen = (yuan: number) => Math.round(Number(yuan.toFixed(2)) * 100);

/** The spec's price text: ￥ money, 积分 points, or both joined by +; '免费' when neither. */
export function priceText(fen: number, points: number): string {
  const parts = [...(fen > 0 ? [`￥${fenToYuan(fen)}`] : []), ...(points > 0 ? [`${points}积分`] : [])];
  return parts.length ? parts.join(' + ') : '免费';
}
