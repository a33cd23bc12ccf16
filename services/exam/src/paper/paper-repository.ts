import { type FillAnswerItemRes, PaperState } from '@exam/contracts';
import { type Db, type Tx, newId, notFound, preparedOn, preparedRows, rowsOf, schema } from '@exam/server-kit';
import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

const { elPaper, elPaperQu, elExam, elExamUser, elQu, sysUser, paperColumns } = schema;
/** A paper without its layout (el_paper.qus), which only the paper's own calls read. */
export type PaperRecord = Omit<typeof elPaper.$inferSelect, 'qus'>;
export type PaperQuRecord = typeof elPaperQu.$inferSelect;
export type PaperLayoutQu = schema.PaperLayoutQu;
export const { layoutOf } = schema;
/** An open paper in SQL text: a literal, like the predicate of the partial indexes on el_paper (state = 0). */
const OPEN = sql.raw(String(PaperState.OPEN));
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`;

/** The learner's own paper; another learner's id is simply not found. */
export async function ownPaper(db: Db | Tx, userId: string, id: string): Promise<PaperRecord> {
  const [row] = await db
    .select(paperColumns)
    .from(elPaper)
    .where(and(eq(elPaper.id, id), eq(elPaper.userId, userId)));
  if (!row) throw notFound('试卷不存在！');
  return row;
}

/** What the exam screen needs of a paper's questions: the layout's entry, the sort, and the saved answer. */
export type PaperQuView = Pick<
  PaperQuRecord,
  'paperId' | 'quId' | 'quType' | 'groupNo' | 'sort' | 'score' | 'optOrder' | 'answer' | 'answered' | 'mark' | 'seq'
> & { ver: number };

type SavedRow = { quId: string; answer: string; answered: boolean; mark: boolean; seq: number };

const ownPaperQuery = preparedOn((db) =>
  db
    .select({
      p: paperColumns,
      qus: elPaper.qus,
      saved: sql<string | null>`(select json_agg(json_build_object(
      'quId', a.qu_id, 'answer', a.answer, 'answered', a.answered, 'mark', a.mark, 'seq', a.seq))::text
    from el_paper_answer a where a.paper_id = el_paper.id)`,
    })
    .from(elPaper)
    .where(and(eq(elPaper.id, sql.placeholder('id')), eq(elPaper.userId, sql.placeholder('userId'))))
    .prepare('paper_own_with_qus'),
);

/**
 * The learner's own paper with its questions in the paper's order, in one statement reading one paper row (the
 * layout) and the answer rows saved so far (none on a new paper; as one JSON text: one JSON.parse instead of the
 * driver's row-by-row parsing). Nothing is read of the questions themselves: the versions are in the layout.
 */
export async function ownPaperWithQus(
  db: Db,
  userId: string,
  id: string,
): Promise<{ p: PaperRecord; rows: PaperQuView[] }> {
  const [row] = await ownPaperQuery(db).execute({ id, userId });
  if (!row) throw notFound('试卷不存在！');
  const saved = new Map((JSON.parse(row.saved ?? '[]') as SavedRow[]).map((a) => [a.quId, a]));
  const rows = layoutOf(row.qus).map((l, sort): PaperQuView => {
    const a = saved.get(l.quId);
    return {
      paperId: id,
      quId: l.quId,
      quType: l.quType,
      groupNo: l.groupNo,
      sort,
      score: l.score,
      optOrder: l.optOrder,
      ver: l.ver,
      answer: a?.answer ?? '',
      answered: a?.answered ?? false,
      mark: a?.mark ?? false,
      seq: Number(a?.seq ?? 0),
    };
  });
  return { p: row.p, rows };
}

/** One question row of a paper. */
export const paperQuRow = async (db: Db, paperId: string, quId: string): Promise<PaperQuRecord | undefined> =>
  (
    await db
      .select()
      .from(elPaperQu)
      .where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId)))
  )[0];

/** A paper's questions with their answers and results, in the paper's order (the el_paper_qu view). */
export const paperQuRows = (db: Db, paperId: string) =>
  db.select().from(elPaperQu).where(eq(elPaperQu.paperId, paperId)).orderBy(asc(elPaperQu.sort));

/** The learner's latest open paper (of an exam, when given) with the exam's title. */
export const latestOpenPaper = async (db: Db, userId: string, examId?: string) =>
  (
    await db
      .select({ p: paperColumns, title: elExam.title })
      .from(elPaper)
      .innerJoin(elExam, eq(elExam.id, elPaper.examId))
      .where(
        and(
          eq(elPaper.userId, userId),
          eq(elPaper.state, PaperState.OPEN),
          examId ? eq(elPaper.examId, examId) : undefined,
        ),
      )
      .orderBy(desc(elPaper.createTime))
      .limit(1)
  )[0];

export type PaperFilter = { userId?: string; examId?: string };
const listCond = (f: PaperFilter) =>
  and(f.userId ? eq(elPaper.userId, f.userId) : undefined, f.examId ? eq(elPaper.examId, f.examId) : undefined);

/** A page of papers, newest first, with the exam's title and result rule and the learner's name. */
export const paperRows = (db: Db, f: PaperFilter, limit: number, offset: number) =>
  db
    .select({ p: paperColumns, title: elExam.title, resultType: elExam.resultType, realName: sysUser.realName })
    .from(elPaper)
    .innerJoin(elExam, eq(elExam.id, elPaper.examId))
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
    .where(listCond(f))
    .orderBy(desc(elPaper.createTime), desc(elPaper.id))
    .limit(limit)
    .offset(offset);

export const paperCount = async (db: Db, f: PaperFilter) =>
  Number((await db.select({ n: count() }).from(elPaper).where(listCond(f)))[0].n);

/** The learner's papers of an exam (the open one and the count of tries). */
export const papersOfLearner = (db: Db, examId: string, userId: string) =>
  papersOfLearnerQuery(db).execute({ examId, userId });
const papersOfLearnerQuery = preparedOn((db) =>
  db
    .select({ id: elPaper.id, limitTime: elPaper.limitTime, state: elPaper.state })
    .from(elPaper)
    .where(and(eq(elPaper.examId, sql.placeholder('examId')), eq(elPaper.userId, sql.placeholder('userId'))))
    .prepare('paper_of_learner'),
);

export type NewPaper = {
  id: string;
  examId: string;
  userId: string;
  groups: unknown;
  qus: PaperLayoutQu[];
  quCount: number;
  totalScore: number;
  qualifyScore: number;
  startTime: Date;
  limitTime: Date;
  byApply: boolean;
};

/** A paper is one row: its questions are its layout (el_paper.qus); answers get rows when first saved. */
export const insertPaper = (q: Db | Tx, p: NewPaper) =>
  q.insert(elPaper).values({ ...p, groups: p.groups as schema.PaperGroup[], qus: JSON.stringify(p.qus) });

/** The learner's stats row of an exam (tries, best score, points paid). */
export const examUserRow = async (tx: Tx, examId: string, userId: string) =>
  (
    await tx
      .select()
      .from(elExamUser)
      .where(and(eq(elExamUser.examId, examId), eq(elExamUser.userId, userId)))
  )[0];

export const markPointsPaid = (tx: Tx, examId: string, userId: string) =>
  tx
    .insert(elExamUser)
    .values({ examId, userId, pointsPaid: true })
    .onConflictDoUpdate({ target: [elExamUser.examId, elExamUser.userId], set: { pointsPaid: true } });

/** One save of one question: the answer as stored ('' when none is sent) and whether it says anything; the mark when sent. */
export type AnswerSave = {
  quId: string;
  answer: string;
  answered: boolean;
  hasAnswer: boolean;
  mark: boolean;
  hasMark: boolean;
  seq: number;
};
type SaveResult = {
  state: number;
  limit_time: string | Date;
  saved: FillAnswerItemRes[] | null;
  current: FillAnswerItemRes[] | null;
};

/**
 * Every save of a call in ONE statement, the function `el_save_answers` (migration 0031, which says how it is fenced
 * from a hand-in's grading) through a named prepared statement: a question's first save writes its answer row, later
 * ones update it. It checks the owner, the deadline (`cutoff`: now minus the grace) and the sequence: a save with a
 * smaller seq than the stored one is dropped (stale); a save without an answer (or a mark) keeps the stored one.
 * Updates touch no indexed column (HOT; migration 0029's fillfactor). Returns the paper's state and deadline with
 * the rows saved and the current rows of the stale ones (none: no such paper of the learner).
 */
export async function saveAnswers(
  db: Db,
  paperId: string,
  userId: string,
  cutoff: Date,
  items: AnswerSave[],
): Promise<SaveResult | undefined> {
  const [row] = await preparedRows<{ r: SaveResult | null }>(
    db,
    'el_save_answers',
    'select el_save_answers($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) as r',
    [
      paperId,
      userId,
      cutoff.toISOString(),
      items.map((b) => b.quId),
      items.map((b) => b.answer),
      items.map((b) => b.answered),
      items.map((b) => b.hasAnswer),
      items.map((b) => b.mark),
      items.map((b) => b.hasMark),
      items.map((b) => b.seq),
    ],
  );
  return row?.r ?? undefined;
}

/** The advisory lock class of a paper's saves: the first key `el_save_answers` (migration 0031) takes it with. */
const SAVE_FENCE = 4201;

/** The fence of saves (el_save_answers): held exclusively by the grading of these papers until it commits. */
export const fenceSaves = (tx: Tx, paperIds: string[]) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(${SAVE_FENCE}, hashtext(id)) from (select id from (values ${sql.join(
      paperIds.map((id) => sql`(${id}::text)`),
      sql`, `,
    )}) v(id) order by hashtext(id)) s`,
  );

