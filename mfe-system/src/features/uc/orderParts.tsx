import { Button, Card, Space, type TableColumnProps, Typography } from '@arco-design/web-react';
import { fenToYuan, ORDER_ITEM_TITLES, OrderState, type OrderView, priceText } from '@exam/contracts';
import { OrderStateTag } from '@exam/ui';

/** What a learner can do with an order: pay on or cancel an unpaid one. */
export interface OrderActions {
  onPay: (order: OrderView) => void;
  onCancel: (order: OrderView) => void;
}

const itemText = (o: OrderView) => `${ORDER_ITEM_TITLES[o.itemType] ?? '商品'} · ${o.itemTitle}`;
const small = { type: 'secondary' as const, style: { fontSize: 12 } };
const price = (o: OrderView) => (
  <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
    <span style={{ color: 'rgb(var(--orangered-6))', fontWeight: 600 }}>{priceText(o.amountFen, o.points)}</span>
    {o.refundedFen > 0 && <Typography.Text {...small}>已退款 ￥{fenToYuan(o.refundedFen)}</Typography.Text>}
  </span>
);

function Actions({ order, onPay, onCancel }: { order: OrderView } & OrderActions) {
  if (order.state !== OrderState.WAIT) return null;
  return (
    <Space size={8}>
      <Button type="primary" size="small" onClick={() => onPay(order)} data-testid="order-pay">
        继续支付
      </Button>
      <Button size="small" status="danger" onClick={() => onCancel(order)} data-testid="order-cancel">
        取消订单
      </Button>
    </Space>
  );
}

/** A desktop's rows: the item over its order number, price, state, both times and the actions. */
export const orderColumns = (actions: OrderActions): TableColumnProps[] => [
  {
    title: '商品',
    dataIndex: 'itemTitle',
    render: (_, o: OrderView) => (
      <Space direction="vertical" size={0}>
        {itemText(o)}
        <Typography.Text {...small}>订单号：{o.id}</Typography.Text>
      </Space>
    ),
  },
  { title: '金额', dataIndex: 'amountFen', width: 130, render: (_, o: OrderView) => price(o) },
  { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => <OrderStateTag state={s} /> },
  {
    title: '时间',
    dataIndex: 'createTime',
    width: 200,
    render: (_, o: OrderView) => (
      <Space direction="vertical" size={0}>
        <Typography.Text {...small}>下单：{o.createTime}</Typography.Text>
        {o.payTime && <Typography.Text {...small}>支付：{o.payTime}</Typography.Text>}
      </Space>
    ),
  },
  { title: '操作', dataIndex: 'op', width: 190, render: (_, o: OrderView) => <Actions order={o} {...actions} /> },
];

/** A phone's card of an order: the same facts, one under another. */
export function OrderCard({ order: o, ...actions }: { order: OrderView } & OrderActions) {
  return (
    <Card
      data-testid="order-card"
      size="small"
      title={<span style={{ whiteSpace: 'normal' }}>{itemText(o)}</span>}
      extra={<OrderStateTag state={o.state} />}
    >
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        {price(o)}
        <Typography.Text {...small}>订单号：{o.id}</Typography.Text>
        <Typography.Text {...small}>下单时间：{o.createTime}</Typography.Text>
        {o.payTime && <Typography.Text {...small}>支付时间：{o.payTime}</Typography.Text>}
        <Actions order={o} {...actions} />
      </Space>
    </Card>
  );
}
