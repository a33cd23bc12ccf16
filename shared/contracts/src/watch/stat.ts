import Type from 'typebox';
import { defineCall } from '../call';
import { Empty } from '../envelope';
import { PagingReq, PagingRes } from '../paging';

/** Dashboard list page size (spec §7). */
export const DASH_LIST_SIZE = 5;

export const UserDay = Type.Object({
  dateStr: Type.String(),
  newUser: Type.Integer(),
  activeUser: Type.Integer(),
  allUser: Type.Integer(),
});
export const ExamDay = Type.Object({
  dateStr: Type.String(),
  examCount: Type.Integer(),
  examUser: Type.Integer(),
  passUser: Type.Integer(),
});
export const LearnDay = Type.Object({
  dateStr: Type.String(),
  learnUser: Type.Integer(),
  finishUser: Type.Integer(),
  avgTime: Type.Integer(),
});
export type UserDay = Type.Static<typeof UserDay>;
export type ExamDay = Type.Static<typeof ExamDay>;
export type LearnDay = Type.Static<typeof LearnDay>;

const TitleParams = Type.Object({ title: Type.Optional(Type.String({ maxLength: 64 })) });
/** A running course: learners who joined and who finished it. */
export const DashCourse = Type.Object({
  id: Type.String(),
  title: Type.String(),
  learnUser: Type.Integer(),
  finishUser: Type.Integer(),
});
/** A running exam (enabled, inside its window): examinees answering now and those who handed in. */
export const DashExam = Type.Object({
  id: Type.String(),
  title: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  processUser: Type.Integer(),
  finishUser: Type.Integer(),
});
export type DashExam = Type.Static<typeof DashExam>;

/** Dashboard statistics: 7 days ending today in the site's time zone. */
export const StatCalls = {
  userWeek: defineCall('/api/stat/total/user/week', Empty, Type.Array(UserDay)),
  examWeek: defineCall('/api/stat/total/exam/week', Empty, Type.Array(ExamDay)),
  learnWeek: defineCall('/api/stat/total/learn/week', Empty, Type.Array(LearnDay)),
  courseList: defineCall('/api/stat/course/dash-course-list', PagingReq(TitleParams), PagingRes(DashCourse)),
  examList: defineCall('/api/stat/exam/dash-exam-list', PagingReq(TitleParams), PagingRes(DashExam)),
  /** The platform's version (the root package version), for the dashboard's system card. */
  version: defineCall('/api/stat/sys/version', Empty, Type.Object({ version: Type.String() })),
};
