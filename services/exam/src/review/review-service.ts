import { type PagingQuery, type ReviewPaperDetail, type ReviewPaperRow, PaperState } from '@exam/contracts';
import { type Db, badRequest, fmtTime, loadQuestions, notFound, pageQuery, round2, schema } from '@exam/server-kit';
import { and, count, eq, sql } from 'drizzle-orm';
import { reviewQu, subjectiveMax } from './review-split';

const { elPaper, elPaperQu, elPaperReview, elExam, elExamUser, sysUser } = schema;
/** Questions of a paper that wait for a reviewer (short answers, composites with one), per paper. */
const reviewCount = sql<number>`(select count(*)::int from el_paper_qu q where q.paper_id = ${elPaper.id} and q.review)`;

/** Manual review of papers in 1 待阅卷 (DESIGN §3): score each open question, then publish once. */
export function reviewService(db: Db) {
  async function waitingPaper(paperId: string) {
    const [p] = await db.select().from(elPaper).where(eq(elPaper.id, paperId));
    if (!p) throw notFound('试卷不存在！');
    if (p.state !== PaperState.REVIEW) throw badRequest('该试卷不是待阅卷状态！');
    return p;
  }

  return {
    paging(q: PagingQuery<{ examId?: string }>) {
      const cond = and(eq(elPaper.state, PaperState.REVIEW), q.params?.examId ? eq(elPaper.examId, q.params.examId) : undefined);
      return pageQuery<ReviewPaperRow>(
        q,
        async (limit, offset) =>
          (await db.select({
            p: elPaper, examTitle: elExam.title, realName: sysUser.realName, reviewCount, reviewing: sql<boolean>`${elPaperReview.paperId} is not null`,
          }).from(elPaper).innerJoin(elExam, eq(elExam.id, elPaper.examId)).leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
            .leftJoin(elPaperReview, eq(elPaperReview.paperId, elPaper.id))
            .where(cond).orderBy(elPaper.handTime, elPaper.id).limit(limit).offset(offset)).map((r) => ({
            id: r.p.id, examId: r.p.examId, examTitle: r.examTitle, userId: r.p.userId, realName: r.realName ?? '', handTime: fmtTime(r.p.handTime),
            objScore: r.p.objScore, totalScore: r.p.totalScore, reviewCount: Number(r.reviewCount), reviewing: Boolean(r.reviewing),
          })),
        async () => Number((await db.select({ n: count() }).from(elPaper).where(cond))[0].n),
      );
    },

    async paperDetail(paperId: string): Promise<ReviewPaperDetail> {
      const p = await waitingPaper(paperId);
      const [exam] = await db.select({ title: elExam.title }).from(elExam).where(eq(elExam.id, p.examId));
      const [u] = await db.select({ realName: sysUser.realName }).from(sysUser).where(eq(sysUser.id, p.userId));
      const [rv] = await db.select().from(elPaperReview).where(eq(elPaperReview.paperId, paperId));
      const rows = await db.select().from(elPaperQu).where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.review, true))).orderBy(elPaperQu.sort);
      const qs = await loadQuestions(db, rows.map((r) => r.quId));
      const quList = rows.map((r) => reviewQu(r, qs.get(r.quId), rv?.scores[r.quId]));
      return {
        id: p.id, examId: p.examId, examTitle: exam?.title ?? '', realName: u?.realName ?? '', handTime: fmtTime(p.handTime), state: p.state,
        objScore: p.objScore, totalScore: p.totalScore, qualifyScore: p.qualifyScore, quList,
      };
    },

    /**
     * One question's score, 0..its subjective part (a composite's objective children keep their
     * automatic points); the first score marks the paper 阅卷中 for the learner.
     */
    async score(b: { paperId: string; quId: string; score: number }, reviewer: string) {
      await waitingPaper(b.paperId);
      const [row] = await db.select().from(elPaperQu).where(and(eq(elPaperQu.paperId, b.paperId), eq(elPaperQu.quId, b.quId), eq(elPaperQu.review, true)));
      if (!row) throw notFound('试题不存在或无需阅卷！');
      const max = subjectiveMax(row);
      if (b.score < 0 || b.score > max) throw badRequest(`得分必须在0到${max}分之间！`);
      const score = round2(b.score);
      // `||` merges one key atomically: two reviewers scoring different questions do not lose either.
      await db.insert(elPaperReview).values({ paperId: b.paperId, reviewBy: reviewer, scores: { [b.quId]: score } }).onConflictDoUpdate({
        target: elPaperReview.paperId,
        set: { scores: sql`${elPaperReview.scores} || jsonb_build_object(${b.quId}::text, ${score}::numeric)`, reviewBy: reviewer, updateTime: new Date() },
      });
    },

    /**
     * Publishes the final score, once: locks the paper, sums every question (objective results plus the
     * reviewer's scores), sets pass and state 2, and raises the learner's best score and pass without
     * counting another try (hand-in already did). A second finish finds the paper no longer waiting.
     */
    finish(paperId: string) {
      return db.transaction(async (tx) => {
        const [p] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
        if (!p) throw notFound('试卷不存在！');
        if (p.state !== PaperState.REVIEW) throw badRequest('该试卷不是待阅卷状态！');
        const [rv] = await tx.select().from(elPaperReview).where(eq(elPaperReview.paperId, paperId));
        const scores = rv?.scores ?? {};
        const rows = await tx.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId));
        if (rows.some((r) => r.review && scores[r.quId] === undefined)) throw badRequest('还有试题未评分，请评分后再完成阅卷！');
        // A question's actualScore holds its automatic points (0 for a short answer, the objective
        // children of a composite); the reviewer's score adds the subjective part.
        let objective = 0;
        let subjective = 0;
        for (const r of rows) {
          objective += r.actualScore;
          if (r.review) subjective += scores[r.quId];
        }
        for (const r of rows.filter((x) => x.review)) {
          const final = round2(r.actualScore + scores[r.quId]);
          await tx.update(elPaperQu).set({ actualScore: final, isRight: final >= r.score, updateTime: new Date() })
            .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, r.quId)));
        }
        const userScore = round2(objective + subjective);
        const passed = userScore >= p.qualifyScore;
        await tx.update(elPaper).set({ state: 2, objScore: round2(objective), subjScore: round2(subjective), userScore, passed, updateTime: new Date() })
          .where(eq(elPaper.id, paperId));
        await tx.insert(elExamUser).values({ examId: p.examId, userId: p.userId, tryCount: 1, maxScore: userScore, passed }).onConflictDoUpdate({
          target: [elExamUser.examId, elExamUser.userId],
          set: { maxScore: sql`greatest(${elExamUser.maxScore}, ${userScore})`, passed: sql`${elExamUser.passed} or ${passed}`, updateTime: new Date() },
        });
        return { userScore, passed };
      });
    },
  };
}
