import { type BookKey, type Db, notFound, schema } from '@exam/server-kit';
import { and, eq, inArray } from 'drizzle-orm';
import { trainableRepo } from '../client/repo-access';

/** Paper states after hand-in (待阅卷, 已考完): only then are a paper's questions the learner's to keep. */
const HANDED = [1, 2];

/** Whether a handed-in paper of this learner (of this exam, when given) holds the question. */
async function inHandedPaper(db: Db, userId: string, quId: string, examId?: string) {
  const { elPaper, elPaperQu } = schema;
  const [row] = await db.select({ id: elPaper.id }).from(elPaperQu).innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(eq(elPaperQu.quId, quId), eq(elPaper.userId, userId), inArray(elPaper.state, HANDED), examId ? eq(elPaper.examId, examId) : undefined))
    .limit(1);
  return !!row;
}

/**
 * Refuses a question the learner may not read under this ref: (repo) a question of that bank, which
 * the learner may train (open or joined, and joined when it has a price or points, as train/start);
 * (exam) a question of a handed-in paper of theirs of that exam (refId is the exam id, as hand-in
 * records it in the book).
 */
export async function checkQuRef(db: Db, k: BookKey) {
  const [q] = await db.select({ repoId: schema.elQu.repoId, parentId: schema.elQu.parentId }).from(schema.elQu).where(eq(schema.elQu.id, k.quId));
  if (!q || q.parentId !== '') throw notFound('试题不存在！');
  if (k.refType === 'repo') {
    if (q.repoId !== k.refId) throw notFound('试题不存在！');
    await trainableRepo(db, k.userId, k.refId);
  } else if (!(await inHandedPaper(db, k.userId, k.quId, k.refId))) {
    throw notFound('试题不存在！');
  }
}

/** Whether a learner sees a question (or a composite's child) anywhere: a bank they may train, or a handed-in paper of theirs. */
export async function canSeeQu(db: Db, userId: string, quId: string) {
  const [q] = await db.select({ repoId: schema.elQu.repoId, parentId: schema.elQu.parentId }).from(schema.elQu).where(eq(schema.elQu.id, quId));
  if (!q) return false;
  const top = q.parentId || quId;
  const mayTrain = await trainableRepo(db, userId, q.repoId).then(() => true, () => false);
  return mayTrain || inHandedPaper(db, userId, top);
}
