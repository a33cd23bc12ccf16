import { useCallback, useEffect, useState } from 'react';
import { post } from '@exam/api';
import type { Paging } from '@exam/contracts';
import type { Row } from './types';

export interface PageQuery {
  current: number;
  size: number;
  orders: { column: string; asc: boolean }[];
}

/** Loads one page of `url` whenever the query, the filters or `refreshKey` change. */
export function usePagingQuery<R = Row>(url: string, params: object | undefined, defaultSize: number, refreshKey?: unknown) {
  // Compared as text: callers usually pass a fresh params object on every render.
  const paramsKey = JSON.stringify(params ?? {});
  const [query, setQuery] = useState<PageQuery>({ current: 1, size: defaultSize, orders: [] });
  const [queriedKey, setQueriedKey] = useState(paramsKey);
  if (queriedKey !== paramsKey) {
    // New filters start again at page 1 (set during render, so only one request goes out).
    setQueriedKey(paramsKey);
    setQuery((q) => ({ ...q, current: 1 }));
  }
  const [reloads, setReloads] = useState(0);
  const [page, setPage] = useState<{ records: R[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let stale = false; // a slower earlier answer must not overwrite a newer one
    setLoading(true);
    post<Paging<R>>(url, { ...query, params: JSON.parse(paramsKey), t: Date.now() })
      .then((res) => !stale && setPage({ records: res.records ?? [], total: res.total ?? 0 }))
      .catch(() => {}) // the client has already told the user
      .finally(() => !stale && setLoading(false));
    return () => {
      stale = true;
    };
  }, [url, paramsKey, query, refreshKey, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...page, loading, query, setQuery, reload };
}
