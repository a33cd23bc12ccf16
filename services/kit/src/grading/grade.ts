import { type GradeOptions, type GradeQu, type GradeResult, type LearnerAnswer, QuType, SCALE_TYPES } from './types';

/** Fill-in alternatives are one string joined by `||`; each trimmed, empties ignored. */
export const splitAlternatives = (s: string): string[] =>
  s
    .split('||')
    .map((x) => x.trim())
    .filter(Boolean);

/** Scores are kept to two decimals. */
export const round2 = (n: number) => Math.round(n * 100) / 100;
/** A composite's score is split equally among its children (grading, review and result sheets agree). */
export const compositeShare = (score: number, children: number) => (children ? score / children : 0);
const uniq = (xs: string[] | undefined) => [...new Set(xs ?? [])];
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Grades one answer of one question; pure, shared by training and exams. */
export function gradeQuestion(q: GradeQu, a: LearnerAnswer | undefined, opts: GradeOptions = {}): GradeResult {
  const full = q.score ?? 1;
  const ans = a ?? {};
  switch (q.quType) {
    case QuType.SINGLE:
    case QuType.JUDGE:
    case QuType.MULTIPLE:
      return gradeChoice(q, ans, full, opts);
    case QuType.SHORT:
      return gradeShort(q, ans);
    case QuType.FILL:
      return gradeParts(
        q.options.map((o, i) => splitAlternatives(o.answer).includes((ans.blanks?.[i] ?? '').trim())),
        full,
      );
    case QuType.MATCH:
      return gradeParts(
        q.options.map((o, i) => o.answer.trim() !== '' && o.answer.trim() === (ans.pairs?.[i] ?? '').trim()),
        full,
      );
    case QuType.COMPOSITE:
      return gradeComposite(q, ans, opts);
    default:
      if (SCALE_TYPES.includes(q.quType)) return gradeScale(q, ans);
      throw new Error(`unknown question type ${q.quType}`);
  }
}

function gradeChoice(q: GradeQu, a: LearnerAnswer, full: number, opts: GradeOptions): GradeResult {
  const chosen = uniq(a.answers);
  const right = q.options.filter((o) => o.isRight).map((o) => o.id);
  if (sameSet(chosen, right)) return { right: true, score: full, review: false };
  // Partial credit only for multiple choice, only when asked, and only without a wrong pick.
  if (
    q.quType === QuType.MULTIPLE &&
    opts.partialMultiple &&
    chosen.length > 0 &&
    chosen.every((id) => right.includes(id))
  ) {
    return { right: false, score: round2((full * chosen.length) / right.length), review: false };
  }
  return { right: false, score: 0, review: false };
}

/** Fill-in and matching: each blank or pair earns its share; right only when all are. */
function gradeParts(hits: boolean[], full: number): GradeResult {
  const n = hits.filter(Boolean).length;
  if (hits.length === 0) return { right: false, score: 0, review: false };
  return { right: n === hits.length, score: round2((full * n) / hits.length), review: false };
}

/** Scale and scoring types: the chosen options' scores add up; there is no wrong answer. */
function gradeScale(q: GradeQu, a: LearnerAnswer): GradeResult {
  const chosen = uniq(a.answers);
  const valid = q.options.filter((o) => chosen.includes(o.id));
  // Single-pick scale types count one option at most, whatever the client sent.
  const counted = q.quType === QuType.SCORE_MULTI ? valid : valid.slice(0, 1);
  return { right: counted.length > 0, score: round2(counted.reduce((s, o) => s + o.score, 0)), review: false };
}

function gradeShort(q: GradeQu, a: LearnerAnswer): GradeResult {
  const text = (a.text ?? '').toLowerCase();
  const keywordHits = splitAlternatives(q.keywords ?? '').filter((k) => text.includes(k.toLowerCase()));
  return { right: false, score: 0, review: true, keywordHits };
}

function gradeComposite(q: GradeQu, a: LearnerAnswer, opts: GradeOptions): GradeResult {
  const subs = q.subList ?? [];
  const share = compositeShare(q.score ?? subs.length, subs.length);
  const results: Record<string, GradeResult> = {};
  for (const child of subs) {
    results[child.id] = gradeQuestion({ ...child, score: child.score ?? share }, a.subs?.[child.id], opts);
  }
  const all = Object.values(results);
  return {
    right: all.length > 0 && all.every((r) => r.right),
    score: round2(all.reduce((s, r) => s + r.score, 0)),
    review: all.some((r) => r.review),
    subs: results,
  };
}
