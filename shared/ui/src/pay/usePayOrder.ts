import { useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { call } from '@exam/api';
import {
  ClientOrderCalls,
  ORDER_STATE_TITLES,
  OrderState,
  type OrderView,
  PAY_TIMES,
  type PayProviderCode,
  type Prepay,
} from '@exam/contracts';
import { cancelOrder } from './cancelOrder';
import { channelFor, type PayDevice, payReturnPath, withoutWxCode, wxCodeFor } from './payChannel';
import { wxJsapiPay } from './wxJsapi';

export interface PayOrderOptions {
  device: PayDevice;
  /** Called once when the order is seen paid (at once for an order that already is). */
  onPaid: (order: OrderView) => void;
  /** Called when the learner cancelled the order. */
  onCancelled?: (order: OrderView) => void;
}

/**
 * One order being paid: asks the server for its state every PAY_TIMES.pollMs while it is unpaid (the server asks the
 * provider when the callback is late), counts down to its closing, starts a payment on a channel and cancels it.
 */
export function usePayOrder(initial: OrderView, { device, onPaid, onCancelled }: PayOrderOptions) {
  const [order, setOrder] = useState(initial);
  const [prepay, setPrepay] = useState<Prepay>();
  const [busy, setBusy] = useState<PayProviderCode | 'cancel'>();
  const [now, setNow] = useState(() => Date.now());
  const [asked, setAsked] = useState(0);
  const paidOnce = useRef(false);
  const latest = useRef({ onPaid, onCancelled });
  latest.current = { onPaid, onCancelled };
  const waiting = order.state === OrderState.WAIT;

  useEffect(() => {
    if (order.state !== OrderState.PAID || paidOnce.current) return;
    paidOnce.current = true;
    Message.success('支付成功！');
    latest.current.onPaid(order);
  }, [order]);

  // One question at a time: the next waits for the answer, so a slow server never piles them up. A new `asked` asks at
  // once (我已支付, back from WeChat's cashier).
  useEffect(() => {
    if (!waiting) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const next = await call(ClientOrderCalls.status, { id: order.id }, { silent: true }).catch(() => undefined);
      if (stopped) return;
      if (next) setOrder(next);
      if (!next || next.state === OrderState.WAIT) timer = setTimeout(() => void ask(), PAY_TIMES.pollMs);
    };
    timer = setTimeout(() => void ask(), asked ? 0 : PAY_TIMES.pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, order.id, asked]);

  useEffect(() => {
    if (!waiting) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [waiting]);

  const pay = async (provider: PayProviderCode) => {
    setBusy(provider);
    try {
      const { pathname, search, href } = window.location;
      const channel = channelFor(provider, device);
      const returnPath = payReturnPath(pathname, search, order.id);
      // Inside WeChat the payer's openid comes first: WeChat's silent authorization brings this page back with a code.
      const code = channel === 'wxpay_jsapi' ? wxCodeFor(search, order.id) : '';
      if (channel === 'wxpay_jsapi' && !code) {
        const { url } = await call(ClientOrderCalls.wxAuthorize, { orderId: order.id, returnPath });
        window.location.assign(url);
        return;
      }
      if (code) window.history.replaceState(window.history.state, '', withoutWxCode(href));
      const got = await call(ClientOrderCalls.pay, {
        orderId: order.id,
        channel,
        returnPath,
        ...(code ? { code } : {}),
      });
      if (got.kind === 'redirect' && got.url) window.location.assign(got.url);
      else if (got.kind === 'jsapi' && got.params) {
        const result = await wxJsapiPay(got.params);
        if (result === 'ok') setAsked((n) => n + 1);
        else if (result === 'cancel') Message.info('已取消支付');
        else if (result === 'absent') Message.warning('请在微信中打开本页面完成支付！');
        else Message.error('支付失败，请稍后重试！');
      } else setPrepay(got);
    } catch {
      // The api client has told the learner.
    } finally {
      setBusy(undefined);
    }
  };

  // Back from WeChat's authorization with a code for this order: WeChat Pay goes on by itself (the code is used once).
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || device !== 'wechat' || !waiting || !wxCodeFor(window.location.search, order.id)) return;
    resumed.current = true;
    void pay('wxpay');
  });

  const cancel = async () => {
    setBusy('cancel');
    const done = await cancelOrder(order.id);
    setBusy(undefined);
    if (!done) {
      // Kept (the learner said no, or it was paid meanwhile: asking now shows that at once).
      setAsked((n) => n + 1);
      return;
    }
    const closed = { ...order, state: OrderState.CLOSED, state_dictText: ORDER_STATE_TITLES[OrderState.CLOSED] };
    setOrder(closed);
    latest.current.onCancelled?.(closed);
  };

  return {
    order,
    prepay,
    busy,
    leftMs: Math.max(0, order.expireAt - now),
    pay: (p: PayProviderCode) => void pay(p),
    cancel: () => void cancel(),
    /** 我已支付: ask now instead of at the next poll. */
    recheck: () => setAsked((n) => n + 1),
  };
}
