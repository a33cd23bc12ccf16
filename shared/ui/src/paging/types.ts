import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;
export type RowId = string | number;

/** Each action is shown only to holders of its permission; none (or '') means open (spec admin §2). */
export interface PagingActions {
  add?: { permission?: string; onClick: () => void };
  edit?: { permission?: string; onClick: (row: Row) => void };
  /** Posts `{ ids }` to `url` after confirmation. */
  delete?: { permission?: string; url: string };
  /** Buttons acting on the selected rows. */
  bulk?: { label: ReactNode; permission?: string; onClick: (ids: RowId[], rows: Row[]) => void }[];
}

export interface PagingTableProps {
  /** Paging endpoint: receives `{ current, size, params, orders, t }`, answers `{ records, total }`. */
  url: string;
  params?: object;
  columns: TableColumnProps[];
  rowKey?: string;
  defaultSize?: number;
  selectable?: boolean;
  /** Filters shown above the buttons. */
  toolbar?: ReactNode;
  actions?: PagingActions;
  /** Any change reloads the current page. */
  refreshKey?: unknown;
}

export interface PagingTableHandle {
  reload(): void;
}

export interface Selection {
  ids: RowId[];
  rows: Row[];
}
