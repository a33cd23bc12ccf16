import { OrderState } from '@exam/contracts';

const S = OrderState;
/**
 * Every move an order may make, in one place (the states are the contracts' OrderState). A closed order may still be
 * paid: a provider's verified payment that arrives after the close is honoured, never lost (the money was taken). A
 * refund in progress goes back to paid when it was partial or failed, on to refunded when it returned everything.
 */
export const ORDER_MOVES: Record<number, readonly number[]> = {
  [S.WAIT]: [S.PAID, S.CLOSED],
  [S.CLOSED]: [S.PAID],
  [S.PAID]: [S.REFUNDING],
  [S.REFUNDING]: [S.PAID, S.REFUNDED],
  [S.REFUNDED]: [],
};

/** The states an order may come from to reach `to`. */
export const movesInto = (to: number): number[] =>
  Object.entries(ORDER_MOVES)
    .filter(([, next]) => next.includes(to))
    .map(([from]) => Number(from));
