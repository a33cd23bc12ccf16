import { FILE_GET_PREFIX, type QuOptionEdit, type QuSaveReq } from '@exam/contracts';
import { type Tx, badRequest, newId, richTextToPlain, sanitizeRichText, schema, validateQuestion } from '@exam/server-kit';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';

type Draft = Omit<QuSaveReq, 'repoId' | 'chapterId' | 'subList'> & { subList?: Draft[] };

/** Option pictures are files our upload stored or absolute http(s) URLs; never `javascript:` and the like. */
const OPTION_IMAGE = new RegExp(`^(https?://|${FILE_GET_PREFIX})[^\\s"'<>]*$`);
const badImage = (d: Draft): boolean =>
  (d.answerList ?? []).some((o) => !!o.image && (!OPTION_IMAGE.test(o.image) || o.image.includes('..'))) || (d.subList ?? []).some(badImage);
const imageOf = (o: QuOptionEdit) => o.image ?? '';

/** Checks a question by its type; the message names the problem (editor and import share it). */
export const checkDraft = (d: QuSaveReq) => (badImage(d) ? '选项图片地址不正确！' : validateQuestion(d as never, richTextToPlain));

/** Keeps the question count of a bank true (top-level questions only). */
export async function recountRepo(tx: Tx, repoId: string) {
  const { elQu, elRepo } = schema;
  const [{ n }] = await tx.select({ n: count() }).from(elQu).where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')));
  await tx.update(elRepo).set({ quCount: Number(n) }).where(eq(elRepo.id, repoId));
}

/**
 * Writes one question (new or existing) with its options and children inside the caller's
 * transaction. Option and child ids are kept when they already belong to this question, so answers
 * recorded in trainings keep pointing at the same options after an edit.
 */
export async function writeQuestion(tx: Tx, req: QuSaveReq, userId: string, sort = 0): Promise<string> {
  const { elQu } = schema;
  const id = req.id || newId();
  await writeOne(tx, req, { id, repoId: req.repoId, parentId: '', chapterId: req.chapterId ?? '', sort, userId });
  const keep = new Set<string>();
  for (const [i, sub] of (req.subList ?? []).entries()) {
    const owned = sub.id ? await tx.select({ id: elQu.id }).from(elQu).where(and(eq(elQu.id, sub.id), eq(elQu.parentId, id))) : [];
    const subId = owned.length ? sub.id! : newId();
    keep.add(subId);
    await writeOne(tx, sub, { id: subId, repoId: req.repoId, parentId: id, chapterId: '', sort: i, userId });
  }
  const gone = and(eq(elQu.parentId, id), keep.size ? notInArray(elQu.id, [...keep]) : undefined);
  await tx.delete(elQu).where(gone);
  return id;
}

type Place = { id: string; repoId: string; parentId: string; chapterId: string; sort: number; userId: string };

async function writeOne(tx: Tx, d: Draft, p: Place) {
  const { elQu, elQuAnswer } = schema;
  const content = sanitizeRichText(d.content);
  const row = {
    repoId: p.repoId, parentId: p.parentId, chapterId: p.chapterId, quType: d.quType, level: d.level ?? 1, content,
    contentText: richTextToPlain(content).slice(0, 2000), analysis: sanitizeRichText(d.analysis), refAnswer: sanitizeRichText(d.refAnswer),
    keywords: (d.keywords ?? '').trim(), sort: p.sort, updateTime: new Date(),
  };
  await tx.insert(elQu).values({ id: p.id, createBy: p.userId, ...row }).onConflictDoUpdate({ target: elQu.id, set: row });
  const old = await tx.select({ id: elQuAnswer.id }).from(elQuAnswer).where(eq(elQuAnswer.quId, p.id));
  const oldIds = new Set(old.map((o) => o.id));
  const opts = (d.answerList ?? []).map((o, i) => ({
    id: o.id && oldIds.has(o.id) ? o.id : newId(),
    quId: p.id, sort: i, content: sanitizeRichText(o.content), isRight: !!o.isRight, score: o.score ?? 0, answer: (o.answer ?? '').trim(), image: imageOf(o),
  }));
  if (oldIds.size) await tx.delete(elQuAnswer).where(inArray(elQuAnswer.id, [...oldIds]));
  if (opts.length) await tx.insert(elQuAnswer).values(opts);
}

/** A refused save: the message of the first problem. */
export function assertDraft(req: QuSaveReq) {
  const err = checkDraft(req);
  if (err) throw badRequest(err);
}

/**
 * Inserts many new questions at once (import): rows are built in memory and written in batches,
 * so a thousand questions take a handful of statements instead of thousands.
 */
export async function insertNewQuestions(tx: Tx, list: { req: QuSaveReq; sort: number }[], userId: string) {
  const { elQu, elQuAnswer } = schema;
  const qus: (typeof elQu.$inferInsert)[] = [];
  const opts: (typeof elQuAnswer.$inferInsert)[] = [];
  const add = (d: Draft, repoId: string, parentId: string, chapterId: string, sort: number) => {
    const id = newId();
    const content = sanitizeRichText(d.content);
    qus.push({
      id, repoId, parentId, chapterId, quType: d.quType, level: d.level ?? 1, content, contentText: richTextToPlain(content).slice(0, 2000),
      analysis: sanitizeRichText(d.analysis), refAnswer: sanitizeRichText(d.refAnswer), keywords: (d.keywords ?? '').trim(), sort, createBy: userId,
    });
    (d.answerList ?? []).forEach((o, i) => opts.push({
      id: newId(), quId: id, sort: i, content: sanitizeRichText(o.content), isRight: !!o.isRight, score: o.score ?? 0, answer: (o.answer ?? '').trim(),
      image: imageOf(o),
    }));
    return id;
  };
  for (const { req, sort } of list) {
    const id = add(req, req.repoId, '', req.chapterId ?? '', sort);
    (req.subList ?? []).forEach((s, i) => add(s, req.repoId, id, '', i));
  }
  for (let i = 0; i < qus.length; i += 500) await tx.insert(elQu).values(qus.slice(i, i + 500));
  for (let i = 0; i < opts.length; i += 1000) await tx.insert(elQuAnswer).values(opts.slice(i, i + 1000));
}
