import Type from 'typebox';
import { defineCall } from '../call';
import { Id } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Watch grid page size and cells per line (spec §9). */
export const WATCH_PAGE_SIZE = 32;
export const WATCH_PER_LINE = 8;
/** Grid refresh interval in seconds (spec §7/§9). */
export const WATCH_REFRESH = { min: 5, max: 999, default: 10 } as const;

/**
 * A forced hand-in travels on the learner's reminder channel as this prefix plus the proctor's reason:
 * the exam screen stops at once (the paper is already handed in), instead of showing a reminder.
 */
export const FORCE_HAND_SIGNAL = '__force_hand__:';
/** Bus channels of the reminder socket (one per learner and exam, one per exam). */
export const reminderChannel = (examId: string, userId?: string) =>
  userId ? `remind:${examId}:${userId}` : `remind:${examId}`;
/** Presence keys: the connections of one learner in an exam, and the learners seen in an exam. */
export const presenceKey = (examId: string, userId: string) => `online:${examId}:${userId}`;
export const examPresenceKey = (examId: string) => `online:${examId}`;

const Name = Type.String({ maxLength: 64 });

/**
 * The grid's counts (spec: requireCount, processCount, handCount, missCount). A learner without a paper is
 * 缺考 (missCount) only once the exam has ended; until then they are 未开始 (notStartCount), and `ended` says which.
 */
export const WatchStat = Type.Object({
  requireCount: Type.Integer(),
  processCount: Type.Integer(),
  handCount: Type.Integer(),
  missCount: Type.Integer(),
  notStartCount: Type.Integer(),
  ended: Type.Boolean(),
});
export type WatchStat = Type.Static<typeof WatchStat>;

export const ProcessParams = Type.Object({
  examId: Id,
  handState: Type.Optional(Type.Integer({ minimum: 0, maximum: 0 })),
  online: Type.Optional(Type.Boolean()),
  offline: Type.Optional(Type.Boolean()),
  deptCode: Type.Optional(Name),
  realName: Type.Optional(Name),
});
/**
 * The latest capture of a paper: POST `${WATCH_CAPTURE_URL}/<paperId>` (permission exam:watch) answers the image
 * bytes. The grid carries this address instead of the image, so a page of 32 cells stays small.
 */
export const WATCH_CAPTURE_URL = '/api/exam/watch/capture-image';
/**
 * One examinee answering now. image: the address of the latest capture ('' when none; `?v=` changes with every new
 * capture, so a client may cache by address); imageAge in seconds.
 */
export const WatchRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  realName: Type.String(),
  deptCode: Type.String(),
  online: Type.Boolean(),
  answerCount: Type.Integer(),
  quCount: Type.Integer(),
  image: Type.String(),
  imageAge: Type.Union([Type.Integer(), Type.Null()]),
  leaveTimes: Type.Integer(),
  faceFails: Type.Integer(),
  startTime: Type.String(),
  /** Good captures taken so far (only the latest is kept). */
  captureCount: Type.Integer(),
});
export type WatchRow = Type.Static<typeof WatchRow>;

export const HandParams = Type.Object({
  examId: Id,
  handState: Type.Optional(Type.Integer({ minimum: 1, maximum: 1 })),
  overwrite: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  realName: Type.Optional(Name),
  /** Only papers with an exception (exState not 0). */
  hasEx: Type.Optional(Type.Boolean()),
});
export const HandRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  realName: Type.String(),
  handTime: Type.String(),
  userTime: Type.Integer(),
  exState: Type.Integer(),
  exState_dictText: Type.String(),
  exMsg: Type.String(),
  leaveTimes: Type.Integer(),
});
export type HandRow = Type.Static<typeof HandRow>;

/** The proctor's own exam list (permission exam:watch only): running exams first. */
export const WatchExamParams = Type.Object({ title: Type.Optional(Name) });
export const WatchExamRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  /** 0 not started, 1 running, 2 ended. */
  runState: Type.Integer(),
  processCount: Type.Integer(),
});
export type WatchExamRow = Type.Static<typeof WatchExamRow>;

export const ForceHandReq = Type.Object({ paperId: Id, message: Type.Optional(Type.String({ maxLength: 500 })) });
/** exState and message may arrive empty from the form: the service answers with the spec's messages. */
export const ForceHandAllReq = Type.Object({
  examId: Id,
  exState: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 3 }), Type.Null()])),
  message: Type.Optional(Type.String({ maxLength: 500 })),
});
/** handed: papers this call handed in (a paper already handed in is not counted twice). */
export const ForceHandRes = Type.Object({ handed: Type.Integer() });

export const WatchCalls = {
  exams: defineCall('/api/exam/watch/exam-paging', PagingReq(WatchExamParams), PagingRes(WatchExamRow)),
  stat: defineCall('/api/exam/watch/watch-stat', Type.Object({ id: Id }), WatchStat),
  process: defineCall(
    '/api/exam/watch/process-paging',
    PagingReq(ProcessParams, { paramsRequired: true }),
    PagingRes(WatchRow),
  ),
  hand: defineCall('/api/exam/watch/hand-paging', PagingReq(HandParams, { paramsRequired: true }), PagingRes(HandRow)),
  forceHand: defineCall('/api/exam/watch/force-hand', ForceHandReq, ForceHandRes),
  forceHandAll: defineCall('/api/exam/watch/force-hand-all', ForceHandAllReq, ForceHandRes),
};
