import type { ReactNode } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { LazyPagination } from '../lazy/lazyArco';
import { usePagingQuery } from '../paging/usePagingQuery';
import { useIsMobile } from '../responsive/breakpoint';

interface Props<R> {
  url: string;
  params?: object;
  size: number;
  /** Cards per row on a wide screen (the grid narrows on small screens). */
  perRow: 1 | 2 | 3 | 4;
  rowKey?: keyof R & string;
  renderCard: (record: R) => ReactNode;
}

/** A server-paged grid of cards with the empty message 暂无相关数据！ (spec admin §8). */
export function PagedCardGrid<R extends object>({ url, params = {}, size, perRow, rowKey, renderCard }: Props<R>) {
  const { records, total, loading, query, setQuery } = usePagingQuery<R>(url, params, size);
  const current = query.current;
  // Not Arco's Grid: its stylesheet (every span, offset and order at six breakpoints, 75 KB) came with each card list.
  const columns = useIsMobile() ? 1 : perRow;
  return (
    <Spin loading={loading} style={{ display: 'block' }}>
      {records.length === 0 && !loading ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <div className="paged-card-grid" style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {records.map((record, i) => (
            <div key={rowKey ? String(record[rowKey]) : i}>{renderCard(record)}</div>
          ))}
        </div>
      )}
      {total > size && (
        <LazyPagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          total={total}
          current={current}
          pageSize={size}
          onChange={(page) => {
            setQuery((q) => ({ ...q, current: page }));
            window.scrollTo(0, 0);
          }}
        />
      )}
    </Spin>
  );
}
