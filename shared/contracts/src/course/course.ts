import Type from 'typebox';
import { defineCall } from '../call';
import { Id, IdReq, IdsReq } from '../envelope';
import { PagingReq, PagingRes } from '../paging';
import { CourseOpenTypeCode, courseHeadFields, courseOpenFields, Ids, Time } from './common';

const S = (max: number) => Type.String({ maxLength: max });
/** How many final exams a course may link. */
export const MAX_FINAL_EXAMS = 20;

/** One courseware in a course, in order; an optional chapter title groups files. */
export const CourseFileRef = Type.Object({ fileId: Id, chapter: Type.Optional(S(100)) });

/** The study checks a course asks for (spec §3 "Course (study settings)"). */
const studyFields = {
  videoDrag: Type.Boolean(),
  checkOn: Type.Boolean(),
  checkSec: Type.Integer(),
  faceOn: Type.Boolean(),
  faceInterval: Type.Integer(),
  faceChance: Type.Integer(),
};
/** What a learner may know of a course (course view): settings, price, period. */
const learnerFields = {
  ...courseHeadFields,
  content: Type.String(),
  contentText: Type.String(),
  ...courseOpenFields,
  state: Type.Integer(),
  ...studyFields,
  finishRate: Type.Integer(),
  liveCount: Type.Integer(),
};
/** The learner's standing in the course (learner replies only). */
const standingFields = {
  hasJoin: Type.Optional(Type.Boolean()),
  /** Whether the points were paid (or nothing is to pay). */
  paid: Type.Optional(Type.Boolean()),
  learnFile: Type.Optional(Type.Integer()),
  totalFile: Type.Optional(Type.Integer()),
  finished: Type.Optional(Type.Boolean()),
};
/** A course file as listed in the course view, with the learner's progress on it. */
export const CourseViewFile = Type.Object({
  fileId: Type.String(),
  title: Type.String(),
  chapter: Type.String(),
  fileType: Type.Integer(),
  fileType_dictText: Type.String(),
  duration: Type.Integer(),
  pageCount: Type.Integer(),
  state: Type.Integer(),
  /** Percent covered (0-100), whether finished, the resume point (seconds or page). */
  percent: Type.Integer(),
  finished: Type.Boolean(),
  learnSec: Type.Integer(),
});
export type CourseViewFile = Type.Static<typeof CourseViewFile>;
/** Only for users holding course permissions: targets, password, file order. */
const adminFields = {
  deptCodes: Type.Optional(Type.Array(Type.String())),
  userIds: Type.Optional(Type.Array(Type.String())),
  password: Type.Optional(Type.String()),
  fileRefs: Type.Optional(Type.Array(CourseFileRef)),
  createTime: Type.Optional(Type.String()),
  /** Final exams (结业考试) linked to the course, in the author's order. */
  examList: Type.Optional(Type.Array(Type.Object({ id: Type.String(), title: Type.String() }))),
};
export const CourseDetail = Type.Object({
  ...learnerFields,
  ...standingFields,
  ...adminFields,
  fileList: Type.Array(CourseViewFile),
});
export type CourseDetail = Type.Static<typeof CourseDetail>;

/** Study settings the course view needs (spec §3 "Course (study settings)"). */
export const CourseSimpleDetail = Type.Object({ id: Type.String(), title: Type.String(), ...studyFields });
export type CourseSimpleDetail = Type.Static<typeof CourseSimpleDetail>;

export const CourseSaveReq = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: 200 }),
  cover: Type.Optional(S(1000)),
  catId: Type.Optional(S(64)),
  /** Rich text, sanitized on the server. */
  content: Type.Optional(S(100_000)),
  salePrice: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  costPoints: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** Study period; both empty = always open. */
  startTime: Type.Optional(Type.Union([Time, Type.Literal('')])),
  endTime: Type.Optional(Type.Union([Time, Type.Literal('')])),
  state: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  openType: CourseOpenTypeCode,
  deptCodes: Type.Optional(Type.Array(S(64), { maxItems: 500 })),
  userIds: Type.Optional(Ids(5000)),
  password: Type.Optional(S(64)),
  videoDrag: Type.Optional(Type.Boolean()),
  checkOn: Type.Optional(Type.Boolean()),
  /** Study-check interval in minutes (spec §4: checkSec × 60 seconds). */
  checkSec: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
  faceOn: Type.Optional(Type.Boolean()),
  faceInterval: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
  faceChance: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  /** Percent of a video to cover before it counts as learned (default 90). */
  finishRate: Type.Optional(Type.Integer({ minimum: 50, maximum: 100 })),
  fileRefs: Type.Array(CourseFileRef, { maxItems: 500 }),
  /** Final exams (结业考试): existing exams, picked in the exam selection dialog. */
  examIds: Type.Optional(Ids(MAX_FINAL_EXAMS)),
});
export type CourseSaveReq = Type.Static<typeof CourseSaveReq>;

