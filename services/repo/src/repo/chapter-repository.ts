import { type Db, type Tx, contains, schema } from '@exam/server-kit';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';

const { elRepoChapter: ch, elQu } = schema;

/** A bank's chapters (those whose title contains `title`), in their order. */
export const chaptersOf = (db: Db, repoId: string, title?: string) =>
  db
    .select()
    .from(ch)
    .where(and(eq(ch.repoId, repoId), title ? contains(ch.title, title) : undefined))
    .orderBy(asc(ch.sort), asc(ch.createTime));

/** Whether the chapter is one of the bank's. */
export const chapterInRepo = async (db: Db, chapterId: string, repoId: string) =>
  (
    await db
      .select({ id: ch.id })
      .from(ch)
      .where(and(eq(ch.id, chapterId), eq(ch.repoId, repoId)))
  ).length > 0;

/** A bank's chapters as stored, unordered (import and export map titles and ids). */
export const chaptersAsStored = (db: Db | Tx, repoId: string) => db.select().from(ch).where(eq(ch.repoId, repoId));

/** Top-level questions of a bank counted by chapter. */
export const countsByChapter = (db: Db, repoId: string) =>
  db
    .select({ id: elQu.chapterId, n: count() })
    .from(elQu)
    .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
    .groupBy(elQu.chapterId);

/**
 * Top-level questions of a bank counted by chapter and type in one grouped query: chapters in their
 * order, questions without a chapter (or naming one that is gone or of another bank: title null) last.
 */
export const countsByChapterAndType = (db: Db, repoId: string) =>
  db
    .select({ chapterId: elQu.chapterId, title: ch.title, sort: ch.sort, quType: elQu.quType, n: count() })
    .from(elQu)
    .leftJoin(ch, and(eq(ch.id, elQu.chapterId), eq(ch.repoId, elQu.repoId)))
    .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
    .groupBy(elQu.chapterId, ch.id, ch.title, ch.sort, ch.createTime, elQu.quType)
    .orderBy(sql`${ch.id} is null`, asc(ch.sort), asc(ch.createTime), asc(elQu.quType));

/** Renames a chapter of the bank; false when there is no such chapter. */
export const renameChapter = async (db: Db, id: string, repoId: string, title: string) =>
  (
    await db
      .update(ch)
      .set({ title })
      .where(and(eq(ch.id, id), eq(ch.repoId, repoId)))
      .returning({ id: ch.id })
  ).length > 0;

export const chapterCount = async (db: Db, repoId: string) =>
  Number((await db.select({ n: count() }).from(ch).where(eq(ch.repoId, repoId)))[0].n);

export const insertChapter = (db: Db | Tx, row: { id: string; repoId: string; title: string; sort: number }) =>
  db.insert(ch).values(row);

/** Questions of removed chapters stay in the bank, without a chapter. */
export async function deleteChapters(tx: Tx, ids: string[]) {
  await tx.update(elQu).set({ chapterId: '' }).where(inArray(elQu.chapterId, ids));
  await tx.delete(ch).where(inArray(ch.id, ids));
}

/** Sets a chapter's place; false when there is no such chapter. */
export const sortChapter = async (db: Db, id: string, sort: number) =>
  (await db.update(ch).set({ sort }).where(eq(ch.id, id)).returning({ id: ch.id })).length > 0;
