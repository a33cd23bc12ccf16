import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { LearnerAnswer, LearnerAnswerLeaf, QuSolution, QuSolutionChild } from '../repo/common';

/** Paper states (dictionary paper_state). */
export const PAPER_STATE_TITLES: Record<number, string> = {
  0: '考试中',
  1: '待阅卷',
  2: '已考完',
  3: '已弃考',
  4: '阅卷中',
};
/**
 * Paper states by name. GRADING: handed in (no save is taken any more) and waiting for the automatic
 * grading queue, a few seconds at most; the learner sees 阅卷中 and the pass as 待出分.
 */
export const PaperState = { OPEN: 0, REVIEW: 1, DONE: 2, ABANDONED: 3, GRADING: 4 } as const;
/** Seconds a save may arrive after the deadline (requests in flight at time-out). */
export const SAVE_GRACE_SEC = 15;

export const CreatePaperReq = Type.Object({ examId: Id, password: Type.Optional(Type.String({ maxLength: 64 })) });

export const PaperQuItem = Type.Object({
  id: Type.String(),
  quId: Type.String(),
  quType: Type.Integer(),
  sort: Type.Integer(),
  score: Type.Number(),
  answered: Type.Boolean(),
  mark: Type.Boolean(),
});
export const PaperGroupItem = Type.Object({
  title: Type.String(),
  quType: Type.Integer(),
  quCount: Type.Integer(),
  perScore: Type.Number(),
  totalScore: Type.Number(),
  quList: Type.Array(PaperQuItem),
});
/** The exam screen's paper: questions by group, time left by the server clock, anti-cheat settings. */
export const PaperDetail = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  title: Type.String(),
  state: Type.Integer(),
  leftSeconds: Type.Integer(),
  totalTime: Type.Integer(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  quCount: Type.Integer(),
  answerCount: Type.Integer(),
  leaveOn: Type.Boolean(),
  leaveLimit: Type.Integer(),
  leaveSec: Type.Integer(),
  leaveTimes: Type.Integer(),
  camOn: Type.Boolean(),
  camInterval: Type.Integer(),
  faceOn: Type.Boolean(),
  faceChance: Type.Integer(),
  faceFails: Type.Integer(),
  pasteBlock: Type.Boolean(),
  groupList: Type.Array(PaperGroupItem),
});
export type PaperDetail = Type.Static<typeof PaperDetail>;

/**
 * One option as the learner sees it, labelled A–Z in the paper's order. Never a right flag or score.
 * Fill-in questions have no options (blankCount blanks); matching options are the left items, with
 * rightList the right-hand items in an order that says nothing about the pairs.
 */
export const PaperOption = Type.Object({
  id: Type.String(),
  abc: Type.String(),
  content: Type.String(),
  image: Type.String(),
  checked: Type.Boolean(),
});
const quBase = {
  quId: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  content: Type.String(),
  image: Type.String(),
  score: Type.Number(),
  answerList: Type.Array(PaperOption),
  blankCount: Type.Integer(),
  rightList: Type.Array(Type.String()),
  /** Short answer text (spec field `answer`). */
  answer: Type.String(),
  myAnswer: LearnerAnswerLeaf,
};
export const PaperQuChild = Type.Object(quBase);
export const PaperQu = Type.Object({
  ...quBase,
  id: Type.String(),
  paperId: Type.String(),
  sort: Type.Integer(),
  mark: Type.Boolean(),
  answered: Type.Boolean(),
  myAnswer: LearnerAnswer,
  seq: Type.Integer(),
  subList: Type.Array(PaperQuChild),
});
export type PaperQu = Type.Static<typeof PaperQu>;

/**
 * The exam screen's whole paper in one call: paper-detail's fields (answer card by group, time left,
 * anti-cheat settings) and every question as qu-detail gives it, in the paper's order.
 */
export const PaperView = Type.Object({ ...PaperDetail.properties, quList: Type.Array(PaperQu) });
export type PaperView = Type.Static<typeof PaperView>;

/**
 * Saving one question. `answers` option ids (choice/scale), `answer` short-answer text, `blanks`
 * fill-in, `pairs` matching (right item per left item), `subs` composite children by id; `mark`
 * the review mark. `seq` grows with every save of the client: an older one never overwrites a newer.
 */
const fillFields = {
  quId: Id,
  answers: Type.Optional(Type.Array(Id, { maxItems: 26 })),
  answer: Type.Optional(Type.String({ maxLength: 20_000 })),
  blanks: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 26 })),
  subs: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), LearnerAnswerLeaf, { maxProperties: 50 })),
  mark: Type.Optional(Type.Boolean()),
  seq: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
};
export const FillAnswerReq = Type.Object({ paperId: Id, ...fillFields });
export type FillAnswerReq = Type.Static<typeof FillAnswerReq>;
/** One question's save inside a batch (fill-answers): the paper is the batch's. */
export const FillAnswerItem = Type.Object(fillFields);
export type FillAnswerItem = Type.Static<typeof FillAnswerItem>;
/** Saves the exam screen queued for one paper, stored together (at most one per question is sensible; the last wins). */
export const FillAnswersReq = Type.Object({
  paperId: Id,
  items: Type.Array(FillAnswerItem, { minItems: 1, maxItems: 50 }),
});
export type FillAnswersReq = Type.Static<typeof FillAnswersReq>;
/** stale: a newer save was already stored (this one was dropped); seq: the stored sequence. */
export const FillAnswerItemRes = Type.Object({
  quId: Type.String(),
  answered: Type.Boolean(),
  mark: Type.Boolean(),
  seq: Type.Integer(),
  stale: Type.Boolean(),
});
export type FillAnswerItemRes = Type.Static<typeof FillAnswerItemRes>;
/** leftSeconds by the server clock: a screen whose saves flow needs no separate time re-sync. */
export const FillAnswerRes = Type.Object({ ...FillAnswerItemRes.properties, leftSeconds: Type.Integer() });
export const FillAnswersRes = Type.Object({ leftSeconds: Type.Integer(), list: Type.Array(FillAnswerItemRes) });

