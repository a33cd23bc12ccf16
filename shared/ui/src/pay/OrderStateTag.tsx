import { Tag } from '@arco-design/web-react';
import { ORDER_STATE_TITLES, OrderState } from '@exam/contracts';

const COLORS: Record<number, string> = {
  [OrderState.WAIT]: 'orange',
  [OrderState.PAID]: 'green',
  [OrderState.CLOSED]: 'gray',
  [OrderState.REFUNDED]: 'purple',
  [OrderState.REFUNDING]: 'arcoblue',
};

/** An order's state as a coloured tag (待支付, 已支付, 已关闭, 已退款, 退款中): the learner's and the admin's lists. */
export const OrderStateTag = ({ state }: { state: number }) => (
  <Tag color={COLORS[state]} data-testid="order-state">
    {ORDER_STATE_TITLES[state] ?? state}
  </Tag>
);
