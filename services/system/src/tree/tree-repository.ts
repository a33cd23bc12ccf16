import { type Tx, notFound } from '@exam/server-kit';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

type Sortable = PgTable & { id: PgColumn; parentId: PgColumn; sort: PgColumn };

/**
 * `sort` 0 moves a record up among its siblings, 1 down (docs/decisions.md); siblings are renumbered
 * 1..n in the same transaction, so equal or missing sort values cannot make a move a no-op.
 */
export async function moveAmongSiblings(tx: Tx, table: Sortable, id: string, dir: number, scope?: SQL) {
  const [me] = await tx
    .select({ parentId: table.parentId })
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!me) throw notFound();
  const sibs = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.parentId, me.parentId as string), scope))
    .orderBy(asc(table.sort), asc(table.id));
  const order = sibs.map((s) => s.id as string);
  const i = order.indexOf(id);
  const j = dir === 0 ? i - 1 : i + 1;
  if (j >= 0 && j < order.length) [order[i], order[j]] = [order[j], order[i]];
  for (const [n, sid] of order.entries())
    await tx
      .update(table)
      .set({ sort: n + 1 } as never)
      .where(eq(table.id, sid));
}
