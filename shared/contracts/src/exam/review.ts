import Type from 'typebox';
import { defineCall } from '../call';
import { Id } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** A paper waiting for review (state 1 待阅卷); reviewing: a reviewer has started scoring it. */
export const ReviewPaperRow = Type.Object({
  id: Type.String(), examId: Type.String(), examTitle: Type.String(), userId: Type.String(), realName: Type.String(),
  handTime: Type.String(), objScore: Type.Number(), totalScore: Type.Number(), reviewCount: Type.Integer(), reviewing: Type.Boolean(),
});
export const ReviewPagingParams = Type.Object({ examId: Type.Optional(Type.String({ maxLength: 64 })) });

/** One question awaiting review: the learner's text beside the reference answer and keyword hits. */
export const ReviewQu = Type.Object({
  quId: Type.String(), quType: Type.Integer(), sort: Type.Integer(), content: Type.String(), answer: Type.String(),
  refAnswer: Type.String(), keywords: Type.String(), keywordHits: Type.Array(Type.String()), maxScore: Type.Number(),
  /** The reviewer's score, null while not scored yet. */
  score: Type.Union([Type.Number(), Type.Null()]),
});
export const ReviewPaperDetail = Type.Object({
  id: Type.String(), examId: Type.String(), examTitle: Type.String(), realName: Type.String(), handTime: Type.String(),
  state: Type.Integer(), objScore: Type.Number(), totalScore: Type.Number(), qualifyScore: Type.Number(), quList: Type.Array(ReviewQu),
});
export type ReviewPaperRow = Type.Static<typeof ReviewPaperRow>;
export type ReviewPaperDetail = Type.Static<typeof ReviewPaperDetail>;
export type ReviewQu = Type.Static<typeof ReviewQu>;

export const ReviewScoreReq = Type.Object({ paperId: Id, quId: Id, score: Type.Number({ minimum: 0, maximum: 10_000 }) });
export const ReviewFinishReq = Type.Object({ paperId: Id });
export const ReviewFinishRes = Type.Object({ userScore: Type.Number(), passed: Type.Boolean() });

export const ReviewCalls = {
  paging: defineCall('/api/exam/review/paging', PagingReq(ReviewPagingParams), PagingRes(ReviewPaperRow)),
  paperDetail: defineCall('/api/exam/review/paper-detail', Type.Object({ paperId: Id }), ReviewPaperDetail),
  score: defineCall('/api/exam/review/score', ReviewScoreReq, Type.Null()),
  finish: defineCall('/api/exam/review/finish', ReviewFinishReq, ReviewFinishRes),
};
