// Question types and their groups are domain constants of the contract, shared with the front ends.
export { QuType, QU_TYPES, SCALE_TYPES, CHOICE_TYPES, ONE_CHOICE_TYPES } from '@exam/contracts';

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
