import type { ReactNode } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { LazyPagination } from '../lazy/lazyArco';
import { useIsMobile } from '../responsive/breakpoint';

export interface CardGridProps<R> {
  records: R[] | undefined;
  total: number | undefined;
  loading: boolean;
  /** The page shown, its size, and where a pick of another page goes. */
  current: number;
  size: number;
  onPage: (page: number) => void;
  /** Cards per row on a wide screen (one on a phone). */
  perRow: 1 | 2 | 3 | 4;
  rowKey?: keyof R & string;
  renderCard: (record: R) => ReactNode;
}

/**
 * One page of cards with its pager and the empty message 暂无相关数据！ (spec admin §8): PagedCardGrid's view, and
 * the view of a typed paging endpoint's page (usePage).
 */
export function CardGrid<R extends object>({
  records = [],
  total = 0,
  loading,
  current,
  size,
  onPage,
  perRow,
  rowKey,
  renderCard,
}: CardGridProps<R>) {
  // Not Arco's Grid: its stylesheet (every span, offset and order at six breakpoints, 75 KB) came with each card list.
  const columns = useIsMobile() ? 1 : perRow;
  return (
    // The height keeps room for the spinner before the first page has come.
    <Spin loading={loading} style={{ display: 'block', minHeight: 120 }}>
      {records.length === 0 && !loading ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <div
          className="paged-card-grid"
          style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
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
            onPage(page);
            window.scrollTo(0, 0);
          }}
        />
      )}
    </Spin>
  );
}
