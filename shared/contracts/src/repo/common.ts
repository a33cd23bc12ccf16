import Type from 'typebox';

import { Id } from '../envelope';

/** Question types by name (dictionary qu_type; DESIGN §3, spec learner §4): front ends and services use these. */
export const QuType = {
  SINGLE: 1,
  MULTIPLE: 2,
  JUDGE: 3,
  SHORT: 4,
  FILL: 5,
  MATCH: 6,
  SCALE: 26,
  SCORE_SINGLE: 27,
  SCORE_MULTI: 28,
  COMPOSITE: 99,
} as const;
export const QU_TYPES = [1, 2, 3, 4, 5, 6, 26, 27, 28, 99] as const;
/** Types graded by option scores rather than right flags. */
export const SCALE_TYPES: readonly number[] = [QuType.SCALE, QuType.SCORE_SINGLE, QuType.SCORE_MULTI];
/** Types whose learner answer is a set of option ids. */
export const CHOICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTIPLE, QuType.JUDGE, ...SCALE_TYPES];
/** Types a learner picks exactly one option of. */
export const ONE_CHOICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.JUDGE, QuType.SCALE, QuType.SCORE_SINGLE];

export const QuTypeCode = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(6),
  Type.Literal(26),
  Type.Literal(27),
  Type.Literal(28),
  Type.Literal(99),
]);
export const Rich = Type.String({ maxLength: 100_000 });

/** The learner's answer to one question (grading module's LearnerAnswer). */
const leaf = {
  answers: Type.Optional(Type.Array(Id, { maxItems: 26 })),
  blanks: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 26 })),
  text: Type.Optional(Type.String({ maxLength: 20_000 })),
};
export const LearnerAnswerLeaf = Type.Object(leaf);
export const LearnerAnswer = Type.Object({
  ...leaf,
  subs: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), LearnerAnswerLeaf, { maxProperties: 50 })),
});
export type LearnerAnswer = Type.Static<typeof LearnerAnswer>;

/**
 * Whether an answer gives anything for the question's type: an option (choice and scale types), a
 * blank's text, a pair, written text; a composite when any child has one. The screens send no empty
 * answer, and training refuses one (it would reveal the solution).
 */
export function hasAnswer(
  qu: { quType: number; subList?: { id: string; quType: number }[] },
  a: LearnerAnswer | undefined,
): boolean {
  if (!a) return false;
  if (qu.quType === QuType.COMPOSITE) return (qu.subList ?? []).some((s) => hasAnswer(s, a.subs?.[s.id]));
  if (CHOICE_TYPES.includes(qu.quType)) return !!a.answers?.length;
  if (qu.quType === QuType.FILL) return !!a.blanks?.some((b) => b.trim());
  if (qu.quType === QuType.MATCH) return !!a.pairs?.some((x) => x.trim());
  return !!a.text?.trim();
}

/** A question as a learner sees it before answering: no right flags, scores, answers or analysis. */
export const QuOptionView = Type.Object({
  id: Type.String(),
  abc: Type.String(),
  content: Type.String(),
  image: Type.String(),
});
const QuViewBase = {
  id: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  level: Type.Integer(),
  content: Type.String(),
  answerList: Type.Array(QuOptionView),
  /** Fill-in: how many blanks. */
  blankCount: Type.Integer(),
  /** Matching: the right-hand items, shuffled. */
  rightList: Type.Array(Type.String()),
};
export const QuViewChild = Type.Object(QuViewBase);
export const QuView = Type.Object({ ...QuViewBase, subList: Type.Array(QuViewChild) });
export type QuView = Type.Static<typeof QuView>;

/** The solution, shown after answering (or in remember mode). */
const SolutionBase = {
  quId: Type.String(),
  analysis: Type.String(),
  rightIds: Type.Array(Type.String()),
  /** Fill-in: alternatives per blank. */
  blankAnswers: Type.Array(Type.String()),
  /** Matching: the right-hand item per left item in order. */
  pairAnswers: Type.Array(Type.String()),
  /** Scale types: score per option id. */
  optionScores: Type.Array(Type.Object({ id: Type.String(), score: Type.Number() })),
  refAnswer: Type.String(),
};
export const QuSolutionChild = Type.Object(SolutionBase);
export const QuSolution = Type.Object({ ...SolutionBase, subList: Type.Array(QuSolutionChild) });
export type QuSolution = Type.Static<typeof QuSolution>;

export const RepoCatParams = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  catId: Type.Optional(Type.String({ maxLength: 64 })),
  excludes: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  forTrain: Type.Optional(Type.Boolean()),
});

/** Titles of question types (dictionary qu_type) and training modes (train_mode), for lists and views. */
export const QU_TYPE_TITLES: Record<number, string> = {
  1: '单选',
  2: '多选',
  3: '判断',
  4: '简答',
  5: '填空',
  6: '连线',
  26: '量表',
  27: '单选评分',
  28: '多选评分',
  99: '组合',
};
export const TRAIN_MODE_TITLES: Record<string, string> = {
  sequence: '顺序练习',
  random: '随机练习',
  type: '题型练习',
  wrong: '错题练习',
  repo_rem: '背题模式',
};
export const LEVEL_TITLES: Record<number, string> = { 1: '普通', 2: '较难' };
/** Option tags A–Z. */
export const abcOf = (i: number) => String.fromCharCode(65 + i);
