import type { ExamRule } from '@exam/contracts';
import { type Db, type Tx, contains, newId, notFound, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';

const { elExam, elExamRule, elExamPerson, elPaper, elQu, elQuAnswer, sysDicValue } = schema;
export type ExamRecord = typeof elExam.$inferSelect;
type ExamFields = Omit<typeof elExam.$inferInsert, 'id' | 'createBy' | 'createTime'>;

export async function examById(db: Db | Tx, id: string): Promise<ExamRecord> {
  const [e] = await db.select().from(elExam).where(eq(elExam.id, id));
  if (!e) throw notFound('考试不存在或已删除！');
  return e;
}

/** Whether the exam is there (without reading it). */
export const examExists = async (db: Db, id: string) =>
  (await db.select({ id: elExam.id }).from(elExam).where(eq(elExam.id, id))).length > 0;

export async function rulesOf(db: Db | Tx, examId: string): Promise<ExamRule[]> {
  const r = elExamRule;
  const rows = await db.select().from(r).where(eq(r.examId, examId)).orderBy(asc(r.sort));
  return rows.map((x) => ({
    title: x.title,
    quType: x.quType as ExamRule['quType'],
    repoIds: x.repoIds,
    level: x.level as 0 | 1 | 2,
    count: x.count,
    score: x.score,
    quIds: x.quIds,
  }));
}

/** Whether the learner is named on the exam (open type 3). */
export const isNamed = async (db: Db | Tx, examId: string, userId: string) =>
  (
    await db
      .select({ u: elExamPerson.userId })
      .from(elExamPerson)
      .where(and(eq(elExamPerson.examId, examId), eq(elExamPerson.userId, userId)))
  ).length > 0;

/** The people named on the exam (open type 3). */
export const peopleOf = async (db: Db, examId: string) =>
  (await db.select({ u: elExamPerson.userId }).from(elExamPerson).where(eq(elExamPerson.examId, examId))).map(
    (r) => r.u,
  );

export type ExamFilter = { title?: string; excludes?: string[] };
const listCond = (p: ExamFilter) =>
  and(
    p.title ? contains(elExam.title, p.title) : undefined,
    p.excludes?.length ? notInArray(elExam.id, p.excludes) : undefined,
  );

/** A page of exams, newest first, with the exam type's title (dictionary exam_type). */
export const examRows = (db: Db, p: ExamFilter, limit: number, offset: number) =>
  db
    .select({ e: elExam, typeTitle: sysDicValue.title })
    .from(elExam)
    .leftJoin(
      sysDicValue,
      and(eq(sysDicValue.dicCode, 'exam_type'), eq(sysDicValue.value, sql`${elExam.examType}::text`)),
    )
    .where(listCond(p))
    .orderBy(desc(elExam.createTime), desc(elExam.id))
    .limit(limit)
    .offset(offset);

export const examCount = async (db: Db, p: ExamFilter) =>
  Number((await db.select({ n: count() }).from(elExam).where(listCond(p)))[0].n);

/** The stems of questions (fixed groups' titles on the admin form). */
export const questionStems = (db: Db, ids: string[]) =>
  db.select({ id: elQu.id, content: elQu.content }).from(elQu).where(inArray(elQu.id, ids));

/** Updates an exam and drops its rules and people (to be written again); false when it is gone. */
export async function updateExam(tx: Tx, id: string, values: ExamFields): Promise<boolean> {
  const done = await tx.update(elExam).set(values).where(eq(elExam.id, id)).returning({ id: elExam.id });
  if (!done.length) return false;
  await tx.delete(elExamRule).where(eq(elExamRule.examId, id));
  await tx.delete(elExamPerson).where(eq(elExamPerson.examId, id));
  return true;
}

export const insertExam = (tx: Tx, row: ExamFields & { id: string; createBy: string }) => tx.insert(elExam).values(row);

/** Writes an exam's rules in their order, and its people (open type 3). */
export async function insertRulesAndPeople(tx: Tx, examId: string, rules: ExamRule[], people: string[]) {
  await tx.insert(elExamRule).values(
    rules.map((r, sort) => ({
      id: newId(),
      examId,
      sort,
      title: r.title.trim(),
      quType: r.quType,
      repoIds: r.quIds?.length ? [] : (r.repoIds ?? []),
      level: r.level ?? 0,
      count: r.quIds?.length ? r.quIds.length : (r.count ?? 0),
      score: r.score,
      quIds: r.quIds ?? [],
    })),
  );
  if (people.length) await tx.insert(elExamPerson).values(people.map((userId) => ({ examId, userId })));
}

/** How many papers the exams have. */
export const paperCount = async (tx: Tx, examIds: string[]) =>
  Number((await tx.select({ n: count() }).from(elPaper).where(inArray(elPaper.examId, examIds)))[0].n);

export const deleteExams = (tx: Tx, ids: string[]) => tx.delete(elExam).where(inArray(elExam.id, ids));

export const setState = (db: Db, ids: string[], state: number) =>
  db.update(elExam).set({ state, updateTime: new Date() }).where(inArray(elExam.id, ids));

/** Drawing's view of the banks: which questions the rules may draw from. */
export type PoolScope = { fixedIds: string[]; repoIds: string[] };

/** A question's version as the caches key it: its update time in ms (every edit of it, its options or children sets it). */
const quVer = sql<number>`floor(extract(epoch from ${elQu.updateTime}) * 1000)::float8`;

/** The fixed groups' questions: id, type, parent (a child cannot be drawn) and version. */
export const fixedQuestions = (db: Db | Tx, ids: string[]) =>
  db
    .select({ id: elQu.id, quType: elQu.quType, parentId: elQu.parentId, ver: quVer })
    .from(elQu)
    .where(inArray(elQu.id, ids));

/** Every random group's candidates in one query (ids, types, levels, versions; no content), split per group when drawing. */
export const candidateQuestions = (db: Db | Tx, repoIds: string[], quTypes: number[]) =>
  db
    .select({ id: elQu.id, repoId: elQu.repoId, quType: elQu.quType, level: elQu.level, ver: quVer })
    .from(elQu)
    .where(and(inArray(elQu.repoId, repoIds), eq(elQu.parentId, ''), inArray(elQu.quType, quTypes)))
    .orderBy(elQu.id);

/** The banks' questions and the fixed ones with their children. */
const inScope = (s: PoolScope) =>
  or(
    s.repoIds.length ? inArray(elQu.repoId, s.repoIds) : undefined,
    s.fixedIds.length ? inArray(elQu.id, s.fixedIds) : undefined,
    s.fixedIds.length ? inArray(elQu.parentId, s.fixedIds) : undefined,
  );

/** Children of the questions in scope, in the order loadQuestions uses. */
export const childrenInScope = (db: Db | Tx, s: PoolScope) =>
  db
    .select({ id: elQu.id, parentId: elQu.parentId, quType: elQu.quType })
    .from(elQu)
    .where(and(ne(elQu.parentId, ''), inScope(s)))
    .orderBy(asc(elQu.sort), asc(elQu.id));

/** Option ids of the questions in scope (and their children), in the order loadQuestions uses. */
export const optionsInScope = (db: Db | Tx, s: PoolScope) =>
  db
    .select({ id: elQuAnswer.id, quId: elQuAnswer.quId })
    .from(elQuAnswer)
    .innerJoin(elQu, eq(elQu.id, elQuAnswer.quId))
    .where(inScope(s))
    .orderBy(asc(elQuAnswer.sort), asc(elQuAnswer.id));
