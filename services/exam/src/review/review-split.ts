import { type LearnerAnswer, QU_TYPE_TITLES, type ReviewQu, type ReviewQuChild } from '@exam/contracts';
import { type FullQu, type GradeResult, compositeShare, round2 } from '@exam/server-kit';

type Stored = { subs?: Record<string, GradeResult>; keywordHits?: string[] };
type Row = {
  quId: string;
  quType: number;
  sort: number;
  score: number;
  actualScore: number;
  answer: string;
  result: string;
};

const storedResult = (r: Pick<Row, 'result'>): Stored => (r.result ? (JSON.parse(r.result) as Stored) : {});

/**
 * What a reviewer may give a question awaiting review. A short answer: its whole score. A composite:
 * grading (kit `gradeComposite`) splits its score equally among the children and grades the objective
 * ones at hand-in (their points are in actualScore); the reviewer scores the rest, the short-answer
 * children's shares, computed as score − the objective shares so the parts add up to the score exactly.
 */
export function subjectiveMax(r: Pick<Row, 'score' | 'result'>): number {
  const subs = Object.values(storedResult(r).subs ?? {});
  if (!subs.length) return r.score;
  const objective = subs.filter((s) => !s.review).length;
  return round2(r.score - round2((r.score * objective) / subs.length));
}

/** The learner's written text: a short answer's own, or a composite's short children's, one per line. */
function learnerText(a: LearnerAnswer): string {
  return (
    a.text ??
    Object.values(a.subs ?? {})
      .map((s) => s.text)
      .filter(Boolean)
      .join('\n')
  );
}

/** One question of the review sheet; a composite with its children (stems, texts, automatic scores). */
export function reviewQu(r: Row, q: FullQu | undefined, given: number | undefined): ReviewQu {
  const stored = storedResult(r);
  const saved = (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer;
  const share = round2(compositeShare(r.score, q?.subs.length ?? 0));
  const subList = (q?.subs ?? []).map((c): ReviewQuChild => {
    const g = stored.subs?.[c.id];
    const review = g?.review ?? false;
    return {
      quId: c.id,
      quType: c.quType,
      quType_dictText: QU_TYPE_TITLES[c.quType] ?? '',
      content: c.content,
      review,
      score: share,
      autoScore: review ? null : (g?.score ?? 0),
      answer: review ? (saved.subs?.[c.id]?.text ?? '') : '',
      refAnswer: review ? c.refAnswer : '',
      keywords: review ? c.keywords : '',
      keywordHits: g?.keywordHits ?? [],
    };
  });
  return {
    quId: r.quId,
    quType: r.quType,
    sort: r.sort,
    content: q?.content ?? '',
    answer: learnerText(saved),
    refAnswer: q?.refAnswer ?? '',
    keywords: q?.keywords ?? '',
    keywordHits: stored.keywordHits ?? subList.flatMap((c) => c.keywordHits),
    maxScore: subjectiveMax(r),
    fullScore: r.score,
    autoScore: r.actualScore,
    score: given ?? null,
    subList,
  };
}
