import type { ReactNode } from 'react';
import { Empty, Grid, Pagination, Spin } from '@arco-design/web-react';

interface Props<R> {
  records: R[] | undefined;
  total: number | undefined;
  loading: boolean;
  current: number;
  size: number;
  onPage: (page: number) => void;
  /** Cards per row on a wide screen (the grid narrows on small screens). */
  perRow: 1 | 2 | 3 | 4;
  rowKey: (record: R) => string;
  renderCard: (record: R) => ReactNode;
}

/** One page of cards from an RTK Query paging endpoint, with the empty message 暂无相关数据！. */
export function CardGrid<R>({ records = [], total = 0, loading, current, size, onPage, perRow, rowKey, renderCard }: Props<R>) {
  const span = 24 / perRow;
  return (
    <Spin loading={loading} style={{ display: 'block', minHeight: 120 }}>
      {records.length === 0 && !loading ? (
        <Empty description="暂无相关数据！" />
      ) : (
        <Grid.Row gutter={[16, 16]}>
          {records.map((record) => (
            <Grid.Col key={rowKey(record)} xs={24} lg={span}>{renderCard(record)}</Grid.Col>
          ))}
        </Grid.Row>
      )}
      {total > size && (
        <Pagination style={{ marginTop: 16, justifyContent: 'flex-end' }} total={total} current={current} pageSize={size}
          onChange={(page) => { onPage(page); window.scrollTo(0, 0); }} />
      )}
    </Spin>
  );
}
