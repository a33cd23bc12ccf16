import type { QuOptionEdit, QuSaveReq } from '@exam/contracts';
import { type Db, type Tx, contains, newId, richTextToPlain, sanitizeRichText, schema } from '@exam/server-kit';
import { type SQL, and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';

const { elQu, elQuAnswer, elRepo, elRepoChapter } = schema;
type Draft = Omit<QuSaveReq, 'repoId' | 'chapterId' | 'subList'> & { subList?: Draft[] };
export type QuFilter = { repoId?: string; quType?: number; level?: number; chapterId?: string; content?: string };

/** Top-level questions matching the admin list's filter. */
const listCond = (p: QuFilter) =>
  and(
    eq(elQu.parentId, ''),
    p.repoId ? eq(elQu.repoId, p.repoId) : undefined,
    p.quType ? eq(elQu.quType, p.quType) : undefined,
    p.level ? eq(elQu.level, p.level) : undefined,
    p.chapterId ? eq(elQu.chapterId, p.chapterId) : undefined,
    p.content ? contains(elQu.contentText, p.content) : undefined,
  ) as SQL;

export const quRows = (db: Db, p: QuFilter, limit: number, offset: number) =>
  db
    .select({ q: elQu, repoTitle: elRepo.title, chapterTitle: elRepoChapter.title })
    .from(elQu)
    .innerJoin(elRepo, eq(elRepo.id, elQu.repoId))
    .leftJoin(elRepoChapter, eq(elRepoChapter.id, elQu.chapterId))
    .where(listCond(p))
    .orderBy(desc(elQu.createTime), desc(elQu.id))
    .limit(limit)
    .offset(offset);

export const quCount = async (db: Db, p: QuFilter) =>
  Number((await db.select({ n: count() }).from(elQu).where(listCond(p)))[0].n);

/** Where a question is stored and its type (undefined when there is no such question). */
export const quPlace = async (db: Db | Tx, id: string) =>
  (
    await db
      .select({ repoId: elQu.repoId, parentId: elQu.parentId, quType: elQu.quType })
      .from(elQu)
      .where(eq(elQu.id, id))
  )[0];

/** A bank's top-level question ids in the bank's order (export). */
export const quIdsOfRepo = async (db: Db, repoId: string) =>
  (
    await db
      .select({ id: elQu.id })
      .from(elQu)
      .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
      .orderBy(asc(elQu.sort), asc(elQu.createTime), asc(elQu.id))
  ).map((r) => r.id);

/** A bank's top-level question count. */
export const topCount = async (db: Db | Tx, repoId: string) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(elQu)
        .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
    )[0].n,
  );

/** Keeps the question count of a bank true (top-level questions only). */
export async function recountRepo(tx: Tx, repoId: string) {
  await tx
    .update(elRepo)
    .set({ quCount: await topCount(tx, repoId) })
    .where(eq(elRepo.id, repoId));
}

/** Deletes top-level questions with their children; returns the banks they were in. */
export async function deleteQuestions(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ repoId: elQu.repoId })
    .from(elQu)
    .where(and(inArray(elQu.id, ids), eq(elQu.parentId, '')));
  if (!rows.length) return [];
  await tx.delete(elQu).where(inArray(elQu.parentId, ids));
  await tx.delete(elQu).where(and(inArray(elQu.id, ids), eq(elQu.parentId, '')));
  return [...new Set(rows.map((r) => r.repoId))];
}

type Place = { repoId: string; parentId: string; chapterId: string; sort: number };

/** A question's stored fields: the draft, cleaned, at its place (bank, parent, chapter, order). */
function quFields(d: Draft, p: Place) {
  const content = sanitizeRichText(d.content);
  return {
    repoId: p.repoId,
    parentId: p.parentId,
    chapterId: p.chapterId,
    quType: d.quType,
    level: d.level ?? 1,
    content,
    contentText: richTextToPlain(content).slice(0, 2000),
    analysis: sanitizeRichText(d.analysis),
    refAnswer: sanitizeRichText(d.refAnswer),
    keywords: (d.keywords ?? '').trim(),
    sort: p.sort,
  };
}

