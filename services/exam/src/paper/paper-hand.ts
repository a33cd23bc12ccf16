import { type Db, type GradeResult, type LearnerAnswer, type Tx, gradeQuestion, round2, schema } from '@exam/server-kit';
import { recordAnswerInBook } from '@exam/svc-repo';
import { eq, sql } from 'drizzle-orm';
import { loadQuestions, toGrade } from './qu-load';

/** Why a paper is handed in, and what the proctor's record says (exState: dictionary paper_ex_state). */
export const HAND_REASONS = {
  user: { exState: 0, exMsg: '' },
  timeout: { exState: 0, exMsg: '考试时间到，系统自动交卷' },
  leave: { exState: 2, exMsg: '切屏次数超过限制，系统强制交卷' },
  face: { exState: 2, exMsg: '人脸识别连续失败，系统强制交卷' },
  /** A proctor's forced hand-in; the proctor's own exState and reason (note) take precedence. */
  force: { exState: 2, exMsg: '管理员强制交卷' },
} as const;
export type HandReason = keyof typeof HAND_REASONS;

/**
 * Hands a paper in, once: locks the paper row, grades every question with the shared grading module,
 * stores results and scores, updates the learner's exam stats and the book, all in one transaction.
 * A second call (double click, another replica, the scheduler) finds the paper no longer open and
 * only reports its state. Short answers leave the paper in 1 待阅卷, otherwise 2 已考完.
 */
export async function handIn(
  db: Db,
  paperId: string,
  reason: HandReason,
  /** A proctor's forced hand-in states its own exState and message (spec admin "Force-hand-all form"). */
  note?: { exState: number; exMsg: string },
): Promise<{ state: number; handed: boolean }> {
  const { elPaper, elPaperQu, elExam, elExamUser } = schema;
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(elPaper).where(eq(elPaper.id, paperId)).for('update');
    if (!p || p.state !== 0) return { state: p?.state ?? -1, handed: false };
    const [exam] = await tx.select().from(elExam).where(eq(elExam.id, p.examId));
    const rows = await tx.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId));
    const qs = await loadQuestions(tx, rows.map((r) => r.quId));
    let total = 0;
    let review = false;
    const graded: [string, boolean][] = [];
    const results = rows.map((r) => {
      const q = qs.get(r.quId);
      const answer = (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer;
      // A question deleted since the paper was drawn earns nothing rather than failing the hand-in.
      const g: GradeResult = q ? gradeQuestion(toGrade(q, r.score), answer, { partialMultiple: exam.partialMultiple }) : { right: false, score: 0, review: false };
      total += g.score;
      review ||= g.review;
      if (!g.review && q) graded.push([r.quId, g.right]);
      return { quId: r.quId, g };
    });
    await storeResults(tx, paperId, results);
    const now = new Date();
    const state = review ? 1 : 2;
    const userScore = round2(total);
    const passed = state === 2 && userScore >= p.qualifyScore;
    await tx.update(elPaper).set({
      state, handTime: now, objScore: userScore, userScore, passed, ...(note ?? HAND_REASONS[reason]), updateTime: now,
    }).where(eq(elPaper.id, paperId));
    // Stats: every hand-in is a try; best score and pass only from final results (review publishes the rest).
    const best = state === 2 ? userScore : 0;
    await tx.insert(elExamUser).values({ examId: p.examId, userId: p.userId, tryCount: 1, maxScore: best, passed }).onConflictDoUpdate({
      target: [elExamUser.examId, elExamUser.userId],
      set: {
        tryCount: sql`${elExamUser.tryCount} + 1`,
        maxScore: sql`greatest(${elExamUser.maxScore}, ${best})`,
        passed: sql`${elExamUser.passed} or ${passed}`,
        updateTime: now,
      },
    });
    // The book's own rule (shared with training): wrong answers go in, right ones leave the wrong list.
    if (exam.showBook) {
      for (const [quId, right] of graded) await recordAnswerInBook(tx, { userId: p.userId, refType: 'exam', refId: p.examId, quId }, right);
    }
    return { state, handed: true };
  });
}

/** Every question's result in one statement (a paper has tens of questions; one round trip, not tens). */
async function storeResults(tx: Tx, paperId: string, results: { quId: string; g: GradeResult }[]) {
  if (!results.length) return;
  const values = sql.join(results.map(({ quId, g }) => sql`(${quId}, ${g.review ? null : g.right}::boolean, ${g.score}::numeric, ${g.review}::boolean, ${JSON.stringify({ subs: g.subs, keywordHits: g.keywordHits })})`), sql`, `);
  await tx.execute(sql`update el_paper_qu as q set is_right = v.is_right, actual_score = v.score, review = v.review, result = v.result
    from (values ${values}) as v(qu_id, is_right, score, review, result) where q.paper_id = ${paperId} and q.qu_id = v.qu_id`);
}
