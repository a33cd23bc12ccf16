import { Navigate, useLocation } from '@exam/router';
import { UC_BASE, UC_ORDER_TAB } from './UcFrame';
import { UcOrders } from './UcOrders';

/**
 * /pages/uc leads to the profile page (spec admin §2); with `?tab=order` it is 我的订单, which has no menu row of its
 * own (the user centre's pages are the server's hidden routes).
 */
export default function UserCenter() {
  const { search } = useLocation();
  if (new URLSearchParams(search).get('tab') === UC_ORDER_TAB) return <UcOrders />;
  return <Navigate to={`${UC_BASE}/info`} replace />;
}
