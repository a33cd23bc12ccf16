/** Question types (DESIGN §3, spec learner §4). */
export const QuType = {
  SINGLE: 1, MULTIPLE: 2, JUDGE: 3, SHORT: 4, FILL: 5, MATCH: 6, SCALE: 26, SCORE_SINGLE: 27, SCORE_MULTI: 28, COMPOSITE: 99,
} as const;
export const QU_TYPES = [1, 2, 3, 4, 5, 6, 26, 27, 28, 99] as const;
/** Types graded by option scores rather than right flags. */
export const SCALE_TYPES: readonly number[] = [26, 27, 28];
/** Types whose learner answer is a set of option ids. */
export const CHOICE_TYPES: readonly number[] = [1, 2, 3, 26, 27, 28];
/** Types a learner picks exactly one option of. */
export const ONE_CHOICE_TYPES: readonly number[] = [1, 3, 26, 27];

/** One option of a question as stored (with its right flag, score and hidden answer). */
export type GradeOption = { id: string; isRight: boolean; score: number; answer: string; content: string };

/** What grading needs of a question. */
export type GradeQu = {
  id: string;
  quType: number;
  options: GradeOption[];
  /** Short answer: keywords joined by `||` (only a hint for the reviewer). */
  keywords?: string;
  subList?: GradeQu[];
  /** Full score of this question; composite children without one share the parent's equally. */
  score?: number;
};

/**
 * A learner's answer: option ids (choice and scale types), blanks in order (fill-in), the chosen right
 * side per left item in order (matching), text (short answer), children by id (composite).
 */
export type LearnerAnswer = {
  answers?: string[];
  blanks?: string[];
  pairs?: string[];
  text?: string;
  subs?: Record<string, LearnerAnswer>;
};

export type GradeResult = {
  /** Entirely right; false for short answers (they wait for a reviewer). */
  right: boolean;
  /** Points earned out of the question's score. */
  score: number;
  /** Needs a reviewer (short answers, or composites containing one). */
  review: boolean;
  /** Short answer: the keywords the text contains (hint for the reviewer). */
  keywordHits?: string[];
  subs?: Record<string, GradeResult>;
};

export type GradeOptions = {
  /** Multiple choice: a subset of the right options without wrong ones earns its share. */
  partialMultiple?: boolean;
};
