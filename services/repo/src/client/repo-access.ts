import { type Db, type Tx, conflict, notFound } from '@exam/server-kit';
import { repoWithJoin } from '../repo/repo-repository';

/**
 * A bank a learner may see: open, or joined earlier (a bank closed later stays with its members); never
 * one marked exam only (仅考试使用), whatever its other settings: its questions are the exams' alone.
 */
export async function visibleRepo(db: Db | Tx, userId: string, repoId: string) {
  const row = await repoWithJoin(db, userId, repoId);
  if (!row || (!row.r.isOpen && !row.joined)) throw notFound('题库不存在或未开放！');
  if (row.r.examOnly) throw notFound('该题库仅供考试使用，不对学员开放！');
  return { ...row.r, hasJoin: !!row.joined };
}

/**
 * A bank a learner may train in, and so read the questions of (training, the book, error reports):
 * visible, and joined (so paid) when it has a price or points.
 */
export async function trainableRepo(db: Db | Tx, userId: string, repoId: string) {
  const repo = await visibleRepo(db, userId, repoId);
  if ((repo.price > 0 || repo.points > 0) && !repo.hasJoin) throw conflict('请先加入题库后再训练！');
  return repo;
}
