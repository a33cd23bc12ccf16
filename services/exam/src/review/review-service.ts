import { type PagingQuery, type ReviewPaperDetail, type ReviewPaperRow, PaperState } from '@exam/contracts';
import { type Db, badRequest, fmtTime, loadQuestions, notFound, pageQuery, round2 } from '@exam/server-kit';
import { paperPassed } from '../paper/cert-events';
import * as repo from './review-repository';
import { reviewQu, subjectiveMax } from './review-split';

/** Manual review of papers in 1 待阅卷 (DESIGN §3): score each open question, then publish once. */
export function reviewService(db: Db) {
  async function waitingPaper(paperId: string) {
    const p = await repo.paperById(db, paperId);
    if (!p) throw notFound('试卷不存在！');
    if (p.state !== PaperState.REVIEW) throw badRequest('该试卷不是待阅卷状态！');
    return p;
  }

  return {
    paging(q: PagingQuery<{ examId?: string }>) {
      const examId = q.params?.examId;
      return pageQuery<ReviewPaperRow>(
        q,
        async (limit, offset) =>
          (await repo.waitingRows(db, examId, limit, offset)).map((r) => ({
            id: r.p.id,
            examId: r.p.examId,
            examTitle: r.examTitle,
            userId: r.p.userId,
            realName: r.realName ?? '',
            handTime: fmtTime(r.p.handTime),
            objScore: r.p.objScore,
            totalScore: r.p.totalScore,
            reviewCount: Number(r.reviewCount),
            reviewing: Boolean(r.reviewing),
          })),
        () => repo.waitingCount(db, examId),
      );
    },

    async paperDetail(paperId: string): Promise<ReviewPaperDetail> {
      const p = await waitingPaper(paperId);
      const title = await repo.examTitle(db, p.examId);
      const realName = await repo.realNameOf(db, p.userId);
      const rv = await repo.reviewOf(db, paperId);
      const rows = await repo.reviewQuRows(db, paperId);
      const qs = await loadQuestions(
        db,
        rows.map((r) => r.quId),
      );
      const quList = rows.map((r) => reviewQu(r, qs.get(r.quId), rv?.scores[r.quId]));
      return {
        id: p.id,
        examId: p.examId,
        examTitle: title ?? '',
        realName: realName ?? '',
        handTime: fmtTime(p.handTime),
        state: p.state,
        objScore: p.objScore,
        totalScore: p.totalScore,
        qualifyScore: p.qualifyScore,
        quList,
      };
    },

    /**
     * One question's score, 0..its subjective part (a composite's objective children keep their
     * automatic points); the first score marks the paper 阅卷中 for the learner.
     */
    async score(b: { paperId: string; quId: string; score: number }, reviewer: string) {
      await waitingPaper(b.paperId);
      const row = await repo.reviewQuRow(db, b.paperId, b.quId);
      if (!row) throw notFound('试题不存在或无需阅卷！');
      const max = subjectiveMax(row);
      if (b.score < 0 || b.score > max) throw badRequest(`得分必须在0到${max}分之间！`);
      const score = round2(b.score);
      await repo.putScore(db, b.paperId, b.quId, score, reviewer);
    },

    /**
     * Publishes the final score, once: locks the paper, sums every question (objective results plus the
     * reviewer's scores), sets pass and state 2, and raises the learner's best score and pass without
     * counting another try (hand-in already did); a pass tells the certificate service in the same transaction.
     * A second finish finds the paper no longer waiting.
     */
    finish(paperId: string) {
      return db.transaction(async (tx) => {
        const p = await repo.lockPaper(tx, paperId);
        if (!p) throw notFound('试卷不存在！');
        if (p.state !== PaperState.REVIEW) throw badRequest('该试卷不是待阅卷状态！');
        const scores = (await repo.reviewOf(tx, paperId))?.scores ?? {};
        const rows = await repo.paperQus(tx, paperId);
        if (rows.some((r) => r.review && scores[r.quId] === undefined))
          throw badRequest('还有试题未评分，请评分后再完成阅卷！');
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
          await repo.setQuScore(tx, paperId, r.quId, final, final >= r.score);
        }
        const userScore = round2(objective + subjective);
        const passed = userScore >= p.qualifyScore;
        await repo.publish(tx, paperId, {
          objScore: round2(objective),
          subjScore: round2(subjective),
          userScore,
          passed,
        });
        await repo.raiseStats(tx, p.examId, p.userId, userScore, passed);
        if (passed) await paperPassed(db, tx, [{ userId: p.userId, sourceId: p.examId, score: userScore }]);
        return { userScore, passed };
      });
    },
  };
}
