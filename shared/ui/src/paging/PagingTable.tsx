import { forwardRef, useCallback, useImperativeHandle, useState } from 'react';
import { Button, Empty, Space, type PaginationProps, type TableColumnProps } from '@arco-design/web-react';
import { PAGE_SIZES } from '@exam/contracts';
import type { SorterInfo } from '@arco-design/web-react/es/Table/interface';
import { useDeleteRows } from './deleteRows';
import { FitTable } from './FitTable';
import { PagingToolbar } from './PagingToolbar';
import type { PagingActions, PagingTableHandle, PagingTableProps, Row, RowId, Selection } from './types';
import { useCan } from './useCan';
import { usePagingQuery, type PageQuery } from './usePagingQuery';

const NO_SELECTION: Selection = { ids: [], rows: [] };

const toOrders = (sorter: SorterInfo | SorterInfo[]): PageQuery['orders'] =>
  (Array.isArray(sorter) ? sorter : [sorter])
    .filter((s) => s.direction && s.field !== undefined)
    .map((s) => ({ column: String(s.field), asc: s.direction === 'ascend' }));

/** The 操作 column with edit and delete, or none when the user may do neither. */
function useRowActions(actions: PagingActions, rowKey: string, onDeleted: () => void): TableColumnProps[] {
  const can = useCan();
  const deleteRows = useDeleteRows();
  const edit = actions.edit && can(actions.edit.permission) ? actions.edit : undefined;
  const remove = actions.delete && can(actions.delete.permission) ? actions.delete : undefined;
  if (!edit && !remove) return [];
  const render = (_: unknown, row: Row) => (
    <Space size={4}>
      {edit && (
        <Button type="text" size="small" onClick={() => edit.onClick(row)}>
          编辑
        </Button>
      )}
      {remove && (
        <Button
          type="text"
          size="small"
          status="danger"
          onClick={async () => (await deleteRows(remove.url, [row[rowKey]])) && onDeleted()}
        >
          删除
        </Button>
      )}
    </Space>
  );
  // Two small text buttons are 60 px each with a 4 px gap, in a cell padded 16 px a side.
  return [{ title: '操作', key: '__actions', width: edit && remove ? 160 : 96, render }];
}

/**
 * The shared paging table (spec admin §2, §9): server paging and sorting, permission-gated actions.
 * Rows are selectable when `selectable` is set or bulk actions are given.
 */
export const PagingTable = forwardRef<PagingTableHandle, PagingTableProps>(function PagingTable(props, ref) {
  const { url, params, columns, rowKey = 'id', defaultSize = 20, toolbar, actions = {}, refreshKey } = props;
  const selectable = props.selectable || Boolean(actions.bulk?.length);
  const paging = usePagingQuery(url, params, defaultSize, refreshKey);
  const { reload, query, setQuery } = paging;
  useImperativeHandle(ref, () => ({ reload }), [reload]);

  // A selection belongs to the rows it was made on; a newly loaded page starts with none.
  const [picked, setPicked] = useState({ records: paging.records, selection: NO_SELECTION });
  const selection = picked.records === paging.records ? picked.selection : NO_SELECTION;
  const rowActions = useRowActions(actions, rowKey, reload);

  const onChange = useCallback(
    (pagination: PaginationProps, sorter: SorterInfo | SorterInfo[]) => {
      const next = {
        current: pagination.current ?? 1,
        size: pagination.pageSize ?? defaultSize,
        orders: toOrders(sorter),
      };
      if (next.current !== query.current || next.size !== query.size) window.scrollTo?.(0, 0);
      setQuery(next);
    },
    [query, setQuery, defaultSize],
  );

  return (
    <div>
      <PagingToolbar
        filters={toolbar}
        actions={actions}
        selectable={selectable}
        selection={selection}
        onDeleted={reload}
      />
      <FitTable
        rowKey={rowKey}
        columns={[...columns, ...rowActions]}
        data={paging.records}
        loading={paging.loading}
        noDataElement={<Empty description="暂无相关数据！" />}
        onChange={onChange}
        pagination={{
          current: query.current,
          pageSize: query.size,
          total: paging.total,
          sizeOptions: [...PAGE_SIZES],
          showTotal: true,
          sizeCanChange: true,
          showJumper: true,
        }}
        rowSelection={
          selectable
            ? {
                type: 'checkbox',
                selectedRowKeys: selection.ids,
                onChange: (ids: RowId[], rows: Row[]) =>
                  setPicked({ records: paging.records, selection: { ids, rows } }),
              }
            : undefined
        }
      />
    </div>
  );
});
