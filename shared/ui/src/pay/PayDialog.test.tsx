import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { configureApi } from '@exam/api';
import { okReply, startTestServer, type TestServer } from '@exam/api/testing';
import { store } from '@exam/store';
import { ClientOrderCalls, OrderState, type OrderView } from '@exam/contracts';
import { BuyButton } from './BuyButton';
import { payApi } from './payApi';
import { PayDialog } from './PayDialog';
import { renderWithStore, resetScreen } from '../testing';

const order = (state: number = OrderState.WAIT): OrderView => ({
  id: 'P1',
  itemType: 'course',
  itemId: 'c1',
  itemTitle: '付费课程',
  amountFen: 1990,
  points: 0,
  state,
  state_dictText: '',
  provider: '',
  channel: '',
  refundedFen: 0,
  createTime: '2026-11-27 10:00:00',
  payTime: '',
  expireAt: Date.now() + 15 * 60_000,
});

let server: TestServer;
let stateNow: number = OrderState.WAIT;
const assigned: string[] = [];
beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.url, notify: () => {} });
  server.route(ClientOrderCalls.options.url, () => okReply({ providers: ['alipay', 'wxpay'] }));
  server.route(ClientOrderCalls.status.url, () => okReply(order(stateNow)));
  server.route(ClientOrderCalls.cancel.url, () => okReply(null));
  server.route(ClientOrderCalls.pay.url, (req) =>
    okReply(
      req.json.channel === 'wxpay_native'
        ? { kind: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc' }
        : { kind: 'redirect', url: 'https://openapi.alipay.com/gateway.do?x=1' },
    ),
  );
  const { origin, href } = window.location;
  // Leaving for the provider is recorded, not done.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { origin, href, pathname: '/pages/course/view/c1', search: '', assign: (u: string) => assigned.push(u) },
  });
});
afterAll(() => server.close());
afterEach(() => {
  resetScreen();
  store.dispatch(payApi.util.resetApiState());
  server.requests.length = 0;
  stateNow = OrderState.WAIT;
});

const body = (url: string) => server.requests.find((r) => r.path === url)?.json;

describe('the paying dialog on a desktop', () => {
  it("shows the item, its price and the site's providers; WeChat Pay draws the QR code; paid, it says so once", async () => {
    const paid: OrderView[] = [];
    renderWithStore(<PayDialog order={order()} onClose={() => {}} onPaid={(o) => paid.push(o)} />);
    expect(await screen.findByText('￥19.90')).toBeTruthy();
    expect(screen.getByText(/付费课程/)).toBeTruthy();
    expect(screen.getByTestId('pay-countdown').textContent).toMatch(/请在 1[45]:\d\d 内完成支付/);
    fireEvent.click(await screen.findByTestId('pay-wxpay'));
    await waitFor(() => expect(screen.getByAltText('微信支付二维码')).toBeTruthy());
    expect(body(ClientOrderCalls.pay.url)).toEqual({
      orderId: 'P1',
      channel: 'wxpay_native',
      returnPath: '/pages/course/view/c1?payOrder=P1',
    });
    stateNow = OrderState.PAID;
    fireEvent.click(screen.getByText('我已支付'));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    // Told once the screen shows it (an effect after the render that shows it).
    await waitFor(() => expect(paid.map((o) => o.state)).toEqual([OrderState.PAID]));
  });

  it("leaves for Alipay's cashier page (电脑网站支付)", async () => {
    renderWithStore(<PayDialog order={order()} onClose={() => {}} onPaid={() => {}} />);
    fireEvent.click(await screen.findByTestId('pay-alipay'));
    await waitFor(() => expect(assigned).toContain('https://openapi.alipay.com/gateway.do?x=1'));
    expect(body(ClientOrderCalls.pay.url).channel).toBe('alipay_page');
  });

  it('cancels the order after a confirmation, and a closed order offers 重新购买', async () => {
    const cancelled: string[] = [];
    let rebuys = 0;
    renderWithStore(
      <PayDialog
        order={order()}
        onClose={() => {}}
        onPaid={() => {}}
        onCancelled={(o) => cancelled.push(o.id)}
        onRebuy={() => rebuys++}
      />,
    );
    fireEvent.click(await screen.findByTestId('pay-cancel'));
    fireEvent.click(await screen.findByText('确定'));
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(body(ClientOrderCalls.cancel.url)).toEqual({ id: 'P1' });
    expect(cancelled).toEqual(['P1']);
    fireEvent.click(screen.getByText('重新购买'));
    expect(rebuys).toBe(1);
  });
});

describe('the 购买 button', () => {
  it('shows the price; a points-only purchase is done at once without a dialog', async () => {
    let opened = 0;
    renderWithStore(
      <BuyButton
        fen={0}
        points={100}
        buy={async () => ({ paid: true, costPoints: 100, order: null })}
        onPaid={() => opened++}
      />,
    );
    fireEvent.click(screen.getByText('购买 100积分'));
    await waitFor(() => expect(opened).toBe(1));
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });

  it('an order opens the paying dialog', async () => {
    renderWithStore(
      <BuyButton
        fen={1990}
        points={0}
        buy={async () => ({ paid: false, costPoints: 0, order: order() })}
        onPaid={() => {}}
      />,
    );
    fireEvent.click(screen.getByText('购买 ￥19.90'));
    expect(await screen.findByTestId('pay-panel')).toBeTruthy();
    // Its providers come (no call left open when the server closes).
    expect(await screen.findByTestId('pay-wxpay')).toBeTruthy();
  });
});
