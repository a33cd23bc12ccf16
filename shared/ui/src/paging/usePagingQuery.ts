import { useCallback, useEffect, useRef, useState } from 'react';
import { contentShown } from '@exam/store';
import { firstPage, pageBody, type PageQuery } from './pageBody';
import type { Row } from './types';
import { usePagingPageQuery } from './pagingApi';

export type { PageQuery };

const NO_RECORDS: never[] = [];

/** Loads one page of `url` (a contract's path) whenever the query, the filters or `refreshKey` change. */
export function usePagingQuery<R = Row>(url: string, params: object | undefined, defaultSize: number, refreshKey?: unknown) {
  // Compared as text: callers usually pass a fresh params object on every render.
  const paramsKey = JSON.stringify(params ?? {});
  const [query, setQuery] = useState<PageQuery>(() => firstPage(defaultSize));
  const [queriedKey, setQueriedKey] = useState(paramsKey);
  if (queriedKey !== paramsKey) {
    // New filters start again at page 1 (set during render, so only one request goes out).
    setQueriedKey(paramsKey);
    setQuery((q) => ({ ...q, current: 1 }));
  }
  // Every mount and every new page asks the server again (lists change under other users' hands);
  // `data` keeps the last page shown while the next one loads or when it fails (the client has told the user).
  const page = usePagingPageQuery({ url, body: pageBody(query, params) }, { refetchOnMountOrArgChange: true });
  const { refetch, isSuccess, isError } = page;
  useEffect(() => {
    if (isSuccess || isError) contentShown(); // a list is what most pages are for
  }, [isSuccess, isError]);
  const reload = useCallback(() => void refetch(), [refetch]);

  const shownKey = useRef(refreshKey);
  useEffect(() => {
    if (Object.is(shownKey.current, refreshKey)) return;
    shownKey.current = refreshKey;
    reload();
  }, [refreshKey, reload]);

  const records = (page.data?.records ?? NO_RECORDS) as R[];
  return { records, total: page.data?.total ?? 0, loading: page.isFetching, query, setQuery, reload };
}
