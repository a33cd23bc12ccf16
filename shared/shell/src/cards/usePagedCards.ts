import { useEffect, useState } from 'react';
import { post } from '@exam/api';
import type { Paging } from '@exam/contracts';

/**
 * One page of a learner card list (open exams, banks, courses): `{current,size,params}` in,
 * `{records,total}` out. Tables use @exam/ui's PagingTable; this is its card-list counterpart.
 */
export function usePagedCards<R>(url: string, params: object, size: number) {
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: R[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  // Compared as text: callers build a fresh params object on every render.
  const paramsKey = JSON.stringify(params);
  const [queriedKey, setQueriedKey] = useState(paramsKey);
  if (queriedKey !== paramsKey) {
    // New filters start again at page 1 (set during render, so only one request goes out).
    setQueriedKey(paramsKey);
    setCurrent(1);
  }

  useEffect(() => {
    let stale = false; // a slower earlier answer must not overwrite a newer one
    setLoading(true);
    post<Paging<R>>(url, { current, size, params: JSON.parse(paramsKey), t: Date.now() })
      .then((res) => !stale && setPage({ records: res.records ?? [], total: res.total ?? 0 }))
      .catch(() => {}) // the API client has already told the user
      .finally(() => !stale && setLoading(false));
    return () => {
      stale = true;
    };
  }, [url, current, size, paramsKey]);

  return { ...page, loading, current, setCurrent };
}
