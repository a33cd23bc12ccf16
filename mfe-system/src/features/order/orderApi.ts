import { OrderCalls } from '@exam/contracts';
import { mutationCall, queryCall } from '@exam/store';
import { systemApiBase } from '../../systemApi';

/**
 * 订单管理. The list is a PagingTable (reloaded by the page after a refund); an order's detail is tagged so a refund
 * shows in its drawer at once.
 */
export const orderApi = systemApiBase.enhanceEndpoints({ addTagTypes: ['Order'] }).injectEndpoints({
  endpoints: (b) => ({
    orderDetail: queryCall(b, OrderCalls.detail, { providesTags: ['Order'] }),
    orderRefund: mutationCall(b, OrderCalls.refund, { invalidatesTags: ['Order'] }),
  }),
});

export const { useOrderDetailQuery, useOrderRefundMutation } = orderApi;
