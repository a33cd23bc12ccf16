import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import {
  Checkbox,
  Empty,
  Pagination,
  Spin,
  Table,
  type TableColumnProps,
  type TableProps,
} from '@arco-design/web-react';
import { useIsMobile } from '../responsive';
import type { Row, RowId } from './types';

/** A column without a width of its own: as wide as its title and its plain values, within these bounds (px). */
export const FLEX_COLUMN_MIN = 96;
export const FLEX_COLUMN_MAX = 260;
/** What a column whose cells are drawn (render) gets when it gives no width. */
const FLEX_RENDERED = 140;
const CELL_PADDING = 34;
const SELECTION_WIDTH = 40;

/** Rough width of text in the table's 14 px font: a CJK or full-width glyph is square, others about half. */
const textWidth = (s: string) => [...s].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 14 : 8), 0);

/** The width a column without one of its own gets: its title and every plain value on one line, up to the maximum. */
export function flexWidth(c: TableColumnProps, data: Row[]): number {
  const title = typeof c.title === 'string' ? textWidth(c.title) : 0;
  // A column cut with an ellipsis (its full text on hover) yields: it takes what room is left.
  if (c.ellipsis) return Math.max(FLEX_RENDERED, title + CELL_PADDING);
  if (c.render || c.dataIndex === undefined) return Math.max(FLEX_RENDERED, title + CELL_PADDING);
  const values = data.map((r) => textWidth(String(r[String(c.dataIndex)] ?? '')));
  return Math.min(
    FLEX_COLUMN_MAX,
    Math.max(FLEX_COLUMN_MIN, title + CELL_PADDING, Math.max(0, ...values) + CELL_PADDING),
  );
}

/** The columns with a width each: their own, or the flexible one their content asks for. */
export function fittedColumns(columns: TableColumnProps[], data: Row[]): TableColumnProps[] {
  return columns.map((c) => (c.width === undefined ? { ...c, width: flexWidth(c, data) } : c));
}

/**
 * Room to spare goes to the columns without a width that cut their text with an ellipsis (a question, a title):
 * the ones that have more to show.
 */
function withSpare(asked: TableColumnProps[], fitted: TableColumnProps[], spare: number): TableColumnProps[] {
  const takers = asked.map((c, i) => (c.width === undefined && c.ellipsis ? i : -1)).filter((i) => i >= 0);
  if (!Number.isFinite(spare) || spare <= 0 || !takers.length) return fitted;
  const each = Math.floor(spare / takers.length);
  return fitted.map((c, i) => (takers.includes(i) ? { ...c, width: Number(c.width) + each } : c));
}

/** The narrowest a table can be with every column readable; narrower, it scrolls in its frame (tables.css). */
export function tableMinWidth(columns: TableColumnProps[], selectable = false): number {
  const width = (c: TableColumnProps) =>
    typeof c.width === 'number' ? c.width : Number.parseFloat(String(c.width ?? '')) || FLEX_RENDERED;
  return columns.reduce((sum, c) => sum + width(c), selectable ? SELECTION_WIDTH : 0);
}

type FitTableProps = TableProps & { columns: TableColumnProps[]; data: Row[] };
/** A page's own rows: the column renderers and the row key see them typed. */
export type TypedFitTableProps<T> = TableProps<T> & { columns: TableColumnProps<T>[]; data: T[] };

/**
 * Every list table of the front ends (issue 36): on a desktop, a column without a width gets one from its title
 * and values (Arco's auto layout squeezed such a column to one glyph, 计/算/机 a line, beside fixed ones, and
 * wrapped short names every two glyphs); spare room is shared out; a table narrower than the sum scrolls inside
 * its frame. Below the breakpoint each row is a card of
 * "title: value" lines with its actions at the foot, because a phone has no room for columns.
 */
export function FitTable<T = Row>(typed: TypedFitTableProps<T>) {
  const mobile = useIsMobile();
  const props = typed as unknown as FitTableProps;
  return mobile ? <RowCards {...props} /> : <DesktopTable {...props} />;
}

/**
 * A cut column whose cells are drawn (a question that opens on a click): Arco gives only plain text a title, so
 * the drawn cell is cut with an ellipsis too and reads in full on hover (its value, or the text it is drawn as).
 */
function readableWhenCut(c: TableColumnProps): TableColumnProps {
  const draw = c.render;
  if (!c.ellipsis || !draw) return c;
  return {
    ...c,
    render: (value: unknown, row: Row, index: number) => {
      const drawn = draw(value, row, index);
      // A cell drawn as text (a column of its own key, with no value) reads as it is drawn.
      const text = typeof drawn === 'string' ? drawn : value;
      return (
        <span
          className="fit-ellipsis"
          title={typeof text === 'string' || typeof text === 'number' ? String(text) : undefined}
        >
          {drawn}
        </span>
      );
    },
  };
}

