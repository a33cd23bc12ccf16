import { QU_TYPE_TITLES, type QuSolution, type QuView, abcOf } from '@exam/contracts';
import { type GradeQu, QuType, SCALE_TYPES } from '../grading';
import type { FullQu } from './load';

/** Matching right-hand items in a stable order that says nothing about the pairs (sorted by text). */
export const rightItems = (q: Pick<FullQu, 'options'>) =>
  [...new Set(q.options.map((o) => o.answer.trim()))].sort((a, b) => a.localeCompare(b, 'zh'));

function viewOf(q: FullQu) {
  return {
    id: q.id,
    quType: q.quType,
    quType_dictText: QU_TYPE_TITLES[q.quType] ?? '',
    level: q.level,
    content: q.content,
    // Fill-in blanks and matching pairs carry their answers: only their count or left side leaves.
    answerList:
      q.quType === QuType.FILL
        ? []
        : q.options.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image })),
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

const gradeOf = (q: FullQu): GradeQu => ({
  id: q.id,
  quType: q.quType,
  keywords: q.keywords,
  options: q.options.map((o) => ({
    id: o.id,
    isRight: o.isRight,
    score: o.score,
    answer: o.answer,
    content: o.content,
  })),
  subList: q.subs.map(gradeOf),
});

/**
 * What the grading module needs; `score` is the question's worth in an exam paper (composite children
 * share it equally), left out in training (a question is worth 1 there).
 */
export const toGrade = (q: FullQu, score?: number): GradeQu =>
  score === undefined ? gradeOf(q) : { ...gradeOf(q), score };
