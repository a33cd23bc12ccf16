import Type from 'typebox';
import { defineCall } from '../call';
import { Id } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { SCORE_RANGES_MAX_LENGTH } from './score-range';

/** Score bands as stored and sent: `min-max` pairs joined by `;` (spec admin §3), read with `parseRanges(…, { sign: '-' })`. */
export const ScoreRangeText = Type.String({ maxLength: SCORE_RANGES_MAX_LENGTH });

/** Dictionary paper_ex_state: why a paper ended the way it did. */
export const EX_STATE_TITLES: Record<number, string> = { 0: '正常', 1: '作弊', 2: '违规', 3: '缺考' };
export const ExState = { NORMAL: 0, CHEAT: 1, VIOLATION: 2, ABSENT: 3 } as const;

/**
 * Filters of an exam's records: name matches realName or userName; pass 'yes' 是, 'no' 否,
 * 'wait' 待出分 (handed in, waiting for review). The paging call and the export share them.
 */
export const RecordParams = Type.Object({
  examId: Id,
  name: Type.Optional(Type.String({ maxLength: 64 })),
  pass: Type.Optional(Type.Union([Type.Literal('yes'), Type.Literal('no'), Type.Literal('wait')])),
  /** Only handed-in papers whose score falls in one of these bands. */
  scoreRange: Type.Optional(ScoreRangeText),
});
export type RecordParams = Type.Static<typeof RecordParams>;

/** One attempt (paper) of a learner, as admins see it: scores in full, pass text, proctoring state. */
export const RecordRow = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  startTime: Type.String(),
  handTime: Type.String(),
  userTime: Type.Integer(),
  totalScore: Type.Number(),
  objScore: Type.Number(),
  subjScore: Type.Number(),
  /** null while the paper is open. */
  userScore: Type.Union([Type.Number(), Type.Null()]),
  /** null while open or waiting for review (待出分). */
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  passed_dictText: Type.String(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  leaveTimes: Type.Integer(),
  exState: Type.Integer(),
  exState_dictText: Type.String(),
  exMsg: Type.String(),
});
export type RecordRow = Type.Static<typeof RecordRow>;

/** Papers of an exam per score band (final scores only, every attempt counted). */
export const ScoreDist = Type.Object({
  /** Final papers of the exam, in a band or not. */
  total: Type.Integer(),
  bands: Type.Array(
    Type.Object({ range: Type.String(), min: Type.Number(), max: Type.Number(), count: Type.Integer() }),
  ),
});
export type ScoreDist = Type.Static<typeof ScoreDist>;

export const RecordCalls = {
  paging: defineCall('/api/exam/record/paging', PagingReq(RecordParams), PagingRes(RecordRow)),
  /** Download (.xlsx blob): the same rows as the paging call with the same filters. */
  export: defineCall('/api/exam/record/export', Type.Object({ params: RecordParams }), Type.Null()),
  scoreDist: defineCall(
    '/api/exam/record/score-dist',
    Type.Object({ examId: Id, scoreRange: ScoreRangeText }),
    ScoreDist,
  ),
};
