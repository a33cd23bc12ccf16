import { type BookKey, type Db, inHandedPaper, notFound } from '@exam/server-kit';
import { trainableRepo } from '../client/repo-access';
import { quPlace } from '../qu/qu-repository';

/**
 * Refuses a question the learner may not read under this ref: (repo) a question of that bank, which
 * the learner may train (open or joined, and joined when it has a price or points, as train/start);
 * (exam) a question of a handed-in paper of theirs of that exam (refId is the exam id, as hand-in
 * records it in the book).
 */
export async function checkQuRef(db: Db, k: BookKey) {
  const q = await quPlace(db, k.quId);
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
  const q = await quPlace(db, quId);
  if (!q) return false;
  const top = q.parentId || quId;
  const mayTrain = await trainableRepo(db, userId, q.repoId).then(
    () => true,
    () => false,
  );
  return mayTrain || inHandedPaper(db, userId, top);
}
