import Type from 'typebox';

/** Title search used by many lists. */
export const TitleParams = Type.Object({ title: Type.Optional(Type.String({ maxLength: 100 })) });

// ---- system: users (SysUser list)
export const UserPagingParams = Type.Object({
  userName: Type.Optional(Type.String({ maxLength: 64 })),
  deptCode: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
  roleIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  userType: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })),
  excludes: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 5000 })),
  /** Leave out users of these departments (deptCode, sub-departments included) and of these groups. */
  excludeDeparts: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  excludeGroups: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 })),
  /** Only members of any of these groups, and only learners who joined any of these courses (the pickers' group and course selectors). */
  groupIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  courseIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
});
export const UserRow = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  deptCode: Type.String(),
  deptCode_dictText: Type.String(),
  mobile: Type.String(),
  state: Type.Integer(),
  roleNames: Type.String(),
  createTime: Type.String(),
});
export type UserRow = Type.Static<typeof UserRow>;

// ---- repo: banks (RepoList, open banks)
export const RepoRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  price: Type.Number(),
  quCount: Type.Integer(),
  isOpen: Type.Boolean(),
  createTime: Type.String(),
});
export type RepoRow = Type.Static<typeof RepoRow>;

// ---- exam: exams (ExamList, ExamOnline)
export const ExamRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Cover image address; '' shows the default cover. */
  cover: Type.String(),
  state: Type.Integer(),
  openType: Type.Integer(),
  startTime: Type.String(),
  endTime: Type.String(),
  totalTime: Type.Integer(),
  totalScore: Type.Number(),
  qualifyScore: Type.Number(),
  chance: Type.Integer(),
  price: Type.Number(),
});
export type ExamRow = Type.Static<typeof ExamRow>;

// ---- course: superseded by course/ (CourseAdminRow, CourseCard); kept until mfe-course's old views are replaced.
export const CourseRow = Type.Object({
  id: Type.String(),
  title: Type.String(),
  catId: Type.String(),
  catId_dictText: Type.String(),
  price: Type.Number(),
  contentText: Type.String(),
  state: Type.Integer(),
  createTime: Type.String(),
});
export type CourseRow = Type.Static<typeof CourseRow>;

// ---- stat: dashboard totals (spec admin §3 "Dashboard totals")
export const DashTotals = Type.Object({
  examCount: Type.Integer(),
  tmplCount: Type.Integer(),
  battleCount: Type.Integer(),
  courseCount: Type.Integer(),
  fileCount: Type.Integer(),
  repoCount: Type.Integer(),
  quCount: Type.Integer(),
  userCount: Type.Integer(),
  grantCount: Type.Integer(),
});
export type DashTotals = Type.Static<typeof DashTotals>;
