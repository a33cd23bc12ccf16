import { type BookKey, type Db, type Tx, newId, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray, ne } from 'drizzle-orm';

const { elBook: b, elQu, elRepo, elExam } = schema;
export type BookFilter = { refType?: 'repo' | 'exam'; refId?: string; kind?: 'wrong' | 'fav' | 'note' };
type MarkFields = { favMark?: boolean; favNote?: string };

const keyOf = (k: BookKey) =>
  and(eq(b.userId, k.userId), eq(b.refType, k.refType), eq(b.refId, k.refId), eq(b.quId, k.quId));
/** The learner's rows of one list: wrong questions (default), favourites or notes, under one ref type or ref. */
const listCond = (userId: string, p: BookFilter) => {
  const kind = p.kind === 'fav' ? eq(b.favMark, true) : p.kind === 'note' ? ne(b.favNote, '') : eq(b.inWrong, true);
  return and(
    eq(b.userId, userId),
    kind,
    p.refType ? eq(b.refType, p.refType) : undefined,
    p.refId ? eq(b.refId, p.refId) : undefined,
  ) as SQL;
};

/** A page of the learner's book with each question's type and text and its bank's or exam's title. */
export const bookRows = (db: Db, userId: string, p: BookFilter, limit: number, offset: number) =>
  db
    .select({ b, quType: elQu.quType, text: elQu.contentText, repo: elRepo.title, exam: elExam.title })
    .from(b)
    .innerJoin(elQu, eq(elQu.id, b.quId))
    .leftJoin(elRepo, and(eq(b.refType, 'repo'), eq(elRepo.id, b.refId)))
    .leftJoin(elExam, and(eq(b.refType, 'exam'), eq(elExam.id, b.refId)))
    .where(listCond(userId, p))
    .orderBy(desc(b.updateTime), desc(b.id))
    .limit(limit)
    .offset(offset);

export const bookCount = async (db: Db, userId: string, p: BookFilter) =>
  Number((await db.select({ n: count() }).from(b).where(listCond(userId, p)))[0].n);

/** The learner's own row (another learner's id is not there). */
export const ownRow = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(b)
      .where(and(eq(b.id, id), eq(b.userId, userId)))
  )[0];

/** The favourite mark and note of a key, if it has a row. */
export const markOf = async (db: Db, k: BookKey) =>
  (await db.select({ favMark: b.favMark, favNote: b.favNote }).from(b).where(keyOf(k)))[0];

/** Sets the favourite mark or note of a key, creating its row when there is none. */
export const upsertMark = (tx: Tx, k: BookKey, set: MarkFields) =>
  tx
    .insert(b)
    .values({ id: newId(), ...k, ...set })
    .onConflictDoUpdate({ target: [b.userId, b.refType, b.refId, b.quId], set: { ...set, updateTime: new Date() } });

/** The learner's rows by id (for a change of all of them or none). */
export const ownRows = (tx: Tx, userId: string, ids: string[]) =>
  tx
    .select()
    .from(b)
    .where(and(inArray(b.id, ids), eq(b.userId, userId)));

/** Takes rows out of the wrong list, and out of favourites or notes when asked. */
export const clearRows = (tx: Tx, ids: string[], removeFav: boolean, removeNote: boolean) =>
  tx
    .update(b)
    .set({
      inWrong: false,
      ...(removeFav ? { favMark: false } : {}),
      ...(removeNote ? { favNote: '' } : {}),
      updateTime: new Date(),
    })
    .where(inArray(b.id, ids));

/** Takes a question of a ref (any ref type) out of the learner's wrong list; the rows changed. */
export const clearWrong = (tx: Tx, userId: string, refId: string, quId: string) =>
  tx
    .update(b)
    .set({ inWrong: false, updateTime: new Date() })
    .where(and(eq(b.userId, userId), eq(b.refId, refId), eq(b.quId, quId)))
    .returning();
