import { type Db, type Tx, contains, schema } from '@exam/server-kit';
import { and, asc, count, eq, inArray, notInArray, or } from 'drizzle-orm';

const { sysDic, sysDicValue } = schema;
export type DicRow = typeof sysDic.$inferSelect;
export type DicValueRow = typeof sysDicValue.$inferSelect;
type DicFields = { title: string; remark: string };
type ValueFields = { parentId: string; value: string; title: string; sort: number };

/** Dictionaries whose title or code contains the text (all without one), by code. */
const dicFilter = (title?: string) =>
  title ? or(contains(sysDic.title, title), contains(sysDic.code, title)) : undefined;

export async function dicRows(db: Db, title: string | undefined, limit: number, offset: number): Promise<DicRow[]> {
  return db.select().from(sysDic).where(dicFilter(title)).orderBy(asc(sysDic.code)).limit(limit).offset(offset);
}

export async function dicCount(db: Db, title: string | undefined): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysDic).where(dicFilter(title)))[0].n);
}

export async function dicByCode(db: Db, code: string): Promise<DicRow | undefined> {
  return (await db.select().from(sysDic).where(eq(sysDic.code, code)))[0];
}

/** The code is what data refers to: only title and remark change. Undefined when the row is gone. */
export async function updateDic(db: Db, id: string, fields: DicFields) {
  return (await db.update(sysDic).set(fields).where(eq(sysDic.id, id)).returning())[0];
}

export async function insertDic(db: Db, id: string, code: string, fields: DicFields) {
  await db.insert(sysDic).values({ id, code, ...fields });
}

/** Deletes the dictionaries and returns those that were there. */
export async function deleteDics(tx: Tx, ids: string[]): Promise<DicRow[]> {
  return tx.delete(sysDic).where(inArray(sysDic.id, ids)).returning();
}

export async function deleteValuesOf(tx: Tx, dicCodes: string[]) {
  await tx.delete(sysDicValue).where(inArray(sysDicValue.dicCode, dicCodes));
}

/** A dictionary's values in display order, without the excluded ids. */
export async function valuesOf(db: Db, dicCode: string, excludes?: string[]): Promise<DicValueRow[]> {
  return db
    .select()
    .from(sysDicValue)
    .where(and(eq(sysDicValue.dicCode, dicCode), excludes?.length ? notInArray(sysDicValue.id, excludes) : undefined))
    .orderBy(asc(sysDicValue.sort), asc(sysDicValue.id));
}

export async function valueOf(db: Db, id: string, dicCode: string): Promise<DicValueRow | undefined> {
  return (
    await db
      .select()
      .from(sysDicValue)
      .where(and(eq(sysDicValue.id, id), eq(sysDicValue.dicCode, dicCode)))
  )[0];
}

/** Every value of a dictionary, unordered (to walk its tree). */
export async function allValuesOf(db: Db, dicCode: string): Promise<DicValueRow[]> {
  return db.select().from(sysDicValue).where(eq(sysDicValue.dicCode, dicCode));
}

export async function updateValue(db: Db, id: string, dicCode: string, fields: ValueFields) {
  return (
    await db
      .update(sysDicValue)
      .set(fields)
      .where(and(eq(sysDicValue.id, id), eq(sysDicValue.dicCode, dicCode)))
      .returning()
  )[0];
}

export async function insertValue(db: Db, id: string, dicCode: string, fields: ValueFields) {
  await db.insert(sysDicValue).values({ id, dicCode, ...fields });
}

/** Ids of the values directly under any of these. */
export async function childValueIds(db: Db, parentIds: string[]): Promise<string[]> {
  return (
    await db.select({ id: sysDicValue.id }).from(sysDicValue).where(inArray(sysDicValue.parentId, parentIds))
  ).map((k) => k.id);
}

/** Deletes the values; how many were there. */
export async function deleteValues(db: Db, ids: string[]): Promise<number> {
  return (await db.delete(sysDicValue).where(inArray(sysDicValue.id, ids)).returning({ id: sysDicValue.id })).length;
}
