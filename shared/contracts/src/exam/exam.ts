import Type from 'typebox';
import { defineCall } from '../call';
import { CourseOpenType } from '../course/common';
import { ExamRow } from '../domain';
import { Id, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { QuTypeCode } from '../repo/common';

/** Exam states by name (an admin enables or disables an exam). */
export const ExamState = { NORMAL: 0, DISABLED: 1 } as const;
/** Who may take an exam: the ways a course opens (one dictionary, open_type). */
export const ExamOpenType = CourseOpenType;

/** el_exam.result_type: what a learner is shown of a handed-in paper (decided by the kit's paperVisibility). */
export const ResultType = {
  /** Score, pass and the answer sheet with solutions (kept back while retakes remain). */
  SHEET: 0,
  /** Only that the paper was handed in. */
  NONE: 1,
  /** Score and pass, no sheet. */
  SCORE: 2,
} as const;

const Time = Type.String({ maxLength: 19 });
const Ids = (max: number) => Type.Array(Id, { maxItems: max });

/** One paper rule: a random group (repoIds, quType, level 0 any, count) or a fixed group (quIds); score each. */
export const ExamRule = Type.Object({
  title: Type.String({ maxLength: 100 }),
  quType: QuTypeCode,
  repoIds: Type.Optional(Ids(50)),
  level: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  count: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
  score: Type.Number({ minimum: 0, maximum: 1000 }),
  quIds: Type.Optional(Ids(500)),
});
export type ExamRule = Type.Static<typeof ExamRule>;

/** What a learner may know of an exam (check page, exam screen settings): the list row's fields and more. */
const learnerFields = {
  ...ExamRow.properties,
  content: Type.String(),
  examType: Type.Integer(),
  offline: Type.Boolean(),
  points: Type.Integer(),
  showBook: Type.Boolean(),
  resultType: Type.Integer(),
  leaveOn: Type.Boolean(),
  leaveLimit: Type.Integer(),
  leaveSec: Type.Integer(),
  camOn: Type.Boolean(),
  camInterval: Type.Integer(),
  faceOn: Type.Boolean(),
  faceChance: Type.Integer(),
  pasteBlock: Type.Boolean(),
  quCount: Type.Integer(),
};
/** Only for users holding exam permissions: secrets and rules. */
const adminFields = {
  deptCodes: Type.Optional(Type.Array(Type.String())),
  userIds: Type.Optional(Type.Array(Type.String())),
  password: Type.Optional(Type.String()),
  shuffleQu: Type.Optional(Type.Boolean()),
  shuffleOpt: Type.Optional(Type.Boolean()),
  partialMultiple: Type.Optional(Type.Boolean()),
  rules: Type.Optional(Type.Array(ExamRule)),
  createTime: Type.Optional(Type.String()),
  /** Plain-text stems of the fixed groups' questions by id, so the editor can name them. */
  quTitles: Type.Optional(Type.Record(Type.String(), Type.String())),
};
export const ExamDetail = Type.Object({ ...learnerFields, ...adminFields });
export type ExamDetail = Type.Static<typeof ExamDetail>;

export const ExamSaveReq = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ maxLength: 200 }),
  /** Cover image address ('' or missing: the default cover). */
  cover: Type.Optional(Type.String({ maxLength: 1000 })),
  content: Type.Optional(Type.String({ maxLength: 100_000 })),
  examType: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  offline: Type.Optional(Type.Boolean()),
  state: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  openType: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(9)]),
  deptCodes: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  userIds: Type.Optional(Ids(5000)),
  password: Type.Optional(Type.String({ maxLength: 64 })),
  startTime: Time,
  endTime: Time,
  totalTime: Type.Integer({ minimum: 1, maximum: 9999 }),
  qualifyScore: Type.Number({ minimum: 0, maximum: 100_000 }),
  chance: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  price: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  showBook: Type.Optional(Type.Boolean()),
  resultType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  shuffleQu: Type.Optional(Type.Boolean()),
  shuffleOpt: Type.Optional(Type.Boolean()),
  partialMultiple: Type.Optional(Type.Boolean()),
  leaveOn: Type.Optional(Type.Boolean()),
  leaveLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
  leaveSec: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
  camOn: Type.Optional(Type.Boolean()),
  camInterval: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  faceOn: Type.Optional(Type.Boolean()),
  faceChance: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  pasteBlock: Type.Optional(Type.Boolean()),
  rules: Type.Array(ExamRule, { maxItems: 50 }),
});
export type ExamSaveReq = Type.Static<typeof ExamSaveReq>;

/** Admin list row: the foundation's ExamRow plus type and creation time. */
export const ExamAdminRow = Type.Object({
  ...ExamRow.properties,
  examType: Type.Integer(),
  examType_dictText: Type.String(),
  offline: Type.Boolean(),
  createTime: Type.String(),
});
export type ExamAdminRow = Type.Static<typeof ExamAdminRow>;
export const ExamPagingParams = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 100 })),
  excludes: Type.Optional(Ids(5000)),
});

/** A generated paper, for the admin preview (answers shown: it is the author's view). */
export const PreviewQu = Type.Object({
  quId: Type.String(),
  quType: Type.Integer(),
  quType_dictText: Type.String(),
  content: Type.String(),
  score: Type.Number(),
  answerList: Type.Array(
    Type.Object({
      id: Type.String(),
      abc: Type.String(),
      content: Type.String(),
      image: Type.String(),
      isRight: Type.Boolean(),
      answer: Type.String(),
    }),
  ),
  subCount: Type.Integer(),
});
export const PaperPreview = Type.Object({
  totalScore: Type.Number(),
  quCount: Type.Integer(),
  groupList: Type.Array(
    Type.Object({
      title: Type.String(),
      quCount: Type.Integer(),
      perScore: Type.Number(),
      totalScore: Type.Number(),
      quList: Type.Array(PreviewQu),
    }),
  ),
});
export type PaperPreview = Type.Static<typeof PaperPreview>;
export const PreviewReq = Type.Object({
  rules: Type.Array(ExamRule, { maxItems: 50 }),
  shuffleQu: Type.Optional(Type.Boolean()),
  shuffleOpt: Type.Optional(Type.Boolean()),
});

export const ExamCalls = {
  paging: defineCall('/api/exam/exam/paging', PagingReq(ExamPagingParams), PagingRes(ExamAdminRow)),
  detail: defineCall('/api/exam/exam/detail', IdReq, ExamDetail),
  save: defineCall('/api/exam/exam/save', ExamSaveReq, Type.Object({ id: Type.String(), totalScore: Type.Number() })),
  delete: defineCall('/api/exam/exam/delete', IdsReq, Type.Null()),
  state: defineCall(
    '/api/exam/exam/state',
    Type.Object({ ids: IdsReq.properties.ids, state: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
    Type.Null(),
  ),
  preview: defineCall('/api/exam/exam/preview', PreviewReq, PaperPreview),
};
