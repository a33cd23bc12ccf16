import { ClientOrderCalls, type OrderItemType } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

export const payApi = api.enhanceEndpoints({ addTagTypes: ['PaidOrders'] }).injectEndpoints({
  endpoints: (b) => ({
    // The providers the site offers now, asked when a paying dialog first opens (kept a minute: settings rarely change).
    payOptions: queryCall(b, ClientOrderCalls.options, { keepUnusedDataFor: 60 }),
    // What the learner holds by a paid order: the lists of exams and banks show it as bought (their rows do not say).
    bought: queryCall(b, ClientOrderCalls.bought, { providesTags: ['PaidOrders'], silent: true }),
  }),
});
export const { usePayOptionsQuery } = payApi;

/**
 * Whether the learner bought an item of this type by a paid order (asked once per page, only where something is
 * priced); after a payment the lists ask again (BuyButton invalidates PaidOrders).
 */
export function useBought(itemType: OrderItemType, priced: boolean): (itemId: string) => boolean {
  const { data } = payApi.useBoughtQuery({ itemType }, { skip: !priced });
  return (itemId) => !!data?.includes(itemId);
}
