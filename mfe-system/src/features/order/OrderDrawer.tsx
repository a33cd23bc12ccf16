import { Button, Descriptions, Drawer, Spin, Tag, type TableColumnProps, Typography } from '@arco-design/web-react';
import { fenToYuan, type OrderDetail, type OrderRow, priceText } from '@exam/contracts';
import { skipToken } from '@exam/store';
import { detailColumns, FitTable, OrderStateTag, useIsMobile } from '@exam/ui';
import { useOrderDetailQuery } from './orderApi';
import { canRefund, channelText, EVENT_TITLES, Item, learnerText, REFUND_STATES } from './orderText';

type Event = OrderDetail['events'][number] & { key: number };
type Refund = OrderDetail['refunds'][number];

const EVENT_COLUMNS: TableColumnProps<Event>[] = [
  { title: '时间', dataIndex: 'createTime', width: 170 },
  { title: '事件', dataIndex: 'kind', width: 100, render: (k: string) => EVENT_TITLES[k] ?? k },
  { title: '结果', dataIndex: 'result', ellipsis: true },
];
// Five columns fit the drawer: the provider's refund number under ours, the finish time under the request's.
const REFUND_COLUMNS: TableColumnProps<Refund>[] = [
  {
    title: '退款单号',
    dataIndex: 'id',
    width: 210,
    render: (_: string, r) => <TwoLines first={r.id} second={r.refundId && `渠道：${r.refundId}`} />,
  },
  { title: '金额', dataIndex: 'amountFen', width: 96, render: (f: number) => `￥${fenToYuan(f)}` },
  { title: '原因', dataIndex: 'reason', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'state',
    width: 96,
    render: (s: string) => <Tag color={REFUND_STATES[s]?.color}>{REFUND_STATES[s]?.title ?? s}</Tag>,
  },
  {
    title: '申请 / 完成时间',
    dataIndex: 'createTime',
    width: 180,
    render: (_: string, r) => <TwoLines first={r.createTime} second={r.finishTime} />,
  },
];

function TwoLines({ first, second }: { first: string; second?: string }) {
  return (
    <div>
      <div>{first}</div>
      {second && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {second}
        </Typography.Text>
      )}
    </div>
  );
}

const facts = (o: OrderRow) => [
  { label: '订单号', value: o.id },
  { label: '状态', value: <OrderStateTag state={o.state} /> },
  { label: '学员', value: learnerText(o) },
  { label: '商品', value: <Item o={o} /> },
  { label: '金额', value: priceText(o.amountFen, o.points) },
  { label: '已退金额', value: `￥${fenToYuan(o.refundedFen)}` },
  { label: '支付方式', value: channelText(o) },
  { label: '交易单号', value: o.transactionId || '-' },
  { label: '下单时间', value: o.createTime },
  { label: '支付时间', value: o.payTime || '-' },
];

/** An order's detail: its facts with the provider's transaction id, what happened to it (callbacks, queries) and its refunds. */
export function OrderDrawer({
  order,
  onClose,
  onRefund,
}: {
  order?: OrderRow;
  onClose: () => void;
  /** Given when the admin may refund: a 退款 button for a paid order with money left on it. */
  onRefund?: (o: OrderRow) => void;
}) {
  const mobile = useIsMobile();
  const { currentData: detail, isFetching } = useOrderDetailQuery(order ? { id: order.id } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const o = detail?.order;
  return (
    <Drawer
      title="订单详情"
      visible={!!order}
      width={mobile ? '100%' : 'min(880px, 100%)'}
      footer={null}
      onCancel={onClose}
      unmountOnExit
      data-testid="order-drawer"
    >
      <Spin loading={isFetching} style={{ display: 'block' }}>
        {o && detail && (
          <>
            <Descriptions column={detailColumns(2)} data={facts(o)} labelStyle={{ whiteSpace: 'nowrap' }} />
            {onRefund && canRefund(o) && (
              <Button status="danger" style={{ margin: '8px 0 16px' }} onClick={() => onRefund(o)}>
                退款
              </Button>
            )}
            <Typography.Title heading={6}>支付记录</Typography.Title>
            <FitTable
              rowKey="key"
              columns={EVENT_COLUMNS}
              data={detail.events.map((e, key) => ({ ...e, key }))}
              pagination={false}
            />
            <Typography.Title heading={6}>退款记录</Typography.Title>
            {detail.refunds.length ? (
              <FitTable rowKey="id" columns={REFUND_COLUMNS} data={detail.refunds} pagination={false} />
            ) : (
              <Typography.Text type="secondary">暂无退款</Typography.Text>
            )}
          </>
        )}
      </Spin>
    </Drawer>
  );
}
