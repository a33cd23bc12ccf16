import { useState } from 'react';
import { Button, type ButtonProps, Message } from '@arco-design/web-react';
import { type BuyRes, type OrderView, priceText } from '@exam/contracts';
import { useAppDispatch } from '@exam/store';
import { payApi } from './payApi';
import { PayDialog } from './PayDialog';

export interface BuyButtonProps {
  /** The price shown (fen, from the item's yuan by yuanToFen) and its points; the order's amount is the server's. */
  fen: number;
  points: number;
  /** The item's 购买 call: bought at once (points only) or an order to pay. */
  buy: () => Promise<BuyRes>;
  /** Bought: open the content (refresh what shows it). */
  onPaid: () => void;
  button?: Omit<ButtonProps, 'onClick' | 'loading'>;
}

/**
 * 购买 ￥… on a priced course, exam or bank: buys with points at once, or opens the order's PayDialog. The page puts a
 * PayReturn beside it for the learner a provider's cashier page sends back.
 */
export function BuyButton({ fen, points, buy, onPaid, button }: BuyButtonProps) {
  const [order, setOrder] = useState<OrderView>();
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  // Lists that show what is bought (exams, banks) ask again, then the content's own refresh.
  const bought = () => {
    dispatch(payApi.util.invalidateTags(['PaidOrders']));
    onPaid();
  };
  const start = async () => {
    setBusy(true);
    try {
      const res = await buy();
      if (res.order) setOrder(res.order);
      else if (res.paid) {
        Message.success('购买成功！');
        bought();
      }
    } catch {
      // The api client has shown the server's reason (积分不足, 已购买 …).
    } finally {
      setBusy(false);
    }
  };
  const paid = () => {
    setOrder(undefined);
    bought();
  };
  return (
    <>
      <Button type="primary" status="warning" {...button} loading={busy} onClick={() => void start()}>
        购买 {priceText(fen, points)}
      </Button>
      <PayDialog order={order} onClose={() => setOrder(undefined)} onPaid={paid} onRebuy={() => void start()} />
    </>
  );
}
