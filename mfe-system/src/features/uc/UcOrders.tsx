import { useState } from 'react';
import { ClientOrderCalls, ORDER_STATE_TITLES, OrderState, type OrderView } from '@exam/contracts';
import {
  CardGrid,
  cancelOrder,
  compactFilters,
  PagingTable,
  PayDialog,
  TabBar,
  useIsMobile,
  usePagingQuery,
  usePayReturn,
} from '@exam/ui';
import { type OrderActions, OrderCard, orderColumns } from './orderParts';
import { UcFrame } from './UcFrame';

// The state filter as the exam list's flags: capsule tabs, keyed by the state's number ('' for all).
const STATES = [
  { key: '', title: '全部' },
  ...Object.values(OrderState).map((s) => ({ key: String(s), title: ORDER_STATE_TITLES[s] })),
];
const SIZE = 10;

/** A phone's list: one card per order. */
function OrderCards({ params, refreshKey, actions }: { params: object; refreshKey: number; actions: OrderActions }) {
  const { records, total, loading, query, setQuery } = usePagingQuery<OrderView>(
    ClientOrderCalls.minePaging.url,
    params,
    SIZE,
    refreshKey,
  );
  return (
    <CardGrid<OrderView>
      records={records}
      total={total}
      loading={loading}
      current={query.current}
      size={SIZE}
      onPage={(page) => setQuery((q) => ({ ...q, current: page }))}
      perRow={1}
      rowKey="id"
      renderCard={(o) => <OrderCard order={o} {...actions} />}
    />
  );
}

/**
 * 我的订单 (issue 40): the learner's orders by state, newest first; an unpaid one is paid on (the paying dialog with
 * that order) or cancelled. Back from a provider's page the order comes up again, paid or to pay on.
 */
export function UcOrders() {
  const [state, setState] = useState('');
  const [paying, setPaying] = useState<OrderView>();
  const [refresh, setRefresh] = useState(0);
  const mobile = useIsMobile();
  const reload = () => setRefresh((n) => n + 1);
  usePayReturn(() => true, setPaying);
  const actions: OrderActions = {
    onPay: setPaying,
    onCancel: (o) => void cancelOrder(o.id).then((done) => done && reload()),
  };
  const params = compactFilters({ state: state === '' ? undefined : Number(state) });
  const done = () => {
    setPaying(undefined);
    reload();
  };
  return (
    <UcFrame title="我的订单">
      <TabBar capsule tabs={STATES} active={state} onChange={setState} style={{ margin: '0 0 16px' }} />
      {mobile ? (
        <OrderCards params={params} refreshKey={refresh} actions={actions} />
      ) : (
        <PagingTable
          url={ClientOrderCalls.minePaging.url}
          params={params}
          columns={orderColumns(actions)}
          defaultSize={SIZE}
          refreshKey={refresh}
        />
      )}
      <PayDialog order={paying} onClose={done} onPaid={done} onCancelled={reload} />
    </UcFrame>
  );
}
