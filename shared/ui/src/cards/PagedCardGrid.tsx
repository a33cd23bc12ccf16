import type { ReactNode } from 'react';
import { usePagingQuery } from '../paging/usePagingQuery';
import { CardGrid } from './CardGrid';

interface Props<R> {
  url: string;
  params?: object;
  size: number;
  /** Cards per row on a wide screen (the grid narrows on small screens). */
  perRow: 1 | 2 | 3 | 4;
  rowKey?: keyof R & string;
  renderCard: (record: R) => ReactNode;
}

/** A server-paged grid of cards of a paging call's path (CardGrid over usePagingQuery). */
export function PagedCardGrid<R extends object>({ url, params = {}, size, ...view }: Props<R>) {
  const { records, total, loading, query, setQuery } = usePagingQuery<R>(url, params, size);
  return (
    <CardGrid<R>
      {...view}
      records={records}
      total={total}
      loading={loading}
      current={query.current}
      size={size}
      onPage={(page) => setQuery((q) => ({ ...q, current: page }))}
    />
  );
}
