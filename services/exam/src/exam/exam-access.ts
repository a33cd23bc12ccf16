import { ExamOpenType, ExamState } from '@exam/contracts';
import { type AuthUser, type Db, type Tx, inDepts, notFound } from '@exam/server-kit';
import { type ExamRecord, examById, isNamed } from './exam-repository';

/**
 * The exam's visibility rule: enabled, and open to the learner by its open type (password checked separately).
 * An exam a learner cannot see answers 404 to every call of theirs, as if it did not exist. `named` may answer
 * from a cache (paper creation's exam-cache).
 */
export async function visibleTo(
  e: Pick<ExamRecord, 'id' | 'state' | 'openType' | 'deptCodes'>,
  user: Pick<AuthUser, 'id' | 'deptCode'>,
  named: (examId: string, userId: string) => Promise<boolean>,
): Promise<boolean> {
  if (e.state !== ExamState.NORMAL) return false;
  if (e.openType === ExamOpenType.DEPART) return inDepts(user.deptCode, e.deptCodes);
  if (e.openType === ExamOpenType.PERSON) return named(e.id, user.id);
  return true;
}

export const eligible = (db: Db | Tx, e: ExamRecord, user: Pick<AuthUser, 'id' | 'deptCode'>) =>
  visibleTo(e, user, (examId, userId) => isNamed(db, examId, userId));

/** An exam the learner can see (else 404 考试不存在或已删除！). */
export async function visibleExam(
  db: Db | Tx,
  id: string,
  user: Pick<AuthUser, 'id' | 'deptCode'>,
): Promise<ExamRecord> {
  const e = await examById(db, id);
  if (!(await eligible(db, e, user))) throw notFound('考试不存在或已删除！');
  return e;
}
