import { ClientOrderCalls } from '@exam/contracts';
import { api, queryCall } from '@exam/store';

/** The providers the site offers now, asked when a paying dialog first opens (kept a minute: settings rarely change). */
export const payApi = api.injectEndpoints({
  endpoints: (b) => ({
    payOptions: queryCall(b, ClientOrderCalls.options, { keepUnusedDataFor: 60 }),
  }),
});
export const { usePayOptionsQuery } = payApi;
