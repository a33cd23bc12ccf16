import type { Paging, PagingQuery } from '@exam/contracts';
import { api } from '@exam/store';
import type { Row, RowId } from './types';

/** One page of a paging call: the call's path (a contract's `url`, given to the widget) and its body. */
export interface PageArgs {
  url: string;
  body: PagingQuery<unknown>;
}

/**
 * The shared paging widgets' reads and deletes, injected once into the page's api. The widgets are given a
 * contract's path (`XCalls.paging.url`, `XCalls.remove.url`), so these endpoints take it as their argument.
 */
export const pagingApi = api.injectEndpoints({
  endpoints: (b) => ({
    // `t` is stamped when the request leaves, outside the cache key, as the paging calls have always sent it.
    pagingPage: b.query<Paging<Row>, PageArgs>({
      query: ({ url, body }) => ({ url, body: { ...body, t: Date.now() } }),
    }),
    pagingDelete: b.mutation<unknown, { url: string; ids: RowId[] }>({
      query: ({ url, ids }) => ({ url, body: { ids } }),
    }),
  }),
});

export const { usePagingPageQuery, usePagingDeleteMutation } = pagingApi;