/** Admin list row (CourseList): learners and finishers per course. */
export const CourseAdminRow = Type.Object({
  ...courseHeadFields,
  ...courseOpenFields,
  state: Type.Integer(),
  fileCount: Type.Integer(),
  learnUser: Type.Integer(),
  finishUser: Type.Integer(),
  createTime: Type.String(),
});
export type CourseAdminRow = Type.Static<typeof CourseAdminRow>;
export const CoursePagingParams = Type.Object({
  title: Type.Optional(S(100)),
  catId: Type.Optional(S(64)),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  excludes: Type.Optional(Ids(5000)),
});

/** Learning records of one course (admin): per learner progress, time, finished. */
export const CourseLearnRow = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  deptCode: Type.String(),
  deptCode_dictText: Type.String(),
  learnFile: Type.Integer(),
  totalFile: Type.Integer(),
  percent: Type.Integer(),
  learnSec: Type.Integer(),
  finished: Type.Boolean(),
  finishTime: Type.String(),
  latestTime: Type.String(),
  createTime: Type.String(),
});
export type CourseLearnRow = Type.Static<typeof CourseLearnRow>;
export const CourseLearnParams = Type.Object({
  courseId: Id,
  realName: Type.Optional(S(64)),
  finished: Type.Optional(Type.Boolean()),
});

/** Learning overview (spec: dateStr, learnUser, finishUser, avgTime) and the dashboard's running courses. */
/** Learners who studied, who finished, and their average study time. */
const learnStatFields = {
  learnUser: Type.Integer(),
  finishUser: Type.Integer(),
  avgTime: Type.Integer(),
};
export const LearnOverviewRow = Type.Object({ dateStr: Type.String(), ...learnStatFields });
export type LearnOverviewRow = Type.Static<typeof LearnOverviewRow>;
export const DashCourseRow = Type.Object({ id: Type.String(), title: Type.String(), ...learnStatFields });
export type DashCourseRow = Type.Static<typeof DashCourseRow>;
export const LearnOverviewReq = Type.Object({
  courseId: Type.Optional(Id),
  /** Days back from today (default 7). */
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
});

export const CourseCalls = {
  paging: defineCall('/api/course/course/paging', PagingReq(CoursePagingParams), PagingRes(CourseAdminRow)),
  /** Learners get their view (permission checked); course admins also get targets and file order. */
  detail: defineCall('/api/course/course/detail', IdReq, CourseDetail),
  simpleDetail: defineCall('/api/course/course/simple-detail', IdReq, CourseSimpleDetail),
  save: defineCall('/api/course/course/save', CourseSaveReq, Type.Object({ id: Type.String() })),
  delete: defineCall('/api/course/course/delete', IdsReq, Type.Null()),
  state: defineCall(
    '/api/course/course/state',
    Type.Object({ ids: IdsReq.properties.ids, state: Type.Union([Type.Literal(0), Type.Literal(1)]) }),
    Type.Null(),
  ),
  learnPaging: defineCall(
    '/api/course/course/learn-paging',
    PagingReq(CourseLearnParams, { paramsRequired: true }),
    PagingRes(CourseLearnRow),
  ),
  /** Returns an .xlsx blob (JSON envelope on error). */
  learnExport: defineCall('/api/course/course/learn-export', Type.Object({ courseId: Id }), Type.Null()),
  overview: defineCall('/api/course/stat/overview', LearnOverviewReq, Type.Array(LearnOverviewRow)),
  dashList: defineCall(
    '/api/course/stat/dash-course-list',
    PagingReq(Type.Object({ title: Type.Optional(S(100)) })),
    PagingRes(DashCourseRow),
  ),
};
