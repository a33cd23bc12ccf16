import { AuditState } from '@exam/contracts';
import { type Db, type Tx, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const { elExamApply, elExam, sysUser } = schema;
const auditor = alias(sysUser, 'auditor');

/** The learner's approved application to an exam that has not been used yet (create-paper's pass). */
export async function approvedApply(db: Db | Tx, examId: string, userId: string): Promise<string | undefined> {
  const [a] = await db
    .select({ id: elExamApply.id })
    .from(elExamApply)
    .where(
      and(
        eq(elExamApply.examId, examId),
        eq(elExamApply.userId, userId),
        eq(elExamApply.auditState, AuditState.APPROVED),
        eq(elExamApply.auditUsed, false),
      ),
    )
    .limit(1);
  return a?.id;
}

/**
 * Marks an application used, inside the caller's transaction; false when another request used it
 * first (the conditional update is the guard: an application lets the learner in once).
 */
export async function useApply(tx: Tx, id: string): Promise<boolean> {
  const r = await tx
    .update(elExamApply)
    .set({ auditUsed: true })
    .where(
      and(
        eq(elExamApply.id, id),
        eq(elExamApply.auditUsed, false),
        sql`${elExamApply.auditState} = ${AuditState.APPROVED}`,
      ),
    )
    .returning({ id: elExamApply.id });
  return r.length > 0;
}

/** Whether the learner has an application to the exam waiting for audit. */
export const hasPending = async (db: Db, examId: string, userId: string) =>
  (
    await db
      .select({ id: elExamApply.id })
      .from(elExamApply)
      .where(
        and(
          eq(elExamApply.examId, examId),
          eq(elExamApply.userId, userId),
          eq(elExamApply.auditState, AuditState.PENDING),
        ),
      )
  ).length > 0;

export const insertApply = (db: Db, row: { id: string; examId: string; userId: string; applyMsg: string }) =>
  db.insert(elExamApply).values(row);

/** Applications of one learner (or everyone's when `userId` is not given), of an exam, in an audit state. */
export type ApplyFilter = { userId?: string; examId?: string; auditState?: number };
const listCond = (p: ApplyFilter) =>
  and(
    p.userId ? eq(elExamApply.userId, p.userId) : undefined,
    p.examId ? eq(elExamApply.examId, p.examId) : undefined,
    p.auditState !== undefined ? eq(elExamApply.auditState, p.auditState) : undefined,
  ) as SQL | undefined;

/** A page of applications, newest first, with the exam's title and the applicant's and auditor's names. */
export const applyRows = (db: Db, p: ApplyFilter, limit: number, offset: number) =>
  db
    .select({ a: elExamApply, examTitle: elExam.title, applyUser: sysUser.realName, auditBy: auditor.realName })
    .from(elExamApply)
    .innerJoin(elExam, eq(elExam.id, elExamApply.examId))
    .leftJoin(sysUser, eq(sysUser.id, elExamApply.userId))
    .leftJoin(auditor, eq(auditor.id, elExamApply.auditBy))
    .where(listCond(p))
    .orderBy(desc(elExamApply.applyTime), desc(elExamApply.id))
    .limit(limit)
    .offset(offset);

export const applyCount = async (db: Db, p: ApplyFilter) =>
  Number((await db.select({ n: count() }).from(elExamApply).where(listCond(p)))[0].n);

export const deleteApplies = (db: Db, ids: string[]) => db.delete(elExamApply).where(inArray(elExamApply.id, ids));

/** The applications' audit states, locked until the audit commits. */
export const lockApplies = (tx: Tx, ids: string[]) =>
  tx
    .select({ id: elExamApply.id, auditState: elExamApply.auditState })
    .from(elExamApply)
    .where(inArray(elExamApply.id, ids))
    .for('update');

export const setAudit = (tx: Tx, ids: string[], a: { auditState: number; auditMsg: string; auditBy: string }) =>
  tx
    .update(elExamApply)
    .set({ ...a, auditTime: new Date() })
    .where(inArray(elExamApply.id, ids));

/** Each application's learner and exam title. */
export const applicantsOf = (tx: Tx, ids: string[]) =>
  tx
    .select({ userId: elExamApply.userId, examTitle: elExam.title })
    .from(elExamApply)
    .innerJoin(elExam, eq(elExam.id, elExamApply.examId))
    .where(inArray(elExamApply.id, ids));