/** An option's stored fields, the `sort`-th of its question. */
const optionRow = (id: string, quId: string, o: QuOptionEdit, sort: number) => ({
  id,
  quId,
  sort,
  content: sanitizeRichText(o.content),
  isRight: !!o.isRight,
  score: o.score ?? 0,
  answer: (o.answer ?? '').trim(),
  image: o.image ?? '',
});

/**
 * Writes one question (new or existing) with its options and children inside the caller's
 * transaction. Option and child ids are kept when they already belong to this question, so answers
 * recorded in trainings keep pointing at the same options after an edit.
 */
export async function writeQuestion(tx: Tx, req: QuSaveReq, userId: string, sort = 0): Promise<string> {
  const id = req.id || newId();
  await writeOne(tx, req, { id, repoId: req.repoId, parentId: '', chapterId: req.chapterId ?? '', sort, userId });
  const keep = new Set<string>();
  for (const [i, sub] of (req.subList ?? []).entries()) {
    const owned = sub.id
      ? await tx
          .select({ id: elQu.id })
          .from(elQu)
          .where(and(eq(elQu.id, sub.id), eq(elQu.parentId, id)))
      : [];
    const subId = owned.length ? sub.id! : newId();
    keep.add(subId);
    await writeOne(tx, sub, { id: subId, repoId: req.repoId, parentId: id, chapterId: '', sort: i, userId });
  }
  const gone = and(eq(elQu.parentId, id), keep.size ? notInArray(elQu.id, [...keep]) : undefined);
  await tx.delete(elQu).where(gone);
  return id;
}

async function writeOne(tx: Tx, d: Draft, p: Place & { id: string; userId: string }) {
  const row = { ...quFields(d, p), updateTime: new Date() };
  await tx
    .insert(elQu)
    .values({ id: p.id, createBy: p.userId, ...row })
    .onConflictDoUpdate({ target: elQu.id, set: row });
  const old = await tx.select({ id: elQuAnswer.id }).from(elQuAnswer).where(eq(elQuAnswer.quId, p.id));
  const oldIds = new Set(old.map((o) => o.id));
  const opts = (d.answerList ?? []).map((o, i) => optionRow(o.id && oldIds.has(o.id) ? o.id : newId(), p.id, o, i));
  if (oldIds.size) await tx.delete(elQuAnswer).where(inArray(elQuAnswer.id, [...oldIds]));
  if (opts.length) await tx.insert(elQuAnswer).values(opts);
}

/**
 * Inserts many new questions at once (import, seeds): rows are built in memory and written in batches,
 * so a thousand questions take a handful of statements instead of thousands.
 */
export async function insertNewQuestions(tx: Tx, list: { req: QuSaveReq; sort: number }[], userId: string) {
  const qus: (typeof elQu.$inferInsert)[] = [];
  const opts: (typeof elQuAnswer.$inferInsert)[] = [];
  const add = (d: Draft, place: Place) => {
    const id = newId();
    qus.push({ id, ...quFields(d, place), createBy: userId });
    (d.answerList ?? []).forEach((o, i) => opts.push(optionRow(newId(), id, o, i)));
    return id;
  };
  for (const { req, sort } of list) {
    const id = add(req, { repoId: req.repoId, parentId: '', chapterId: req.chapterId ?? '', sort });
    (req.subList ?? []).forEach((s, i) => add(s, { repoId: req.repoId, parentId: id, chapterId: '', sort: i }));
  }
  for (let i = 0; i < qus.length; i += 500) await tx.insert(elQu).values(qus.slice(i, i + 500));
  for (let i = 0; i < opts.length; i += 1000) await tx.insert(elQuAnswer).values(opts.slice(i, i + 1000));
}
