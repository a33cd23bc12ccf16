import { useState } from 'react';
import type { TableColumnProps, TableProps } from '@arco-design/web-react';
import { FitTable } from '../paging/FitTable';
import { usePagingQuery } from '../paging/usePagingQuery';

type Keyed = { id: string };

/** The picker dialogs' page size (spec admin §9). */
const PICK_PAGE_SIZE = 10;

/** What a picker dialog has picked (usePicks). */
export interface Picks<R extends Keyed, P extends Keyed> {
  /** The picks, in the order they were made. */
  list: P[];
  clear: () => void;
  remove: (id: string) => void;
  /** The checkbox column of a table showing `rows`. */
  selection: (rows: R[]) => TableProps<R>['rowSelection'];
}

/**
 * The picks of a picker dialog, kept across pages and filters. The table reports the picked keys of every page
 * but the rows of the page it shows, so each pick is kept here by its key.
 * `toPick` makes a pick of a row (the row itself when not given); `initial` are the picks the dialog opens with.
 */
export function usePicks<R extends Keyed>(): Picks<R, R>;
export function usePicks<R extends Keyed, P extends Keyed>(toPick: (row: R) => P, initial?: P[]): Picks<R, P>;
export function usePicks<R extends Keyed, P extends Keyed>(toPick?: (row: R) => P, initial: P[] = []): Picks<R, P> {
  const [picked, setPicked] = useState(() => new Map(initial.map((p) => [p.id, p])));
  const pickOf = toPick ?? ((row: R) => row as unknown as P);
  return {
    list: [...picked.values()],
    clear: () => setPicked(new Map()),
    remove: (id) => setPicked((m) => new Map([...m].filter(([k]) => k !== id))),
    selection: (rows) => ({
      type: 'checkbox',
      selectedRowKeys: [...picked.keys()],
      // Without it Arco drops every pick when the page changes; preserveSelectedRowKeys keeps those of unshown rows.
      checkCrossPage: true,
      preserveSelectedRowKeys: true,
      onChange: (keys) => {
        const next = new Map<string, P>();
        for (const key of keys.map(String)) {
          const row = rows.find((r) => r.id === key);
          const pick = row ? pickOf(row) : picked.get(key);
          if (pick) next.set(key, pick);
        }
        setPicked(next);
      },
    }),
  };
}

export interface PickTableProps<R extends Keyed, P extends Keyed> {
  /** The paging call's path (a contract's `url`) and its filters. */
  url: string;
  params?: object;
  columns: TableColumnProps<R>[];
  picks: Picks<R, P>;
}

/** A picker dialog's table: a page of a paging call, loaded whenever the dialog opens, with a checkbox a row. */
export function PickTable<R extends Keyed, P extends Keyed>({ url, params, columns, picks }: PickTableProps<R, P>) {
  const page = usePagingQuery<R>(url, params, PICK_PAGE_SIZE);
  return (
    <FitTable<R>
      rowKey="id"
      size="small"
      columns={columns}
      data={page.records}
      loading={page.loading}
      rowSelection={picks.selection(page.records)}
      pagination={{ current: page.query.current, pageSize: page.query.size, total: page.total, showTotal: true }}
      // The table's own change, not the pager's: a phone's card list (FitTable) pages through this one.
      onChange={(p) => page.setQuery({ ...page.query, current: p.current ?? 1 })}
    />
  );
}
