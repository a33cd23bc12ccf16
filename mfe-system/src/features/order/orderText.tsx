import { Tag, Typography } from '@arco-design/web-react';
import {
  fenToYuan,
  ORDER_ITEM_TITLES,
  type OrderRow,
  OrderState,
  PAY_PROVIDER_TITLES,
  priceText,
} from '@exam/contracts';

/** A line cut with an ellipsis (the full text on hover). */
export const ONE_LINE = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
const SMALL = { ...ONE_LINE, fontSize: 12 };

/** What the admin's history shows for the pay service's event kinds (el_order_event.kind). */
export const EVENT_TITLES: Record<string, string> = {
  create: '下单',
  prepay: '发起支付',
  notify: '回调通知',
  query: '主动查询',
  close: '关闭订单',
  refund: '退款',
  refund_notify: '退款回调',
};
export const REFUND_STATES: Record<string, { title: string; color: string }> = {
  processing: { title: '退款中', color: 'arcoblue' },
  success: { title: '退款成功', color: 'green' },
  failed: { title: '退款失败', color: 'red' },
};

/** Money still to refund: what was paid less what went back. */
export const refundable = (o: Pick<OrderRow, 'amountFen' | 'refundedFen'>) => Math.max(0, o.amountFen - o.refundedFen);
/** Refunds start from a paid order with money left on it (one at a time: 退款中 waits for the provider). */
export const canRefund = (o: OrderRow) => o.state === OrderState.PAID && refundable(o) > 0;

export const providerText = (o: Pick<OrderRow, 'provider'>) => PAY_PROVIDER_TITLES[o.provider] ?? (o.provider || '-');
/** How the learner paid (PAY_CHANNELS), for the detail. */
const CHANNEL_TITLES: Record<string, string> = {
  wxpay_native: 'Native扫码支付',
  wxpay_h5: 'H5支付',
  wxpay_jsapi: 'JSAPI支付（微信内）',
  alipay_page: '电脑网站支付',
  alipay_wap: '手机网站支付',
};
export const channelText = (o: Pick<OrderRow, 'provider' | 'channel'>) =>
  o.channel ? `${providerText(o)} · ${CHANNEL_TITLES[o.channel] ?? o.channel}` : providerText(o);
export const learnerText = (o: Pick<OrderRow, 'realName' | 'userName'>) =>
  o.realName ? `${o.realName}（${o.userName}）` : o.userName || '-';

/** An order number (24 characters) small, broken anywhere: two lines in a narrow column, still one string to copy. */
export const OrderNo = ({ id }: { id: string }) => (
  <span style={{ fontSize: 12, wordBreak: 'break-all', fontVariantNumeric: 'tabular-nums' }}>{id}</span>
);

/** The learner: name, and under it the account. */
export function Learner({ o }: { o: OrderRow }) {
  return (
    <div style={{ minWidth: 0 }}>
      <span style={ONE_LINE}>{o.realName || o.userName}</span>
      <Typography.Text type="secondary" style={SMALL}>
        {o.userName}
      </Typography.Text>
    </div>
  );
}

/** The item: its type as a tag before its title. */
export function Item({ o }: { o: OrderRow }) {
  return (
    <span>
      <Tag size="small" style={{ marginRight: 6 }}>
        {ORDER_ITEM_TITLES[o.itemType] ?? o.itemType}
      </Tag>
      {o.itemTitle}
    </span>
  );
}

/** The price (money, points or both), and under it what was refunded. */
export function Amount({ o }: { o: OrderRow }) {
  return (
    <div>
      <span style={{ color: 'rgb(var(--orangered-6))', fontWeight: 600 }}>{priceText(o.amountFen, o.points)}</span>
      {o.refundedFen > 0 && (
        <Typography.Text type="secondary" style={SMALL}>
          已退 ￥{fenToYuan(o.refundedFen)}
        </Typography.Text>
      )}
    </div>
  );
}

/** A time as two short lines (day, then hour), so two time columns fit beside the rest at 1366 px. */
export function When({ t }: { t: string }) {
  if (!t) return <span>-</span>;
  return (
    <div title={t}>
      <span style={ONE_LINE}>{t.slice(0, 10)}</span>
      <Typography.Text type="secondary" style={SMALL}>
        {t.slice(11)}
      </Typography.Text>
    </div>
  );
}
