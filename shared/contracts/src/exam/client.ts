import Type from 'typebox';
import { defineCall } from '../call';
import { BuyRes } from '../pay/order';
import { ExamRow } from '../domain';
import { IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Tabs of "my exams" (spec learner §2). */
export const EXAM_FLAGS = ['ALL', 'READY_START', 'PROCESSING', 'WAIT_REVIEW', 'IN_REVIEW', 'FINISHED'] as const;
/** Display flags of an exam for one learner (spec learner §4). */
export const EXAM_STATE_FLAGS = [
  'NOT_START',
  'READY_START',
  'PROCESSING',
  'WAIT_REVIEW',
  'IN_REVIEW',
  'FINISHED',
  'OVERDUE',
] as const;
export const EXAM_FLAG_TITLES: Record<string, string> = {
  NOT_START: '未开始',
  READY_START: '待开始',
  PROCESSING: '考试中',
  WAIT_REVIEW: '待阅卷',
  IN_REVIEW: '阅卷中',
  FINISHED: '已出分',
  OVERDUE: '已过期',
};

const DateRange = Type.Array(Type.String({ maxLength: 19 }), { maxItems: 2 });

export const MyExamParams = Type.Object({
  flag: Type.Optional(Type.Union(EXAM_FLAGS.map((f) => Type.Literal(f)))),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  dateRange: Type.Optional(DateRange),
});
/** "My exam item" of spec learner §3. maxScore/passed: best finished result; hidden while none. */
export const MyExamItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  cover: Type.String(),
  price: Type.Number(),
  points: Type.Integer(),
  stateFlag: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  totalTime: Type.Integer(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  showBook: Type.Boolean(),
  tryCount: Type.Integer(),
  chance: Type.Integer(),
  maxScore: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  resultType: Type.Integer(),
  openType: Type.Integer(),
});
export type MyExamItem = Type.Static<typeof MyExamItem>;

export const OpenExamParams = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  dateRange: Type.Optional(DateRange),
});
/** "Open exam item" of spec learner §3, a superset of the foundation's ExamRow. */
export const OpenExamItem = Type.Object({
  ...ExamRow.properties,
  points: Type.Integer(),
  hasJoin: Type.Boolean(),
  stateFlag: Type.String(),
});
export type OpenExamItem = Type.Static<typeof OpenExamItem>;

export const ClientExamCalls = {
  minePaging: defineCall('/api/client/exam/mine-paging', PagingReq(MyExamParams), PagingRes(MyExamItem)),
  openPaging: defineCall('/api/client/exam/open-paging', PagingReq(OpenExamParams), PagingRes(OpenExamItem)),
  join: defineCall('/api/client/exam/join', IdReq, Type.Object({ hasJoin: Type.Boolean() })),
  /** 购买 a priced exam: an order to pay (pay/order.ts), its points taken with it; a points-only exam pays with its first paper. */
  buy: defineCall('/api/client/exam/buy', IdReq, BuyRes),
};
