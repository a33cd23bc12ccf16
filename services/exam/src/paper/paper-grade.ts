import { type CertEventPayload, PaperState } from '@exam/contracts';
import {
  type Db,
  type FullQu,
  type GradeResult,
  type LearnerAnswer,
  type Tx,
  gradeQuestion,
  recordAnswersInBook,
  round2,
  toGrade,
} from '@exam/server-kit';
import { paperPassed } from './cert-events';
import * as repo from './paper-repository';

/** Questions by version (exam-cache's `graded`): loaded once per replica, not once per batch. */
export type GradeQus = { get(wanted: { quId: string; ver: number }[], via?: Db | Tx): Promise<Map<string, FullQu>> };

/** The result details of a question graded without any (the view's default for a question without a row). */
const NO_DETAILS = '{}';

/** One paper graded in memory: its question results, scores, and the answers the book records. */
function gradeOne(p: repo.PaperRecord, rows: repo.GradeRow[], qs: Map<string, FullQu>, partialMultiple: boolean) {
  let total = 0;
  let review = false;
  const book: { quId: string; right: boolean }[] = [];
  const results = rows.flatMap((r) => {
    const q = qs.get(r.quId);
    const answer = (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer;
    // A question deleted since the paper was drawn earns nothing rather than failing the hand-in.
    const g: GradeResult = q
      ? gradeQuestion(toGrade(q, r.score), answer, { partialMultiple })
      : { right: false, score: 0, review: false };
    total += g.score;
    review ||= g.review;
    // The wrong-answer book holds answers that were wrong: a question left blank was not answered wrongly.
    if (!g.review && q && r.answered) book.push({ quId: r.quId, right: g.right });
    const result = JSON.stringify({ subs: g.subs, keywordHits: g.keywordHits });
    // A question never saved whose result is the default (wrong, 0, no review, no details) gets no row: the
    // el_paper_qu view reads it so. Most of a paper left blank then writes nothing.
    if (!r.saved && !g.right && !g.score && !g.review && result === NO_DETAILS) return [];
    return [
      { paper_id: p.id, qu_id: r.quId, is_right: g.review ? null : g.right, score: g.score, review: g.review, result },
    ];
  });
  // Short answers leave the paper in 1 待阅卷 (the reviewer publishes), otherwise 2 已考完.
  const state = review ? PaperState.REVIEW : PaperState.DONE;
  const score = round2(total);
  return { results, book, state, score, passed: state === PaperState.DONE && score >= p.qualifyScore };
}

/**
 * Grades handed-in papers (state 4 阅卷中) together, in one transaction and a fixed number of
 * statements whatever the number of papers and questions: read papers (locked), their questions,
 * exams and question contents; write every question result, every paper, the exam-user stats, the
 * book and the passed papers' certificate events set-based. A paper no longer in state 4 (graded by
 * another worker, whose job was taken over after a crash) is skipped: each paper is graded exactly
 * once. Returns the ids graded.
 */
export async function gradePapers(db: Db, qus: GradeQus, paperIds: string[]): Promise<string[]> {
  if (!paperIds.length) return [];
  return db.transaction(async (tx: Tx) => {
    const papers = await repo.lockGrading(tx, paperIds);
    if (!papers.length) return [];
    const ids = papers.map((p) => p.id);
    // Saves of these papers under way finish first, and any later one sees the paper handed in (migration 0031).
    await repo.fenceSaves(tx, ids);
    const saved = new Map((await repo.savedAnswers(tx, ids)).map((a) => [`${a.paperId}\u0000${a.quId}`, a]));
    const exams = await repo.gradingExams(tx, [...new Set(papers.map((p) => p.examId))]);
    // Each paper's questions from its layout, with the answer saved for it (none for a question never saved).
    const byPaper = new Map<string, repo.GradeRow[]>();
    const versions = new Map<string, number>();
    for (const p of papers) {
      byPaper.set(
        p.id,
        repo.layoutOf(p.qus).map((l) => {
          versions.set(l.quId, Math.max(versions.get(l.quId) ?? 0, l.ver));
          const a = saved.get(`${p.id}\u0000${l.quId}`);
          return {
            paperId: p.id,
            quId: l.quId,
            score: l.score,
            answer: a?.answer ?? '',
            answered: a?.answered ?? false,
            saved: Boolean(a),
            ver: l.ver,
          };
        }),
      );
    }
    const qs = await qus.get(
      [...versions].map(([quId, ver]) => ({ quId, ver })),
      tx,
    );
    const examOf = new Map(exams.map((e) => [e.id, e]));

    const results: ReturnType<typeof gradeOne>['results'] = [];
    const paperSet: repo.PaperResultSet[] = [];
    const stats = new Map<string, repo.ExamUserStat>();
    const book: Parameters<typeof recordAnswersInBook>[1] = [];
    const passed: CertEventPayload[] = [];
    // Oldest hand-in first, so a key both right and wrong in the batch ends as the learner's last answer.
    for (const p of [...papers].sort((a, b) => (a.handTime?.getTime() ?? 0) - (b.handTime?.getTime() ?? 0))) {
      const e = examOf.get(p.examId);
      const g = gradeOne(p, byPaper.get(p.id) ?? [], qs, e?.partialMultiple ?? false);
      results.push(...g.results);
      paperSet.push({ id: p.id, state: g.state, score: g.score, passed: g.passed });
      // Best score and pass only from final results (review publishes the rest); the try was counted at the mark.
      const key = `${p.examId}\u0000${p.userId}`;
      const s = stats.get(key) ?? { exam_id: p.examId, user_id: p.userId, best: 0, passed: false };
      if (g.state === PaperState.DONE) s.best = Math.max(s.best, g.score);
      s.passed ||= g.passed;
      stats.set(key, s);
      if (g.passed) passed.push({ userId: p.userId, sourceId: p.examId, score: g.score });
      if (e?.showBook) for (const b of g.book) book.push({ userId: p.userId, refType: 'exam', refId: p.examId, ...b });
    }

    if (results.length) await repo.writeQuResults(tx, results);
    await repo.writePaperResults(tx, paperSet);
    await repo.raiseExamStats(tx, [...stats.values()]);
    if (book.length) await recordAnswersInBook(tx, book);
    await paperPassed(db, tx, passed);
    return ids;
  });
}
