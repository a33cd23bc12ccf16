import { useCallback, useRef, useState } from 'react';
import { Button, Space, type TableColumnProps } from '@arco-design/web-react';
import { IconExport } from '@arco-design/web-react/icon';
import { download } from '@exam/api';
import { OrderCalls, type OrderParams, OrderPerm, type OrderRow } from '@exam/contracts';
import { OrderStateTag, PageContainer, PagingTable, type PagingTableHandle, Permission, useCan } from '@exam/ui';
import { OrderDrawer } from './OrderDrawer';
import { OrderFilters } from './OrderFilters';
import { Amount, canRefund, Item, Learner, OrderNo, providerText, When } from './orderText';
import { RefundDialog } from './RefundDialog';

// Widths that fit every column at 1366 px without scrolling (the order number in two short lines, times as day and
// hour); what is left goes to 商品.
const columns: TableColumnProps<OrderRow>[] = [
  { title: '订单号', dataIndex: 'id', width: 130, render: (id: string) => <OrderNo id={id} /> },
  { title: '学员', key: 'learner', width: 104, render: (_: unknown, o) => <Learner o={o} /> },
  { title: '商品', dataIndex: 'itemTitle', ellipsis: true, render: (_: unknown, o) => <Item o={o} /> },
  { title: '金额', key: 'amount', width: 108, render: (_: unknown, o) => <Amount o={o} /> },
  { title: '支付方式', key: 'provider', width: 96, render: (_: unknown, o) => providerText(o) },
  { title: '状态', dataIndex: 'state', width: 90, render: (s: number) => <OrderStateTag state={s} /> },
  { title: '下单时间', dataIndex: 'createTime', width: 110, render: (t: string) => <When t={t} /> },
  { title: '支付时间', dataIndex: 'payTime', width: 110, render: (t: string) => <When t={t} /> },
];

/**
 * 订单管理 (route OrderList, issue 40): orders by learner, item, type, state, provider, date and number; an order's
 * detail with the provider's history and refunds; refunds in full or part; the list as .xlsx.
 */
export default function OrderList() {
  const table = useRef<PagingTableHandle>(null);
  const reload = useCallback(() => table.current?.reload(), []);
  const [filter, setFilter] = useState<OrderParams>({});
  const [range, setRange] = useState<string[]>([]);
  const [viewing, setViewing] = useState<OrderRow>();
  const [refunding, setRefunding] = useState<OrderRow>();
  const can = useCan();
  const params: OrderParams = { ...filter, ...(range.length === 2 ? { dateRange: range } : {}) };

  const actions: TableColumnProps<OrderRow> = {
    title: '操作',
    key: 'ops',
    // Two small text buttons on one line: 60 px each with a 4 px gap, in a cell padded 16 px a side (as PagingTable's).
    width: 160,
    render: (_: unknown, o) => (
      <Space size={4}>
        {can(OrderPerm.DETAIL) && (
          <Button type="text" size="small" onClick={() => setViewing(o)}>
            详情
          </Button>
        )}
        {can(OrderPerm.REFUND) && canRefund(o) && (
          <Button type="text" size="small" status="danger" onClick={() => setRefunding(o)}>
            退款
          </Button>
        )}
      </Space>
    ),
  };
  const buttons = [
    <Permission key="export" codes={[OrderPerm.EXPORT]}>
      <Button
        icon={<IconExport />}
        onClick={() => void download(OrderCalls.export.url, { params }, '订单记录.xlsx').catch(() => undefined)}
      >
        导出
      </Button>
    </Permission>,
  ];

  return (
    <PageContainer title="订单管理">
      <PagingTable
        ref={table}
        url={OrderCalls.paging.url}
        params={params}
        columns={[...columns, actions] as TableColumnProps[]}
        toolbar={
          <OrderFilters
            onFilter={(key, v) => setFilter((f) => ({ ...f, [key]: v }))}
            onRange={setRange}
            buttons={buttons}
          />
        }
      />
      <OrderDrawer
        order={viewing}
        onClose={() => setViewing(undefined)}
        onRefund={can(OrderPerm.REFUND) ? setRefunding : undefined}
      />
      <RefundDialog order={refunding} onClose={() => setRefunding(undefined)} onDone={reload} />
    </PageContainer>
  );
}
