import { PaperState } from '@exam/contracts';
import { type Db, type Tx, schema } from '@exam/server-kit';
import { and, count, eq, sql } from 'drizzle-orm';

const { elPaper, elPaperQu, elPaperAnswer, elPaperReview, elExam, elExamUser, sysUser, paperColumns } = schema;
/** Questions of a paper that wait for a reviewer (short answers, composites with one), per paper. */
const reviewCount = sql<number>`(select count(*)::int from el_paper_answer a where a.paper_id = ${elPaper.id} and a.review)`;
const waiting = (examId?: string) =>
  and(eq(elPaper.state, PaperState.REVIEW), examId ? eq(elPaper.examId, examId) : undefined);

export const paperById = async (db: Db, id: string) =>
  (await db.select(paperColumns).from(elPaper).where(eq(elPaper.id, id)))[0];

/** A page of papers waiting for review, oldest hand-in first, with the exam, the learner, the count to review and whether a review began. */
export const waitingRows = (db: Db, examId: string | undefined, limit: number, offset: number) =>
  db
    .select({
      p: paperColumns,
      examTitle: elExam.title,
      realName: sysUser.realName,
      reviewCount,
      reviewing: sql<boolean>`${elPaperReview.paperId} is not null`,
    })
    .from(elPaper)
    .innerJoin(elExam, eq(elExam.id, elPaper.examId))
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
    .leftJoin(elPaperReview, eq(elPaperReview.paperId, elPaper.id))
    .where(waiting(examId))
    .orderBy(elPaper.handTime, elPaper.id)
    .limit(limit)
    .offset(offset);

export const waitingCount = async (db: Db, examId?: string) =>
  Number((await db.select({ n: count() }).from(elPaper).where(waiting(examId)))[0].n);

export const examTitle = async (db: Db, examId: string) =>
  (await db.select({ title: elExam.title }).from(elExam).where(eq(elExam.id, examId)))[0]?.title;

export const realNameOf = async (db: Db, userId: string) =>
  (await db.select({ realName: sysUser.realName }).from(sysUser).where(eq(sysUser.id, userId)))[0]?.realName;

/** The reviewer's scores so far. */
export const reviewOf = async (db: Db | Tx, paperId: string) =>
  (await db.select().from(elPaperReview).where(eq(elPaperReview.paperId, paperId)))[0];

/** The paper's questions waiting for review, in the paper's order. */
export const reviewQuRows = (db: Db, paperId: string) =>
  db
    .select()
    .from(elPaperQu)
    .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.review, true)))
    .orderBy(elPaperQu.sort);

/** One question of the paper waiting for review. */
export const reviewQuRow = async (db: Db, paperId: string, quId: string) =>
  (
    await db
      .select()
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId), eq(elPaperQu.review, true)))
  )[0];

/** One question's score; `||` merges one key atomically: two reviewers scoring different questions do not lose either. */
export const putScore = (db: Db, paperId: string, quId: string, score: number, reviewer: string) =>
  db
    .insert(elPaperReview)
    .values({ paperId, reviewBy: reviewer, scores: { [quId]: score } })
    .onConflictDoUpdate({
      target: elPaperReview.paperId,
      set: {
        scores: sql`${elPaperReview.scores} || jsonb_build_object(${quId}::text, ${score}::numeric)`,
        reviewBy: reviewer,
        updateTime: new Date(),
      },
    });

/** The paper, locked until the review is published. */
export const lockPaper = async (tx: Tx, id: string) =>
  (await tx.select(paperColumns).from(elPaper).where(eq(elPaper.id, id)).for('update'))[0];

export const paperQus = (tx: Tx, paperId: string) => tx.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId));

/** A reviewed question's score: its answer row exists (grading writes one for every question it leaves for review). */
export const setQuScore = (tx: Tx, paperId: string, quId: string, actualScore: number, isRight: boolean) =>
  tx
    .update(elPaperAnswer)
    .set({ actualScore, isRight, updateTime: new Date() })
    .where(and(eq(elPaperAnswer.paperId, paperId), eq(elPaperAnswer.quId, quId)));

/** The paper's final score and pass (state 已考完). */
export const publish = (
  tx: Tx,
  paperId: string,
  s: { objScore: number; subjScore: number; userScore: number; passed: boolean },
) =>
  tx
    .update(elPaper)
    .set({ state: PaperState.DONE, ...s, updateTime: new Date() })
    .where(eq(elPaper.id, paperId));

/** Raises the learner's best score and pass without counting another try (hand-in did). */
export const raiseStats = (tx: Tx, examId: string, userId: string, userScore: number, passed: boolean) =>
  tx
    .insert(elExamUser)
    .values({ examId, userId, tryCount: 1, maxScore: userScore, passed })
    .onConflictDoUpdate({
      target: [elExamUser.examId, elExamUser.userId],
      set: {
        maxScore: sql`greatest(${elExamUser.maxScore}, ${userScore})`,
        passed: sql`${elExamUser.passed} or ${passed}`,
        updateTime: new Date(),
      },
    });