/** Which open papers a hand-in marks: one paper, those past a time, or an exam's. */
export type HandWhich = { paperId: string } | { dueBefore: Date } | { examId: string };
const whichSql = (w: HandWhich): SQL =>
  'paperId' in w
    ? sql`id = ${w.paperId}`
    : 'dueBefore' in w
      ? sql`limit_time < ${w.dueBefore.toISOString()}::timestamptz`
      : sql`exam_id = ${w.examId}`;

/**
 * Marks the open papers `which` selects handed in (state 阅卷中) and, in the same statement, enqueues one
 * grading job each and counts the try in the learner's exam stats. A save still under way when it commits is
 * read by the grading all the same (`fenceSaves`). A paper already handed in is not selected.
 * Returns the papers marked and their learners.
 */
export async function markHanded(
  db: Db | Tx,
  which: HandWhich,
  ex: { exState: number; exMsg: string },
  job: { queue: string; attempts: number },
): Promise<{ id: string; userId: string }[]> {
  const now = new Date().toISOString();
  const res = await db.execute(sql`
    with m as (
      update el_paper set state = ${PaperState.GRADING}, hand_time = ${now}::timestamptz, ex_state = ${ex.exState}, ex_msg = ${ex.exMsg}, update_time = now()
      where state = ${OPEN} and ${whichSql(which)}
      returning id, exam_id, user_id),
    j as (
      insert into sys_job (id, queue, payload, max_attempts)
      select ${newId()} || '-' || m.id, ${job.queue}, jsonb_build_object('paperId', m.id), ${job.attempts} from m),
    s as (
      insert into el_exam_user (exam_id, user_id, try_count) select exam_id, user_id, 1 from m
      on conflict (exam_id, user_id) do update set try_count = el_exam_user.try_count + 1, update_time = now())
    select id, user_id as "userId" from m`);
  return (res as unknown as { rows: { id: string; userId: string }[] }).rows;
}

