import { useCallback, useEffect, useRef } from 'react';
import { contentShown } from '@exam/store';
import { pageBody, type PageQuery } from './pageBody';
import type { Row } from './types';
import { usePagingPageQuery } from './pagingApi';
import { usePage } from './usePage';

export type { PageQuery };

const NO_RECORDS: never[] = [];

/** Loads one page of `url` (a contract's path) whenever the query, the filters or `refreshKey` change. */
export function usePagingQuery<R = Row>(
  url: string,
  params: object | undefined,
  defaultSize: number,
  refreshKey?: unknown,
) {
  const { query, setQuery } = usePage(params ?? {}, defaultSize);
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
