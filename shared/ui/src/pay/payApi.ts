import { ClientOrderCalls, type OrderItemType, OrderState } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

export const payApi = api.enhanceEndpoints({ addTagTypes: ['PaidOrders'] }).injectEndpoints({
  endpoints: (b) => ({
    // The providers the site offers now, asked when a paying dialog first opens (kept a minute: settings rarely change).
    payOptions: queryCall(b, ClientOrderCalls.options, { keepUnusedDataFor: 60 }),
    // The learner's paid orders: what the lists of exams and banks show as bought (their rows do not say).
    paidOrders: queryCall(b, ClientOrderCalls.minePaging, { providesTags: ['PaidOrders'], silent: true }),
  }),
});
export const { usePayOptionsQuery } = payApi;

const PAID = { current: 1, size: 1000, params: { state: OrderState.PAID } };

/**
 * Whether the learner bought an item of this type by a paid order (asked once per page, only where something is
 * priced); after a payment the lists ask again (BuyButton invalidates PaidOrders).
 */
export function useBought(itemType: OrderItemType, priced: boolean): (itemId: string) => boolean {
  const { data } = payApi.usePaidOrdersQuery(PAID, { skip: !priced });
  return (itemId) => !!data?.records.some((o) => o.itemType === itemType && o.itemId === itemId);
}
