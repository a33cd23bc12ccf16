import { useState } from 'react';
import type { OrderItemType, OrderView } from '@exam/contracts';
import { useAppDispatch } from '@exam/store';
import { payApi } from './payApi';
import { PayDialog } from './PayDialog';
import { usePayReturn } from './usePayReturn';

export interface PayReturnProps {
  /** The page's kind of item (and the one item, on an item's own page): another order is not this page's. */
  itemType: OrderItemType;
  itemId?: string;
  /** The order was paid: show the content (the lists of what is bought are asked again first). */
  onPaid: (order: OrderView) => void;
}

/**
 * The page a provider's cashier (WeChat H5, Alipay) sends the learner back to: the order comes up in the paying dialog,
 * already paid (支付成功, the content opens) or still to pay. Once per page, not per 购买 button: the item's card may be
 * on a tab that is not shown.
 */
export function PayReturn({ itemType, itemId, onPaid }: PayReturnProps) {
  const [order, setOrder] = useState<OrderView>();
  const dispatch = useAppDispatch();
  usePayReturn((o) => o.itemType === itemType && (!itemId || o.itemId === itemId), setOrder);
  const paid = (o: OrderView) => {
    setOrder(undefined);
    dispatch(payApi.util.invalidateTags(['PaidOrders']));
    onPaid(o);
  };
  return <PayDialog order={order} onClose={() => setOrder(undefined)} onPaid={paid} />;
}