/** A paper's state (undefined when there is no such paper). */
export async function paperState(db: Db, id: string): Promise<number | undefined> {
  const res = await db.execute(sql`select state from el_paper where id = ${id}`);
  return (res as unknown as { rows: { state: number }[] }).rows[0]?.state;
}

/** The paper's learner and layout (questions, types, option orders) for checking saves. */
export const paperLayout = async (db: Db, paperId: string) =>
  (await db.select({ userId: elPaper.userId, qus: elPaper.qus }).from(elPaper).where(eq(elPaper.id, paperId)))[0];

/** The children of composite questions with their types. */
export const childTypes = (db: Db, compIds: string[]) =>
  db
    .select({ id: elQu.id, parentId: elQu.parentId, quType: elQu.quType })
    .from(elQu)
    .where(inArray(elQu.parentId, compIds));

/** Counts one leave of an open paper; its leave count now, or undefined when the paper is no longer open. */
export const countLeave = async (db: Db, paperId: string) =>
  (
    await db
      .update(elPaper)
      .set({ leaveTimes: sql`${elPaper.leaveTimes} + 1`, updateTime: new Date() })
      .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.OPEN)))
      .returning({ leaveTimes: elPaper.leaveTimes })
  )[0]?.leaveTimes;

/** Applies a face comparison to an open paper (a pass resets the failures, a fail adds one); the paper, or undefined when not open. */
export const countFaceCheck = async (tx: Tx, paperId: string, pass: boolean) =>
  (
    await tx
      .update(elPaper)
      .set({ faceFails: pass ? 0 : sql`${elPaper.faceFails} + 1`, updateTime: new Date() })
      .where(and(eq(elPaper.id, paperId), eq(elPaper.state, PaperState.OPEN)))
      .returning()
  )[0];

