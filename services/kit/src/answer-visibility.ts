import { ExamState, PaperState, ResultType } from '@exam/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { elExam, elExamUser, elPaper, layoutOf } from './db/schema';
import { paperHolds } from './questions/papers';

/**
 * The answer-visibility rule (docs/decisions.md "Answers and results"), shared by the exam and repo
 * services so that every call shows a learner the same thing:
 * 1. while a learner has an open paper, the questions it holds show them no answer anywhere else;
 * 2. what a learner sees of a handed-in paper follows `paperVisibility`, wherever it is shown.
 */

/** What a learner may see of one handed-in paper. */
export type PaperVisibility = {
  /** The score so far (objective part while review is pending). */
  score: boolean;
  /** The final score and pass (published: state 已考完). */
  final: boolean;
  /** Per question: the learner's answers with right/wrong and points. */
  marks: boolean;
  /** Right answers and analysis. */
  solution: boolean;
  /** Why the answer sheet is kept back, for the learner ('' when it is shown or resultType never shows one). */
  note: string;
};

export type PaperFacts = {
  resultType: number;
  /** The paper's state (PaperState). */
  state: number;
  /** The learner may still take the exam again: it is enabled, its window open and tries remain. */
  retakeOpen: boolean;
};

/** States after hand-in (待阅卷, 已考完, 已弃考). */
const HANDED: readonly number[] = [PaperState.REVIEW, PaperState.DONE, PaperState.ABANDONED];
const NOTHING: PaperVisibility = { score: false, final: false, marks: false, solution: false, note: '' };
export const RETAKE_NOTE = '考试尚有作答机会，答卷与答案解析将在考试结束或作答机会用完后公布。';

/** The one decision of what a learner sees of a handed-in paper; unknown values show nothing. */
export function paperVisibility(f: PaperFacts): PaperVisibility {
  if (!HANDED.includes(f.state)) return NOTHING;
  const final = f.state !== PaperState.REVIEW;
  if (f.resultType === ResultType.SCORE) return { ...NOTHING, score: true, final };
  if (f.resultType !== ResultType.SHEET) return NOTHING;
  // The sheet would teach the answers of the next attempt's draw: kept back while retakes remain.
  if (f.retakeOpen) return { ...NOTHING, score: true, final, note: RETAKE_NOTE };
  return { score: true, final, marks: true, solution: true, note: '' };
}

type ExamForRetake = { state: number; endTime: Date; chance: number };
/** Whether the learner may take the exam again: enabled, before its end, and chance 0 (unlimited) or tries left. */
export const retakeOpen = (e: ExamForRetake, tryCount: number, now = new Date()) =>
  e.state === ExamState.NORMAL && now < e.endTime && (e.chance === 0 || tryCount < e.chance);

/** The visibility of one handed-in paper of a learner, reading the exam and the learner's tries. */
export async function visibilityOfPaper(
  db: Db | Tx,
  p: { examId: string; userId: string; state: number },
): Promise<PaperVisibility> {
  const [row] = await db
    .select({ e: elExam, tries: elExamUser.tryCount })
    .from(elExam)
    .leftJoin(elExamUser, and(eq(elExamUser.examId, elExam.id), eq(elExamUser.userId, p.userId)))
    .where(eq(elExam.id, p.examId));
  if (!row) return NOTHING;
  return paperVisibility({
    resultType: row.e.resultType,
    state: p.state,
    retakeOpen: retakeOpen(row.e, row.tries ?? 0),
  });
}

/**
 * What a learner may see of a question under an exam (the book's refType exam): the visibility of
 * their latest handed-in paper of that exam holding it; nothing when none does.
 */
export async function visibilityOfExamQuestion(
  db: Db | Tx,
  userId: string,
  examId: string,
  quId: string,
): Promise<PaperVisibility> {
  const [p] = await db
    .select({ examId: elPaper.examId, userId: elPaper.userId, state: elPaper.state })
    .from(elPaper)
    .where(
      and(
        paperHolds(quId),
        eq(elPaper.userId, userId),
        eq(elPaper.examId, examId),
        inArray(elPaper.state, [...HANDED]),
      ),
    )
    .orderBy(desc(elPaper.createTime), desc(elPaper.id))
    .limit(1);
  return p ? visibilityOfPaper(db, p) : NOTHING;
}

/** Top-level question ids held by the learner's open papers: one indexed query, whatever the number of questions. */
export async function heldQuestionIds(db: Db | Tx, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ qus: elPaper.qus })
    .from(elPaper)
    .where(and(eq(elPaper.userId, userId), eq(elPaper.state, PaperState.OPEN)));
  return new Set(rows.flatMap((r) => layoutOf(r.qus).map((q) => q.quId)));
}

/**
 * A learner's answer gate for one request: the held set is read once, on first use, however many
 * questions the request shows. Create one per request (it must not outlive a hand-in or a new paper).
 */
export function answerGate(db: Db | Tx, userId: string) {
  let held: Promise<Set<string>> | undefined;
  const heldIds = () => (held ??= heldQuestionIds(db, userId));
  return {
    heldIds,
    isHeld: async (quId: string) => (await heldIds()).has(quId),
  };
}
export type AnswerGate = ReturnType<typeof answerGate>;
