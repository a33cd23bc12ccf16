import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { okReply } from '@exam/api/testing';
import { type OrderDetail, OrderCalls, OrderPerm, type OrderRow, OrderState } from '@exam/contracts';
import { asPhone, grant, renderWithStore, withTestServer } from '@exam/ui/testing';
import OrderList from './OrderList';

const row = (id: string, state: number, over: Partial<OrderRow> = {}): OrderRow => ({
  id,
  itemType: 'course',
  itemId: 'c1',
  itemTitle: `课程${id}`,
  amountFen: 1990,
  points: 0,
  state,
  state_dictText: '',
  provider: 'wxpay',
  channel: 'wxpay_native',
  refundedFen: 0,
  createTime: '2026-11-27 10:00:00',
  payTime: state === OrderState.WAIT ? '' : '2026-11-27 10:01:00',
  expireAt: 0,
  userId: 'u2',
  userName: 'learner',
  realName: '张三',
  transactionId: state === OrderState.WAIT ? '' : `4200${id}`,
  ...over,
});
// Paid with ￥5.00 already refunded; refunded in full; waiting to be paid.
const PAID = row('17000000000000000001', OrderState.PAID, { refundedFen: 500 });
const ROWS = [
  PAID,
  row('17000000000000000002', OrderState.REFUNDED, { refundedFen: 1990 }),
  row('17000000000000000003', 0),
];
const DETAIL: OrderDetail = {
  order: PAID,
  events: [{ kind: 'notify', result: '支付成功 ￥19.90', createTime: '2026-11-27 10:01:00' }],
  refunds: [],
  revocable: true,
};

const t = withTestServer();
const open = () => {
  t.server.route(OrderCalls.paging.url, okReply({ records: ROWS, total: 3, pages: 1, current: 1, size: 20 }));
  t.server.route(OrderCalls.detail.url, okReply(DETAIL));
  t.server.route(OrderCalls.refund.url, okReply(null));
  renderWithStore(<OrderList />);
};
const refunds = () => t.server.requests.filter((r) => r.path === OrderCalls.refund.url);

describe('OrderList', () => {
  it('gates 详情, 退款 and 导出 by their tags; only a paid order with money left offers 退款', async () => {
    asPhone(false);
    grant([OrderPerm.LIST]);
    open();
    expect(await screen.findByText('课程17000000000000000003')).toBeTruthy();
    expect(screen.queryByText('详情')).toBeNull();
    expect(screen.queryByText('退款')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
  });

  it('refunds the remainder by default and checks the amount and the reason before asking the server', async () => {
    asPhone(false);
    grant(Object.values(OrderPerm));
    open();
    await screen.findByText('课程17000000000000000003');
    expect(screen.getAllByText('详情')).toHaveLength(3);
    expect(screen.getAllByText('退款')).toHaveLength(1);
    expect(screen.getByText('导出')).toBeTruthy();

    fireEvent.click(screen.getByText('退款'));
    const amount = (await screen.findByDisplayValue('14.90')) as HTMLInputElement;
    expect(screen.getByText(/全额退款：学员尚未使用该课程/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '15' } });
    fireEvent.blur(amount);
    fireEvent.click(screen.getByText('确定'));
    expect(await screen.findByText('退款金额不能超过可退金额！')).toBeTruthy();
    expect(await screen.findByText('请输入退款原因！')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(/部分退款：学员保留该课程的权限/)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText(/学员申请退款/), { target: { value: ' 课程无法播放 ' } });
    expect(refunds()).toHaveLength(0);
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(refunds()).toHaveLength(1));
    expect(refunds()[0].json).toEqual({ id: PAID.id, amountFen: 1000, reason: '课程无法播放' });
  });

  it("opens an order's detail with the provider's transaction id and its history", async () => {
    asPhone(false);
    grant(Object.values(OrderPerm));
    open();
    await screen.findByText('课程17000000000000000003');
    fireEvent.click(screen.getAllByText('详情')[0]);
    expect(await screen.findByText(`4200${PAID.id}`)).toBeTruthy();
    expect(screen.getByText('回调通知')).toBeTruthy();
    expect(screen.getByText('微信支付 · Native扫码支付')).toBeTruthy();
  });

  it('is a list of cards on a phone', async () => {
    asPhone(true);
    grant(Object.values(OrderPerm));
    open();
    await screen.findByText('课程17000000000000000003');
    expect(document.querySelectorAll('.row-card')).toHaveLength(3);
    asPhone(false);
  });
});
