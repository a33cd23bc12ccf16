import { type ExamDetail, type ExamRule, ExamState } from '@exam/contracts';
import { type AuthUser, type Db, type Tx, fmtTime, notFound, schema } from '@exam/server-kit';
import { and, asc, eq } from 'drizzle-orm';

export type ExamRecord = typeof schema.elExam.$inferSelect;
export type RuleRecord = typeof schema.elExamRule.$inferSelect;

export async function examById(db: Db | Tx, id: string): Promise<ExamRecord> {
  const [e] = await db.select().from(schema.elExam).where(eq(schema.elExam.id, id));
  if (!e) throw notFound('考试不存在或已删除！');
  return e;
}

export async function rulesOf(db: Db | Tx, examId: string): Promise<ExamRule[]> {
  const r = schema.elExamRule;
  const rows = await db.select().from(r).where(eq(r.examId, examId)).orderBy(asc(r.sort));
  return rows.map((x) => ({
    title: x.title, quType: x.quType as ExamRule['quType'], repoIds: x.repoIds, level: x.level as 0 | 1 | 2, count: x.count, score: x.score, quIds: x.quIds,
  }));
}

/** Rules' question count (a fixed group counts its questions). */
export const quCountOf = (rules: ExamRule[]) => rules.reduce((n, r) => n + (r.quIds?.length ? r.quIds.length : (r.count ?? 0)), 0);

/** Open type 2: the learner's department or one below it (department codes nest by prefix). */
export const inDepts = (deptCode: string, codes: string[]) => codes.some((c) => c !== '' && deptCode.startsWith(c));

/** Whether the learner is named on the exam (open type 3). */
const namedOn = (db: Db | Tx) => async (examId: string, userId: string) => {
  const p = schema.elExamPerson;
  return (await db.select({ u: p.userId }).from(p).where(and(eq(p.examId, examId), eq(p.userId, userId)))).length > 0;
};

/**
 * The exam's visibility rule: enabled, and open to the learner by its open type (password checked separately).
 * An exam a learner cannot see answers 404 to every call of theirs, as if it did not exist. `named` may answer
 * from a cache (paper creation's exam-cache).
 */
export async function visibleTo(
  e: Pick<ExamRecord, 'id' | 'state' | 'openType' | 'deptCodes'>, user: Pick<AuthUser, 'id' | 'deptCode'>, named: (examId: string, userId: string) => Promise<boolean>,
): Promise<boolean> {
  if (e.state !== ExamState.NORMAL) return false;
  if (e.openType === 2) return inDepts(user.deptCode, e.deptCodes);
  if (e.openType === 3) return named(e.id, user.id);
  return true;
}

export const eligible = (db: Db | Tx, e: ExamRecord, user: Pick<AuthUser, 'id' | 'deptCode'>) => visibleTo(e, user, namedOn(db));

/** An exam the learner can see (else 404 考试不存在或已删除！). */
export async function visibleExam(db: Db | Tx, id: string, user: Pick<AuthUser, 'id' | 'deptCode'>): Promise<ExamRecord> {
  const e = await examById(db, id);
  if (!(await eligible(db, e, user))) throw notFound('考试不存在或已删除！');
  return e;
}

/** The learner's view of an exam: settings they need, no password, people or rules. */
export function learnerDetail(e: ExamRecord, quCount: number): ExamDetail {
  return {
    id: e.id, title: e.title, cover: e.cover, content: e.content, examType: e.examType, offline: e.offline, state: e.state, openType: e.openType,
    startTime: fmtTime(e.startTime), endTime: fmtTime(e.endTime), totalTime: e.totalTime, totalScore: e.totalScore,
    qualifyScore: e.qualifyScore, chance: e.chance, price: e.price, points: e.points, showBook: e.showBook, resultType: e.resultType,
    leaveOn: e.leaveOn, leaveLimit: e.leaveLimit, leaveSec: e.leaveSec, camOn: e.camOn, camInterval: e.camInterval,
    faceOn: e.faceOn, faceChance: e.faceChance, pasteBlock: e.pasteBlock, quCount,
  };
}
