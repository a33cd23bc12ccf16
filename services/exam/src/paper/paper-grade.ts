import { PaperState } from '@exam/contracts';
import {
  type Db, type FullQu, type GradeResult, type LearnerAnswer, type Tx, gradeQuestion, recordAnswersInBook, round2, rowsOf, schema, toGrade,
} from '@exam/server-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** What grading reads of a question row, and the question's version (its update time, ms). */
type GradeRow = { paperId: string; quId: string; score: number; answer: string; answered: boolean; ver: number };
/** Questions by version (exam-cache's `graded`): loaded once per replica, not once per batch. */
export type GradeQus = { get(wanted: { quId: string; ver: number }[], via?: Db | Tx): Promise<Map<string, FullQu>> };

/** One paper graded in memory: its question results, scores, and the answers the book records. */
function gradeOne(p: typeof schema.elPaper.$inferSelect, rows: GradeRow[], qs: Map<string, FullQu>, partialMultiple: boolean) {
  let total = 0;
  let review = false;
  const book: { quId: string; right: boolean }[] = [];
  const results = rows.map((r) => {
    const q = qs.get(r.quId);
    const answer = (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer;
    // A question deleted since the paper was drawn earns nothing rather than failing the hand-in.
    const g: GradeResult = q ? gradeQuestion(toGrade(q, r.score), answer, { partialMultiple }) : { right: false, score: 0, review: false };
    total += g.score;
    review ||= g.review;
    // The wrong-answer book holds answers that were wrong: a question left blank was not answered wrongly.
    if (!g.review && q && r.answered) book.push({ quId: r.quId, right: g.right });
    return { paper_id: p.id, qu_id: r.quId, is_right: g.review ? null : g.right, score: g.score, review: g.review, result: JSON.stringify({ subs: g.subs, keywordHits: g.keywordHits }) };
  });
  // Short answers leave the paper in 1 待阅卷 (the reviewer publishes), otherwise 2 已考完.
  const state = review ? PaperState.REVIEW : PaperState.DONE;
  const score = round2(total);
  return { results, book, state, score, passed: state === PaperState.DONE && score >= p.qualifyScore };
}

/**
 * Grades handed-in papers (state 4 阅卷中) together, in one transaction and a fixed number of
 * statements whatever the number of papers and questions: read papers (locked), their questions,
 * exams and question contents; write every question result, every paper, the exam-user stats and
 * the book set-based. A paper no longer in state 4 (graded by another worker, whose job was taken
 * over after a crash) is skipped: each paper is graded exactly once. Returns the ids graded.
 */
export async function gradePapers(db: Db, qus: GradeQus, paperIds: string[]): Promise<string[]> {
  const { elPaper, elExam } = schema;
  if (!paperIds.length) return [];
  return db.transaction(async (tx: Tx) => {
    const papers = await tx.select().from(elPaper).where(and(inArray(elPaper.id, paperIds), eq(elPaper.state, PaperState.GRADING))).for('update');
    if (!papers.length) return [];
    const ids = papers.map((p) => p.id);
    // Only the columns grading needs, as plain rows: the driver's and drizzle's per-row mapping of whole
    // rows (JSON option orders, timestamps) was a large part of a batch (exam-scale trace).
    const rows = rowsOf<GradeRow>(await tx.execute(sql`select q.paper_id as "paperId", q.qu_id as "quId", q.score::float8 as score, q.answer, q.answered,
        coalesce(floor(extract(epoch from u.update_time) * 1000), 0)::float8 as ver
      from el_paper_qu q left join el_qu u on u.id = q.qu_id where q.paper_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
    const exams = await tx.select({ id: elExam.id, partialMultiple: elExam.partialMultiple, showBook: elExam.showBook }).from(elExam)
      .where(inArray(elExam.id, [...new Set(papers.map((p) => p.examId))]));
    const versions = new Map(rows.map((r) => [r.quId, r.ver]));
    const qs = await qus.get([...versions].map(([quId, ver]) => ({ quId, ver })), tx);
    const examOf = new Map(exams.map((e) => [e.id, e]));
    const byPaper = new Map<string, GradeRow[]>();
    for (const r of rows) {
      const list = byPaper.get(r.paperId);
      if (list) list.push(r);
      else byPaper.set(r.paperId, [r]);
    }

    const results: ReturnType<typeof gradeOne>['results'] = [];
    const paperSet: { id: string; state: number; score: number; passed: boolean }[] = [];
    const stats = new Map<string, { exam_id: string; user_id: string; best: number; passed: boolean }>();
    const book: Parameters<typeof recordAnswersInBook>[1] = [];
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
      if (e?.showBook) for (const b of g.book) book.push({ userId: p.userId, refType: 'exam', refId: p.examId, ...b });
    }

    if (results.length) {
      await tx.execute(sql`update el_paper_qu as q set is_right = v.is_right, actual_score = v.score, review = v.review, result = v.result
        from jsonb_to_recordset(${json(results)}) as v(paper_id text, qu_id text, is_right boolean, score numeric, review boolean, result text)
        where q.paper_id = v.paper_id and q.qu_id = v.qu_id`);
    }
    await tx.execute(sql`update el_paper as p set state = v.state, obj_score = v.score, user_score = v.score, passed = v.passed, update_time = now()
      from jsonb_to_recordset(${json(paperSet)}) as v(id text, state int, score numeric, passed boolean) where p.id = v.id`);
    await tx.execute(sql`insert into el_exam_user (exam_id, user_id, try_count, max_score, passed)
      select v.exam_id, v.user_id, 1, v.best, v.passed from jsonb_to_recordset(${json([...stats.values()])}) as v(exam_id text, user_id text, best numeric, passed boolean)
      on conflict (exam_id, user_id) do update set max_score = greatest(el_exam_user.max_score, excluded.max_score),
        passed = el_exam_user.passed or excluded.passed, update_time = now()`);
    if (book.length) await recordAnswersInBook(tx, book);
    return ids;
  });
}
