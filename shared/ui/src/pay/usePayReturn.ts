import { useEffect, useRef } from 'react';
import { call } from '@exam/api';
import { ClientOrderCalls, type OrderView } from '@exam/contracts';
import { PAY_RETURN_PARAM, returnedOrderId } from './payChannel';

// What Alipay's synchronous return adds to the address (its signed result, which the page does not need: the server
// asks Alipay itself); dropped with our own mark so the address bar is the page's again.
const RETURN_KEYS = [
  PAY_RETURN_PARAM,
  'charset',
  'out_trade_no',
  'method',
  'total_amount',
  'sign',
  'trade_no',
  'auth_app_id',
  'version',
  'app_id',
  'sign_type',
  'seller_id',
  'timestamp',
];

// Several buttons on a page (an exam list) ask about one returned order once.
const asked = new Map<string, Promise<OrderView | undefined>>();

function dropReturnParams() {
  const url = new URL(window.location.href);
  for (const key of RETURN_KEYS) url.searchParams.delete(key);
  window.history.replaceState(window.history.state, '', url.toString());
}

/**
 * Back from a provider's page (WeChat H5, Alipay) with `?payOrder=<id>`: the order is asked of the server (which asks
 * the provider when the callback has not come) and, when `mine` says it belongs here, handed to `open` to show it
 * (paid: the content opens; still unpaid: pay on).
 */
export function usePayReturn(mine: (order: OrderView) => boolean, open: (order: OrderView) => void) {
  const latest = useRef({ mine, open });
  latest.current = { mine, open };
  useEffect(() => {
    const id = returnedOrderId(window.location.search);
    if (!id) return undefined;
    let live = true;
    if (!asked.has(id))
      asked.set(
        id,
        call(ClientOrderCalls.status, { id }, { silent: true }).catch(() => undefined),
      );
    void asked.get(id)?.then((order) => {
      if (!live || !order || !latest.current.mine(order)) return;
      dropReturnParams();
      latest.current.open(order);
    });
    return () => {
      live = false;
    };
  }, []);
}
