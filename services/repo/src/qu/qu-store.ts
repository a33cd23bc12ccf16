import { QU_TYPE_TITLES, type QuSolution, type QuView, abcOf } from '@exam/contracts';
import { type Db, type GradeQu, type Tx, QuType, SCALE_TYPES, schema } from '@exam/server-kit';
import { asc, inArray } from 'drizzle-orm';

type QuRecord = typeof schema.elQu.$inferSelect;
type OptionRecord = typeof schema.elQuAnswer.$inferSelect;
/** A question with its options and (composite) children, as stored. */
export type FullQu = QuRecord & { options: OptionRecord[]; subs: FullQu[] };

/** Loads questions by id with options and children, in the order of `ids`. */
export async function loadQuestions(db: Db | Tx, ids: string[]): Promise<Map<string, FullQu>> {
  const { elQu, elQuAnswer } = schema;
  const out = new Map<string, FullQu>();
  if (!ids.length) return out;
  const tops = await db.select().from(elQu).where(inArray(elQu.id, ids));
  const compIds = tops.filter((q) => q.quType === QuType.COMPOSITE).map((q) => q.id);
  const kids = compIds.length ? await db.select().from(elQu).where(inArray(elQu.parentId, compIds)).orderBy(asc(elQu.sort), asc(elQu.id)) : [];
  const all = [...tops, ...kids];
  const opts = await db.select().from(elQuAnswer).where(inArray(elQuAnswer.quId, all.map((q) => q.id))).orderBy(asc(elQuAnswer.sort), asc(elQuAnswer.id));
  const full = new Map(all.map((q) => [q.id, { ...q, options: [], subs: [] } as FullQu]));
  for (const o of opts) full.get(o.quId)?.options.push(o);
  for (const k of kids) full.get(k.parentId)?.subs.push(full.get(k.id)!);
  for (const id of ids) {
    const q = full.get(id);
    if (q && q.parentId === '') out.set(id, q);
  }
  return out;
}

/** Matching right-hand items in a stable order that says nothing about the pairs (sorted by text). */
const rightItems = (q: FullQu) => [...new Set(q.options.map((o) => o.answer.trim()))].sort((a, b) => a.localeCompare(b, 'zh'));

function viewOf(q: FullQu) {
  return {
    id: q.id,
    quType: q.quType,
    quType_dictText: QU_TYPE_TITLES[q.quType] ?? '',
    level: q.level,
    content: q.content,
    // Fill-in blanks and matching pairs carry their answers: only their count or left side leaves.
    answerList: q.quType === QuType.FILL ? [] : q.options.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image })),
    blankCount: q.quType === QuType.FILL ? q.options.length : 0,
    rightList: q.quType === QuType.MATCH ? rightItems(q) : [],
  };
}

/** The question as a learner may see it before answering. */
export const toView = (q: FullQu): QuView => ({ ...viewOf(q), subList: q.subs.map(viewOf) });

function solutionOf(q: FullQu) {
  return {
    quId: q.id,
    analysis: q.analysis,
    rightIds: q.options.filter((o) => o.isRight).map((o) => o.id),
    blankAnswers: q.quType === QuType.FILL ? q.options.map((o) => o.answer) : [],
    pairAnswers: q.quType === QuType.MATCH ? q.options.map((o) => o.answer) : [],
    optionScores: SCALE_TYPES.includes(q.quType) ? q.options.map((o) => ({ id: o.id, score: o.score })) : [],
    refAnswer: q.refAnswer,
  };
}

/** The right answer and analysis: only after the learner answered (or in remember mode). */
export const toSolution = (q: FullQu): QuSolution => ({ ...solutionOf(q), subList: q.subs.map(solutionOf) });

/** What the grading module needs. */
export const toGrade = (q: FullQu): GradeQu => ({
  id: q.id,
  quType: q.quType,
  keywords: q.keywords,
  options: q.options.map((o) => ({ id: o.id, isRight: o.isRight, score: o.score, answer: o.answer, content: o.content })),
  subList: q.subs.map(toGrade),
});
