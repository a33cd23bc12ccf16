import Type from 'typebox';
import { defineCall } from '../call';
import { Id } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** A paper waiting for review (state 1 待阅卷); reviewing: a reviewer has started scoring it. */
export const ReviewPaperRow = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  examTitle: Type.String(),
  userId: Type.String(),
  realName: Type.String(),
  handTime: Type.String(),
  objScore: Type.Number(),
  totalScore: Type.Number(),
  reviewCount: Type.Integer(),
  reviewing: Type.Boolean(),
});
export const ReviewPagingParams = Type.Object({ examId: Type.Optional(Type.String({ maxLength: 64 })) });

/**
 * A composite's child: a short answer (review true: the learner's text, reference, keyword hits) or an
 * objective child graded at hand-in (autoScore). score: its share of the composite (split equally).
 */
export const ReviewQuChild = Type.Object({
  quId: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  content: Type.String(),
  review: Type.Boolean(),
  score: Type.Number(),
  autoScore: Type.Union([Type.Number(), Type.Null()]),
  answer: Type.String(),
  refAnswer: Type.String(),
  keywords: Type.String(),
  keywordHits: Type.Array(Type.String()),
});
/**
 * One question awaiting review: the learner's text beside the reference answer and keyword hits.
 * maxScore is what the reviewer may give: the whole score of a short answer, or a composite's
 * subjective share (its short-answer children's); autoScore the objective part already graded.
 */
export const ReviewQu = Type.Object({
  quId: Type.String(),
  quType: Type.Integer(),
  sort: Type.Integer(),
  content: Type.String(),
  answer: Type.String(),
  refAnswer: Type.String(),
  keywords: Type.String(),
  keywordHits: Type.Array(Type.String()),
  maxScore: Type.Number(),
  fullScore: Type.Number(),
  autoScore: Type.Number(),
  /** The reviewer's score, null while not scored yet. */
  score: Type.Union([Type.Number(), Type.Null()]),
  subList: Type.Array(ReviewQuChild, { maxItems: 50 }),
});
export const ReviewPaperDetail = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  examTitle: Type.String(),
  realName: Type.String(),
  handTime: Type.String(),
  state: Type.Integer(),
  objScore: Type.Number(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  quList: Type.Array(ReviewQu),
});
export type ReviewPaperRow = Type.Static<typeof ReviewPaperRow>;
export type ReviewPaperDetail = Type.Static<typeof ReviewPaperDetail>;
export type ReviewQu = Type.Static<typeof ReviewQu>;
export type ReviewQuChild = Type.Static<typeof ReviewQuChild>;

export const ReviewScoreReq = Type.Object({
  paperId: Id,
  quId: Id,
  score: Type.Number({ minimum: 0, maximum: 10_000 }),
});
export const ReviewFinishReq = Type.Object({ paperId: Id });
export const ReviewFinishRes = Type.Object({ userScore: Type.Number(), passed: Type.Boolean() });

export const ReviewCalls = {
  paging: defineCall('/api/exam/review/paging', PagingReq(ReviewPagingParams), PagingRes(ReviewPaperRow)),
  paperDetail: defineCall('/api/exam/review/paper-detail', Type.Object({ paperId: Id }), ReviewPaperDetail),
  score: defineCall('/api/exam/review/score', ReviewScoreReq, Type.Null()),
  finish: defineCall('/api/exam/review/finish', ReviewFinishReq, ReviewFinishRes),
};
