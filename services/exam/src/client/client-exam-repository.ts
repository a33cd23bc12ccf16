import { ExamOpenType, ExamState, PaperState } from '@exam/contracts';
import { type AuthUser, type Db, contains, schema } from '@exam/server-kit';
import { and, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';

const { elExam, elExamJoin, elExamPerson, elExamUser, elPaper } = schema;
/** A date range's ends (`to` may be open). */
export type Range = { from: Date; to?: Date };
export type MineFilter = { flag?: string; title?: string; range?: Range };
export type OpenFilter = { title?: string; range?: Range };

/** Exams that overlap the date range [from, to]. */
const overlaps = (r: Range | undefined) =>
  r ? and(gt(elExam.endTime, r.from), r.to ? sql`${elExam.startTime} <= ${r.to}` : undefined) : undefined;

/**
 * The state of the learner's latest paper of the exam, with 阅卷中 (GRADING) also for a paper in 待阅卷 whose
 * review has begun (a row in el_paper_review).
 */
const latestState = (uid: string) =>
  sql<
    number | null
  >`(select case when p.state = ${PaperState.REVIEW} and exists (select 1 from el_paper_review r where r.paper_id = p.id) then ${PaperState.GRADING} else p.state end
    from el_paper p where p.exam_id = ${elExam.id} and p.user_id = ${uid} order by p.create_time desc, p.id desc limit 1)`;
const joined = (uid: string) =>
  sql`exists (select 1 from ${elExamJoin} j where j.exam_id = ${elExam.id} and j.user_id = ${uid})`;

/** Mine: enabled and assigned to the learner (joined, their department, named), or taken by them; by the flag of their latest paper. */
function mineCond(u: AuthUser, p: MineFilter) {
  const latest = latestState(u.id);
  const assigned = or(
    joined(u.id),
    and(
      eq(elExam.openType, ExamOpenType.DEPART),
      sql`exists (select 1 from jsonb_array_elements_text(${elExam.deptCodes}) d where ${u.deptCode} like d || '%')`,
    ),
    and(
      eq(elExam.openType, ExamOpenType.PERSON),
      sql`exists (select 1 from ${elExamPerson} x where x.exam_id = ${elExam.id} and x.user_id = ${u.id})`,
    ),
  );
  const taken = sql`exists (select 1 from ${elPaper} t where t.exam_id = ${elExam.id} and t.user_id = ${u.id})`;
  const byFlag: Record<string, SQL | undefined> = {
    READY_START: and(sql`${latest} is null`, gt(elExam.endTime, new Date())),
    PROCESSING: sql`${latest} = ${PaperState.OPEN}`,
    WAIT_REVIEW: sql`${latest} = ${PaperState.REVIEW}`,
    IN_REVIEW: sql`${latest} = ${PaperState.GRADING}`,
    FINISHED: sql`${latest} in (${PaperState.DONE}, ${PaperState.ABANDONED})`,
  };
  return and(
    or(and(eq(elExam.state, ExamState.NORMAL), assigned), taken),
    p.title ? contains(elExam.title, p.title) : undefined,
    overlaps(p.range),
    p.flag && p.flag !== 'ALL' ? byFlag[p.flag] : undefined,
  );
}

/** Open exams: enabled, open to all (or with a password), not ended. */
const openCond = (p: OpenFilter) =>
  and(
    eq(elExam.state, ExamState.NORMAL),
    inArray(elExam.openType, [ExamOpenType.PUBLIC, ExamOpenType.PASSWORD]),
    gt(elExam.endTime, new Date()),
    p.title ? contains(elExam.title, p.title) : undefined,
    overlaps(p.range),
  );

/** A page of the learner's exams with their latest paper's state, their stats and whether they have a final paper. */
export function mineRows(db: Db, u: AuthUser, p: MineFilter, limit: number, offset: number) {
  // Best score and pass come from final papers only: a learner whose papers all wait for review has none yet (待出分).
  const finals = sql<boolean>`exists (select 1 from ${elPaper} f where f.exam_id = ${elExam.id} and f.user_id = ${u.id} and f.state = ${PaperState.DONE})`;
  return db
    .select({ e: elExam, latest: latestState(u.id), s: elExamUser, finals })
    .from(elExam)
    .leftJoin(elExamUser, and(eq(elExamUser.examId, elExam.id), eq(elExamUser.userId, u.id)))
    .where(mineCond(u, p))
    .orderBy(desc(elExam.startTime), desc(elExam.id))
    .limit(limit)
    .offset(offset);
}

export const mineCount = async (db: Db, u: AuthUser, p: MineFilter) =>
  Number((await db.select({ n: count() }).from(elExam).where(mineCond(u, p)))[0].n);

/** A page of open exams with whether the learner joined and their latest paper's state. */
export const openRows = (db: Db, userId: string, p: OpenFilter, limit: number, offset: number) =>
  db
    .select({ e: elExam, hasJoin: joined(userId).mapWith(Boolean), latest: latestState(userId) })
    .from(elExam)
    .where(openCond(p))
    .orderBy(desc(elExam.startTime), desc(elExam.id))
    .limit(limit)
    .offset(offset);

export const openCount = async (db: Db, p: OpenFilter) =>
  Number((await db.select({ n: count() }).from(elExam).where(openCond(p)))[0].n);

/** Whether the exam is one of the open ones. */
export const isOpenExam = async (db: Db, id: string) =>
  (
    await db
      .select({ id: elExam.id })
      .from(elExam)
      .where(and(eq(elExam.id, id), openCond({})))
  ).length > 0;

/** Leaves a joined exam; false when the learner had not joined it. */
export const leave = async (db: Db, examId: string, userId: string) =>
  (
    await db
      .delete(elExamJoin)
      .where(and(eq(elExamJoin.examId, examId), eq(elExamJoin.userId, userId)))
      .returning({ id: elExamJoin.examId })
  ).length > 0;

export const join = (db: Db, examId: string, userId: string) =>
  db.insert(elExamJoin).values({ examId, userId }).onConflictDoNothing();