/** The 操作 column (PagingTable's row actions, or a page's own). */
const isActions = (c: TableColumnProps) => c.key === '__actions' || c.title === '操作';

function DesktopTable(props: FitTableProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(el.clientWidth));
    observer.observe(el);
    setRoom(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  const selectable = Boolean(props.rowSelection);
  const sized = fittedColumns(props.columns, props.data);
  const fitted = withSpare(props.columns, sized, room - tableMinWidth(sized, selectable));
  const min = tableMinWidth(fitted, selectable);
  // Narrower than its columns, the table scrolls its data sideways; its actions stay pinned in sight. Buttons
  // can ask for more than their column's width: what the browser drew counts too.
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const table = frame.current?.querySelector('table');
    if (table && frame.current) setOverflows(table.scrollWidth > frame.current.clientWidth + 1);
  }, [room, props.data]);
  const scrolls = min > room || overflows;
  const readable = fitted.map(readableWhenCut);
  const columns = scrolls ? readable.map((c) => (isActions(c) ? { ...c, fixed: 'right' as const } : c)) : readable;
  const style = { ...props.style, '--table-min-width': `${min}px` } as CSSProperties;
  return (
    <div ref={frame}>
      <Table
        {...props}
        columns={columns}
        scroll={scrolls ? { ...props.scroll, x: min } : props.scroll}
        className={['fit-table', props.className].filter(Boolean).join(' ')}
        style={style}
      />
    </div>
  );
}

const cellOf = (c: TableColumnProps, row: Row, index: number): ReactNode => {
  const value = c.dataIndex === undefined ? undefined : row[String(c.dataIndex)];
  return c.render ? c.render(value, row, index) : ((value as ReactNode) ?? '');
};
const keyOf = (row: Row, rowKey: TableProps['rowKey'], index: number): RowId =>
  (typeof rowKey === 'function' ? rowKey(row) : row[String(rowKey ?? 'key')]) ?? index;

/** Rows with their children (a tree table: menus, departments) in order, each with its depth. */
const flatten = (rows: Row[], depth = 0): { row: Row; depth: number }[] =>
  rows.flatMap((row) => [
    { row, depth },
    ...(Array.isArray(row.children) ? flatten(row.children as Row[], depth + 1) : []),
  ]);

/** A phone's list: one card a row (a child indented under its parent); the 操作 column forms the card's foot. */
function RowCards({
  columns,
  data,
  rowKey = 'key',
  loading,
  pagination,
  onChange,
  rowSelection,
  noDataElement,
}: FitTableProps) {
  const fields = columns.filter((c) => c.title && !isActions(c));
  const foot = columns.filter((c) => !c.title || isActions(c));
  const picked = new Set(rowSelection?.selectedRowKeys ?? []);
  const toggle = (row: Row, id: RowId) => {
    const ids = picked.has(id) ? [...picked].filter((k) => k !== id) : [...picked, id];
    rowSelection?.onChange?.(
      ids as RowId[],
      data.filter((r, i) => ids.includes(keyOf(r, rowKey, i))),
    );
  };
  const paging = pagination && typeof pagination === 'object' ? pagination : undefined;
  return (
    <Spin loading={Boolean(loading)} style={{ display: 'block' }}>
      <ul className="row-cards" aria-label="列表">
        {flatten(data).map(({ row, depth }, index) => {
          const id = keyOf(row, rowKey, index);
          return (
            <li
              key={String(id)}
              className="row-card"
              style={depth ? { marginLeft: Math.min(depth, 3) * 16 } : undefined}
            >
              {rowSelection && <Checkbox checked={picked.has(id)} onChange={() => toggle(row, id)} aria-label="选择" />}
              <dl>
                {fields.map((c, i) => (
                  <div key={String(c.key ?? c.dataIndex ?? i)} className="row-card-field">
                    <dt>{c.title as ReactNode}</dt>
                    <dd>{cellOf(c, row, index)}</dd>
                  </div>
                ))}
              </dl>
              {foot.length > 0 && (
                <div className="row-card-foot">
                  {foot.map((c, i) => (
                    <span key={String(c.key ?? i)}>{cellOf(c, row, index)}</span>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {!data.length && !loading && (noDataElement ?? <Empty />)}
      {paging && (paging.total ?? 0) > (paging.pageSize ?? 10) && (
        <Pagination
          simple
          size="small"
          style={{ marginTop: 12, justifyContent: 'center' }}
          current={paging.current}
          pageSize={paging.pageSize}
          total={paging.total}
          onChange={(current, pageSize) =>
            onChange?.(
              { ...paging, current, pageSize },
              {},
              {},
              { currentData: data, currentAllData: data, action: 'paginate' },
            )
          }
        />
      )}
    </Spin>
  );
}
