import { useState } from 'react';
import type { PaginationProps } from '@arco-design/web-react';
import { PAGE_SIZES } from '@exam/contracts';
import { firstPage, type PageQuery } from './pageBody';

/**
 * The page a list shows of its filters `params`: which page, how big, in which order. New filters start again
 * at page 1 (set during render, so only one request goes out). The lists' one paging state: the shared widgets
 * load through usePagingQuery; a view over a typed paging endpoint sends `request` and gives its table
 * `pagination(total)` (or its pager `setCurrent`).
 */
export function usePage<P extends object>(params: P, defaultSize = 20) {
  // Compared as text: callers usually pass a fresh params object on every render.
  const paramsKey = JSON.stringify(params);
  const [query, setQuery] = useState<PageQuery>(() => firstPage(defaultSize));
  const [queriedKey, setQueriedKey] = useState(paramsKey);
  if (queriedKey !== paramsKey) {
    setQueriedKey(paramsKey);
    setQuery((q) => ({ ...q, current: 1 }));
  }
  const setCurrent = (page: number) => setQuery((q) => ({ ...q, current: page }));
  const pagination = (total: number | undefined): PaginationProps => ({
    current: query.current,
    pageSize: query.size,
    total: total ?? 0,
    showTotal: true,
    sizeCanChange: true,
    sizeOptions: [...PAGE_SIZES],
    // A new page size starts again at page 1.
    onChange: (page, size) => setQuery((q) => ({ ...q, current: size !== q.size ? 1 : page, size })),
  });
  return { query, setQuery, setCurrent, request: { ...query, params }, pagination };
}

/** `{ a: '', b: undefined, c: 1 }` → `{ c: 1 }`: empty filters are left out of a paging request. */
export function compactFilters<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as Partial<T>;
}
