import type { ReactNode } from 'react';
import { Button, Message, Space } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useDeleteRows } from './deleteRows';
import type { PagingActions, RowId, Row, Selection } from './types';
import { useCan } from './useCan';

interface PagingToolbarProps {
  filters?: ReactNode;
  actions: PagingActions;
  selectable?: boolean;
  selection: Selection;
  onDeleted: () => void;
}

/** Filters, then the add button and the buttons acting on selected rows. */
export function PagingToolbar({ filters, actions, selectable, selection, onDeleted }: PagingToolbarProps) {
  const can = useCan();
  const deleteRows = useDeleteRows();
  const add = actions.add && can(actions.add.permission) ? actions.add : undefined;
  const bulk = selectable ? (actions.bulk ?? []).filter((b) => can(b.permission)) : [];
  const remove = selectable && actions.delete && can(actions.delete.permission) ? actions.delete : undefined;
  const selected = selection.ids.length > 0;

  // Not `disabled`: a disabled button swallows the click, and the spec wants the hint shown.
  const onSelected = (run: (ids: RowId[], rows: Row[]) => void) => () =>
    selected ? run(selection.ids, selection.rows) : void Message.warning('请至少选择一条数据！');

  const buttons = Boolean(add || bulk.length || remove);
  if (!filters && !buttons) return null;
  // Filters alone: no empty row of buttons under them (it left a 40 px gap above the table).
  return (
    <div style={{ marginBottom: 16 }}>
      {filters && <div style={buttons ? { marginBottom: 12 } : undefined}>{filters}</div>}
      {buttons && (
        <Space wrap>
          {add && (
            <Button type="primary" icon={<IconPlus />} onClick={add.onClick}>
              新增
            </Button>
          )}
          {bulk.map((b, i) => (
            <Button key={`bulk-${i}`} type={selected ? 'outline' : 'secondary'} onClick={onSelected(b.onClick)}>
              {b.label}
            </Button>
          ))}
          {remove && (
            <Button
              status="danger"
              type={selected ? 'outline' : 'secondary'}
              icon={<IconDelete />}
              onClick={onSelected(async (ids) => (await deleteRows(remove.url, ids)) && onDeleted())}
            >
              批量删除
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}
