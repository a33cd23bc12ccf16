import { type Db, type Tx, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';

const { elExamApply } = schema;

/** The learner's approved application to an exam that has not been used yet (create-paper's pass). */
export async function approvedApply(db: Db | Tx, examId: string, userId: string): Promise<string | undefined> {
  const [a] = await db.select({ id: elExamApply.id }).from(elExamApply)
    .where(and(eq(elExamApply.examId, examId), eq(elExamApply.userId, userId), eq(elExamApply.auditState, 1), eq(elExamApply.auditUsed, false)))
    .limit(1);
  return a?.id;
}

/**
 * Marks an application used, inside the caller's transaction; false when another request used it
 * first (the conditional update is the guard: an application lets the learner in once).
 */
export async function useApply(tx: Tx, id: string): Promise<boolean> {
  const r = await tx.update(elExamApply).set({ auditUsed: true })
    .where(and(eq(elExamApply.id, id), eq(elExamApply.auditUsed, false), sql`${elExamApply.auditState} = 1`)).returning({ id: elExamApply.id });
  return r.length > 0;
}
