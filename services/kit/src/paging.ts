import { MAX_PAGE_SIZE, type Paging, type PagingQuery } from '@exam/contracts';
import { type AnyColumn, asc, desc, ilike, type SQL } from 'drizzle-orm';

/** Current page and size from a paging request, capped server-side. */
export function pageOf(q: PagingQuery<unknown>) {
  const current = Math.max(1, Math.floor(q.current ?? 1));
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(q.size ?? 20)));
  return { current, size, offset: (current - 1) * size };
}

/** Client orders mapped through an allow-list of columns; unknown names are ignored (never raw SQL). */
export function ordersOf(q: PagingQuery<unknown>, orderable: Record<string, AnyColumn>, fallback: SQL[]): SQL[] {
  const picked = (q.orders ?? [])
    .filter((o) => Object.hasOwn(orderable, o.column))
    .map((o) => (o.asc ? asc(orderable[o.column]) : desc(orderable[o.column])));
  return [...picked, ...fallback];
}

/** One page: rows and total fetched side by side. */
export async function pageQuery<R>(
  q: PagingQuery<unknown>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<Paging<R>> {
  const { current, size, offset } = pageOf(q);
  const [records, total] = await Promise.all([rows(size, offset), count()]);
  return { records, total, pages: Math.ceil(total / size), current, size };
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
/** Case-insensitive "contains" search, with the user's text taken literally. */
export const contains = (col: AnyColumn, s: string) => ilike(col, `%${escapeLike(s)}%`);