export const HandRes = Type.Object({ id: Type.String(), state: Type.Integer() });

/**
 * A composite's child on the result sheet: its share of the score (the parent's split equally), its
 * own automatic result; a short-answer child has actualScore and isRight null (the reviewer scores the
 * composite's subjective part as a whole).
 */
/** What the result sheet shows of a question and of a composite's child alike. */
const resultBase = {
  quId: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  content: Type.String(),
  score: Type.Number(),
  actualScore: Type.Union([Type.Number(), Type.Null()]),
  isRight: Type.Union([Type.Boolean(), Type.Null()]),
  review: Type.Boolean(),
  answerList: Type.Array(PaperOption),
  blankCount: Type.Integer(),
  rightList: Type.Array(Type.String()),
};
export const ResultQuChild = Type.Object({
  ...resultBase,
  myAnswer: LearnerAnswerLeaf,
  solution: Type.Optional(QuSolutionChild),
});
/**
 * After hand-in, per resultType: 1 shows no score; 2 score and pass; 0 also the sheet with solutions
 * (kept back while retakes remain). A question an open paper of the learner holds comes without its
 * marks (actualScore and isRight null) and solution.
 */
export const ResultQu = Type.Object({
  ...resultBase,
  sort: Type.Integer(),
  myAnswer: LearnerAnswer,
  solution: Type.Optional(QuSolution),
  subList: Type.Array(ResultQuChild, { maxItems: 50 }),
});
export type ResultQu = Type.Static<typeof ResultQu>;
export type ResultQuChild = Type.Static<typeof ResultQuChild>;
/** When a paper was taken and handed in, how long it took, and what went wrong on the way (exState, leaving). */
const handFields = {
  startTime: Type.String(),
  handTime: Type.String(),
  userTime: Type.Integer(),
  exState: Type.Integer(),
  exMsg: Type.String(),
  leaveTimes: Type.Integer(),
};
export const PaperResult = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  title: Type.String(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  resultType: Type.Integer(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  ...handFields,
  showBook: Type.Boolean(),
  userScore: Type.Optional(Type.Number()),
  objScore: Type.Optional(Type.Number()),
  subjScore: Type.Optional(Type.Number()),
  passed: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  quList: Type.Optional(Type.Array(ResultQu)),
  /** Why the answer sheet is kept back (retakes remain), for the learner. */
  note: Type.Optional(Type.String()),
});
export type PaperResult = Type.Static<typeof PaperResult>;

export const OpenPaper = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  title: Type.String(),
  leftSeconds: Type.Integer(),
});
export const PaperRow = Type.Object({
  id: Type.String(),
  examId: Type.String(),
  userId: Type.String(),
  realName: Type.String(),
  title: Type.String(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  totalScore: Type.Number(),
  userScore: Type.Union([Type.Number(), Type.Null()]),
  passed: Type.Union([Type.Boolean(), Type.Null()]),
  ...handFields,
});
export type PaperRow = Type.Static<typeof PaperRow>;

export const PaperCalls = {
  createPaper: defineCall('/api/paper/paper/create-paper', CreatePaperReq, Type.Object({ id: Type.String() })),
  paperDetail: defineCall('/api/paper/paper/paper-detail', IdReq, PaperDetail),
  /** paper-detail and every qu-detail at once (the exam screen opens a paper with it). */
  paperView: defineCall('/api/paper/paper/paper-view', IdReq, PaperView),
  quDetail: defineCall('/api/paper/paper/qu-detail', Type.Object({ paperId: Id, quId: Id }), PaperQu),
  fillAnswer: defineCall('/api/paper/paper/fill-answer', FillAnswerReq, FillAnswerRes),
  /** Several queued saves of one paper in one call and one statement (the exam screen's save queue). */
  fillAnswers: defineCall('/api/paper/paper/fill-answers', FillAnswersReq, FillAnswersRes),
  handExam: defineCall('/api/paper/paper/hand-exam', IdReq, HandRes),
  paperResult: defineCall('/api/paper/paper/paper-result', IdReq, PaperResult),
  /** The learner's open paper: of one exam, or of any when examId is left out. */
  checkProcess: defineCall(
    '/api/paper/paper/check-process',
    Type.Object({ examId: Type.Optional(Id) }),
    Type.Union([OpenPaper, Type.Null()]),
  ),
  leftTime: defineCall('/api/paper/paper/left-time', IdReq, Type.Integer()),
  leaveIncr: defineCall(
    '/api/paper/paper/leave-incr',
    IdReq,
    Type.Object({ leaveTimes: Type.Integer(), overLimit: Type.Boolean() }),
  ),
  paging: defineCall(
    '/api/paper/paper/paging',
    PagingReq(Type.Object({ examId: Type.Optional(Id), userId: Type.Optional(Id) })),
    PagingRes(PaperRow),
  ),
  captureSave: defineCall(
    '/api/paper/capture/save',
    // A camera frame as a data URL or bare base64; ~300 KB is plenty for a 640×480 JPEG.
    Type.Object({ paperId: Id, base64: Type.String({ maxLength: 400_000 }) }),
    Type.Object({ isBreak: Type.Boolean(), failCount: Type.Integer(), faceChance: Type.Integer() }),
  ),
};