/** A paper's exam and learner. */
export const paperOwner = async (db: Db, id: string) =>
  (await db.select({ examId: elPaper.examId, userId: elPaper.userId }).from(elPaper).where(eq(elPaper.id, id)))[0];

/** What grading reads of a question: the layout's entry and the saved answer ('' and false when never saved). */
export type GradeRow = {
  paperId: string;
  quId: string;
  score: number;
  answer: string;
  answered: boolean;
  /** Whether the question has an answer row (saved at least once). */
  saved: boolean;
  ver: number;
};

/** Handed-in papers still waiting for their grade (state 阅卷中), locked until the grading commits. */
export const lockGrading = (tx: Tx, ids: string[]) =>
  tx
    .select()
    .from(elPaper)
    .where(and(inArray(elPaper.id, ids), eq(elPaper.state, PaperState.GRADING)))
    .for('update');

/** The answer rows of papers (the questions saved at least once), as plain rows. */
export const savedAnswers = async (tx: Tx, paperIds: string[]) =>
  rowsOf<{ paperId: string; quId: string; answer: string; answered: boolean }>(
    await tx.execute(sql`select paper_id as "paperId", qu_id as "quId", answer, answered from el_paper_answer
    where paper_id in (${sql.join(
      paperIds.map((id) => sql`${id}`),
      sql`, `,
    )})`),
  );

/** The grading settings of exams. */
export const gradingExams = (tx: Tx, examIds: string[]) =>
  tx
    .select({ id: elExam.id, partialMultiple: elExam.partialMultiple, showBook: elExam.showBook })
    .from(elExam)
    .where(inArray(elExam.id, examIds));

export type QuResult = {
  paper_id: string;
  qu_id: string;
  is_right: boolean | null;
  score: number;
  review: boolean;
  result: string;
};
export type PaperResultSet = { id: string; state: number; score: number; passed: boolean };
export type ExamUserStat = { exam_id: string; user_id: string; best: number; passed: boolean };

/** Question results, set-based (one statement): into the answer row, written for a question never saved. */
export const writeQuResults = (tx: Tx, results: QuResult[]) =>
  tx.execute(sql`insert into el_paper_answer as a (paper_id, qu_id, is_right, actual_score, review, result)
    select v.paper_id, v.qu_id, v.is_right, v.score, v.review, v.result
    from jsonb_to_recordset(${json(results)}) as v(paper_id text, qu_id text, is_right boolean, score numeric, review boolean, result text)
    on conflict (paper_id, qu_id) do update set is_right = excluded.is_right, actual_score = excluded.actual_score,
      review = excluded.review, result = excluded.result`);

/** Every paper's state, score and pass, set-based. */
export const writePaperResults = (tx: Tx, papers: PaperResultSet[]) =>
  tx.execute(sql`update el_paper as p set state = v.state, obj_score = v.score, user_score = v.score, passed = v.passed, update_time = now()
    from jsonb_to_recordset(${json(papers)}) as v(id text, state int, score numeric, passed boolean) where p.id = v.id`);

/** Raises the learners' best score and pass (the try was counted at the mark), set-based. */
export const raiseExamStats = (tx: Tx, stats: ExamUserStat[]) =>
  tx.execute(sql`insert into el_exam_user (exam_id, user_id, try_count, max_score, passed)
    select v.exam_id, v.user_id, 1, v.best, v.passed from jsonb_to_recordset(${json(stats)}) as v(exam_id text, user_id text, best numeric, passed boolean)
    on conflict (exam_id, user_id) do update set max_score = greatest(el_exam_user.max_score, excluded.max_score),
      passed = el_exam_user.passed or excluded.passed, update_time = now()`);
