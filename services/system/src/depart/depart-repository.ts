import { type Db, type Tx, schema } from '@exam/server-kit';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { moveAmongSiblings } from '../tree/tree-repository';

const { sysDepart } = schema;
export type DepartRow = typeof sysDepart.$inferSelect;

/** Every department in display order. */
export async function allDeparts(db: Db): Promise<DepartRow[]> {
  return db.select().from(sysDepart).orderBy(asc(sysDepart.sort), asc(sysDepart.id));
}

export async function departById(db: Db | Tx, id: string): Promise<DepartRow | undefined> {
  return (await db.select().from(sysDepart).where(eq(sysDepart.id, id)))[0];
}

export async function departsByIds(db: Db, ids: string[]): Promise<DepartRow[]> {
  return db.select().from(sysDepart).where(inArray(sysDepart.id, ids));
}

/** Renames a department; undefined when it is gone. */
export async function renameDepart(db: Db, id: string, deptName: string): Promise<DepartRow | undefined> {
  return (await db.update(sysDepart).set({ deptName }).where(eq(sysDepart.id, id)).returning())[0];
}

/** The codes and sort values of a parent's children. */
export async function childrenOf(tx: Tx, parentId: string) {
  return tx
    .select({ code: sysDepart.deptCode, sort: sysDepart.sort })
    .from(sysDepart)
    .where(eq(sysDepart.parentId, parentId));
}

export async function insertDepart(
  tx: Tx,
  d: { id: string; parentId: string; deptName: string; deptCode: string; sort: number },
) {
  await tx.insert(sysDepart).values(d);
}

export async function countChildrenOf(db: Db, ids: string[]): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysDepart).where(inArray(sysDepart.parentId, ids)))[0].n);
}

export async function deleteDeparts(db: Db, ids: string[]) {
  await db.delete(sysDepart).where(inArray(sysDepart.id, ids));
}

export const moveDepart = (tx: Tx, id: string, dir: number) => moveAmongSiblings(tx, sysDepart, id, dir);

/** Every department by code (forms and sheets that list departments). */
export async function departsByCode(db: Db): Promise<DepartRow[]> {
  return db.select().from(sysDepart).orderBy(asc(sysDepart.deptCode));
}

/** Which of these department codes exist. */
export async function existingDeptCodes(db: Db, codes: string[]): Promise<string[]> {
  return (await db.select({ c: sysDepart.deptCode }).from(sysDepart).where(inArray(sysDepart.deptCode, codes))).map(
    (d) => d.c,
  );
}
