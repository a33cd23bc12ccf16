import {
  type CourseAdminRow,
  CourseOpenType,
  CourseState,
  OrderItemType,
  type PagingQuery,
  STUDY_FILE_TYPES,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type Tx,
  boughtSql,
  contains,
  fmtTime,
  forbidden,
  hasBought,
  notFound,
  pageQuery,
  schema,
} from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';

/*
 * The course domain's SQL: courses, their file lists, named people, learners' standing and the admin's lists.
 * The reads other domains of the service share (visible, studiable, a course's files) are here too.
 */
export type CourseRecord = typeof schema.elCourse.$inferSelect;
const {
  elCourse,
  elCoursePerson,
  elCourseLearner,
  elCourseRef,
  elCourseFile,
  elExam,
  sysDicValue,
  sysUser,
  sysUserPoints,
  sysDepart,
} = schema;

export async function courseById(db: Db | Tx, id: string): Promise<CourseRecord> {
  const [c] = await db.select().from(elCourse).where(eq(elCourse.id, id));
  if (!c) throw notFound('课程不存在或已删除！');
  return c;
}

/** The points log's entry for a course bought with points (the kit's once-per-learner rule). */
export const buyRef = (courseId: string) => `course:${courseId}`;

/**
 * SQL: the course is open to the user by its open type (2: their department or one above it,
 * 3: named people; 1 and 9 are listed to everyone, 9 asks a password at join).
 */
export function openTo(u: Pick<AuthUser, 'id' | 'deptCode'>): SQL {
  return sql`(${elCourse.openType} in (${CourseOpenType.PUBLIC}, ${CourseOpenType.PASSWORD})
    or (${elCourse.openType} = ${CourseOpenType.DEPART} and exists (select 1 from jsonb_array_elements_text(${elCourse.deptCodes}) d where d <> '' and ${u.deptCode} like d || '%'))
    or (${elCourse.openType} = ${CourseOpenType.PERSON} and exists (select 1 from ${elCoursePerson} p where p.course_id = ${elCourse.id} and p.user_id = ${u.id})))`;
}

/** SQL: the study period has not ended (open courses list). */
export const notEnded = () => sql`(${elCourse.endTime} is null or ${elCourse.endTime} > now())`;

export type Standing = { course: CourseRecord; hasJoin: boolean; paid: boolean };

/**
 * A course the learner may see: enabled and open to them by open type. Anything else answers 404,
 * so ids of hidden courses tell nothing.
 */
export async function visibleCourse(
  db: Db | Tx,
  u: Pick<AuthUser, 'id' | 'deptCode'>,
  courseId: string,
): Promise<Standing> {
  const [row] = await db
    .select({ c: elCourse, join: elCourseLearner.hasJoin, open: openTo(u) })
    .from(elCourse)
    .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id)))
    .where(eq(elCourse.id, courseId));
  if (!row || row.c.state !== CourseState.NORMAL || !row.open) throw notFound('课程不存在或已删除！');
  const c = row.c;
  let paid = c.salePrice <= 0 && c.costPoints <= 0;
  // Priced in money: a paid order holds it (with its points); points only: the points log.
  if (c.salePrice > 0) paid = await hasBought(db, u.id, OrderItemType.COURSE, c.id);
  else if (!paid) {
    paid =
      (
        await db
          .select({ id: sysUserPoints.id })
          .from(sysUserPoints)
          .where(and(eq(sysUserPoints.userId, u.id), eq(sysUserPoints.refId, buyRef(c.id))))
          .limit(1)
      ).length > 0;
  }
  return { course: c, hasJoin: !!row.join, paid };
}

/** Why a visible course cannot be studied now, or '' when it can (period, payment, password join). */
export function studyBlock(s: Standing, now = new Date()): string {
  const c = s.course;
  if (c.startTime && now < c.startTime) return '课程尚未开始学习！';
  if (c.endTime && now > c.endTime) return '课程学习已结束！';
  if (!s.paid && c.salePrice > 0) return '该课程需购买后学习！';
  if (!s.paid) return `请先使用${c.costPoints}积分购买课程！`;
  if (c.openType === CourseOpenType.PASSWORD && !s.hasJoin) return '请先输入密码加入课程！';
  return '';
}

/**
 * SQL: the courses the learner may study now, for lists across courses (Q&A): the rule of `studyBlock` below,
 * visible, in its period, free or bought with points, joined if it has a password. The two are kept together.
 */
export function studiableBy(u: Pick<AuthUser, 'id' | 'deptCode'>): SQL {
  return sql`(${elCourse.state} = ${CourseState.NORMAL} and ${openTo(u)}
    and (${elCourse.startTime} is null or ${elCourse.startTime} <= now()) and (${elCourse.endTime} is null or ${elCourse.endTime} >= now())
    and (case when ${elCourse.salePrice} > 0 then ${boughtSql(u.id, OrderItemType.COURSE, elCourse.id)}
      else ${elCourse.costPoints} <= 0 or exists (select 1 from ${sysUserPoints} b where b.user_id = ${u.id} and b.ref_id = 'course:' || ${elCourse.id}) end)
    and (${elCourse.openType} <> ${CourseOpenType.PASSWORD}
      or exists (select 1 from ${elCourseLearner} j where j.course_id = ${elCourse.id} and j.user_id = ${u.id} and j.has_join)))`;
}

/** A course the learner may study now: visible (else 404), then period, payment and password (else 403). */
export async function studyCourse(
  db: Db | Tx,
  u: Pick<AuthUser, 'id' | 'deptCode'>,
  courseId: string,
): Promise<Standing> {
  const s = await visibleCourse(db, u, courseId);
  const why = studyBlock(s);
  if (why) throw forbidden(why);
  return s;
}

/** A course's files in order, with their courseware fields. */
export async function filesOf(db: Db | Tx, courseId: string) {
  return db
    .select({ ref: elCourseRef, f: elCourseFile })
    .from(elCourseRef)
    .innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
    .where(eq(elCourseRef.courseId, courseId))
    .orderBy(asc(elCourseRef.sort));
}

/** The file belongs to the course (else 404). */
export async function fileInCourse(db: Db | Tx, courseId: string, fileId: string) {
  const [row] = await db
    .select({ f: elCourseFile })
    .from(elCourseRef)
    .innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
    .where(and(eq(elCourseRef.courseId, courseId), eq(elCourseRef.fileId, fileId)));
  if (!row) throw notFound('课件不存在或已删除！');
  return row.f;
}

/** SQL: how many files of the course count for completion (videos and PDFs). */
export const studyFileCount = (courseId: SQL | typeof elCourse.id) =>
  sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id where r.course_id = ${courseId} and f.file_type in (${sql.join(
    STUDY_FILE_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )}))`;

/** Joins the catalog (dictionary course_catalog) of a course or courseware by its catId column. */
export const catJoin = (catId: typeof elCourse.catId | typeof elCourseFile.catId = elCourse.catId) =>
  and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, catId));

/** A catalog value's title ('' when there is none). */
export async function catalogTitle(db: Db, catId: string): Promise<string> {
  const [cat] = await db
    .select({ t: sysDicValue.title })
    .from(sysDicValue)
    .where(and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, catId)));
  return cat?.t ?? '';
}

type AdminParams = { title?: string; catId?: string; state?: number; excludes?: string[] };
const learners = sql<number>`(select count(*)::int from ${elCourseLearner} l where l.course_id = ${elCourse.id})`;
const finishers = sql<number>`(select count(*)::int from ${elCourseLearner} l where l.course_id = ${elCourse.id} and l.finished)`;

/** The admin's course list (CourseList) with file, learner and finisher counts. */
export function adminCoursePage(db: Db, q: PagingQuery<AdminParams>) {
  const p = q.params ?? {};
  const cond = and(
    p.title ? contains(elCourse.title, p.title) : undefined,
    p.catId ? eq(elCourse.catId, p.catId) : undefined,
    p.state !== undefined ? eq(elCourse.state, p.state) : undefined,
    p.excludes?.length ? notInArray(elCourse.id, p.excludes) : undefined,
  ) as SQL | undefined;
  return pageQuery<CourseAdminRow>(
    q,
    async (limit, offset) =>
      (
        await db
          .select({ c: elCourse, cat: sysDicValue.title, files: studyFileCount(elCourse.id), learners, finishers })
          .from(elCourse)
          .leftJoin(sysDicValue, catJoin())
          .where(cond)
          .orderBy(desc(elCourse.createTime), desc(elCourse.id))
          .limit(limit)
          .offset(offset)
      ).map(({ c, cat, files, learners: l, finishers: f }) => ({
        id: c.id,
        title: c.title,
        cover: c.cover,
        catId: c.catId,
        catId_dictText: cat ?? '',
        price: c.salePrice,
        salePrice: c.salePrice,
        costPoints: c.costPoints,
        openType: c.openType,
        state: c.state,
        startTime: fmtTime(c.startTime),
        endTime: fmtTime(c.endTime),
        fileCount: Number(files),
        learnUser: Number(l),
        finishUser: Number(f),
        createTime: fmtTime(c.createTime),
      })),
    async () => Number((await db.select({ n: count() }).from(elCourse).where(cond))[0].n),
  );
}

/** Coursewares by id with their state (those not found are left out). */
export function fileStates(db: Db, ids: string[]) {
  return db
    .select({ id: elCourseFile.id, state: elCourseFile.state })
    .from(elCourseFile)
    .where(inArray(elCourseFile.id, ids));
}

/** The ids of the coursewares a course holds now. */
export async function courseFileIds(db: Db, courseId: string): Promise<string[]> {
  return (await db.select({ id: elCourseRef.fileId }).from(elCourseRef).where(eq(elCourseRef.courseId, courseId))).map(
    (r) => r.id,
  );
}

/** How many of these user ids exist. */
export async function userCount(db: Db, ids: string[]): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUser).where(inArray(sysUser.id, ids)))[0].n);
}

/** The people a course is assigned to by name (open type 3). */
export async function coursePeople(db: Db, courseId: string): Promise<string[]> {
  return (
    await db.select({ u: elCoursePerson.userId }).from(elCoursePerson).where(eq(elCoursePerson.courseId, courseId))
  ).map((p) => p.u);
}

export type CourseWrite = Omit<typeof elCourse.$inferInsert, 'id' | 'createBy'>;

/** Writes a course, its files in order and its named people, in one transaction (a new row with `createBy`). */
export async function writeCourse(
  db: Db,
  id: string,
  row: CourseWrite,
  files: { fileId: string; chapter: string }[],
  people: string[],
  createBy?: string,
) {
  await db.transaction(async (tx) => {
    if (createBy === undefined) await tx.update(elCourse).set(row).where(eq(elCourse.id, id));
    else await tx.insert(elCourse).values({ id, ...row, createBy });
    await tx.delete(elCourseRef).where(eq(elCourseRef.courseId, id));
    if (files.length)
      await tx
        .insert(elCourseRef)
        .values(files.map((r, i) => ({ courseId: id, fileId: r.fileId, sort: i, chapter: r.chapter })));
    await tx.delete(elCoursePerson).where(eq(elCoursePerson.courseId, id));
    if (people.length) await tx.insert(elCoursePerson).values(people.map((userId) => ({ courseId: id, userId })));
  });
}

/** How many learners of these courses have studied (time or files). */
export async function studiedCount(db: Db, courseIds: string[]): Promise<number> {
  return Number(
    (
      await db
        .select({ n: count() })
        .from(elCourseLearner)
        .where(
          and(
            inArray(elCourseLearner.courseId, courseIds),
            sql`(${elCourseLearner.learnSec} > 0 or ${elCourseLearner.learnFile} > 0)`,
          ),
        )
    )[0].n,
  );
}

/** Deletes courses; answers how many were there. */
export async function deleteCourses(db: Db, ids: string[]): Promise<number> {
  return (await db.delete(elCourse).where(inArray(elCourse.id, ids)).returning({ id: elCourse.id })).length;
}

export async function setCourseState(db: Db, ids: string[], state: number) {
  await db.update(elCourse).set({ state, updateTime: new Date() }).where(inArray(elCourse.id, ids));
}

/** Exams by id with their titles, read only from the exam table of the same database (never the exam service's code). */
export function examsByIds(db: Db, ids: string[]) {
  return db.select({ id: elExam.id, title: elExam.title }).from(elExam).where(inArray(elExam.id, ids));
}

export type LearnerParams = { courseId: string; realName?: string; finished?: boolean };
const learnerCond = (p: LearnerParams) =>
  and(
    eq(elCourseLearner.courseId, p.courseId),
    p.realName ? contains(sysUser.realName, p.realName) : undefined,
    p.finished === undefined ? undefined : eq(elCourseLearner.finished, p.finished),
  ) as SQL;

/** A course's learners with their user, department and the course's study file count; latest study first. */
export function learnerRows(db: Db, p: LearnerParams, limit: number, offset: number) {
  const total = studyFileCount(sql`${p.courseId}`);
  return db
    .select({ l: elCourseLearner, u: sysUser, dept: sysDepart.deptName, total })
    .from(elCourseLearner)
    .innerJoin(sysUser, eq(sysUser.id, elCourseLearner.userId))
    .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
    .where(learnerCond(p))
    .orderBy(sql`${elCourseLearner.latestTime} desc nulls last`, desc(elCourseLearner.createTime))
    .limit(limit)
    .offset(offset);
}

export async function learnerCount(db: Db, p: LearnerParams): Promise<number> {
  return Number(
    (
      await db
        .select({ n: count() })
        .from(elCourseLearner)
        .innerJoin(sysUser, eq(sysUser.id, elCourseLearner.userId))
        .where(learnerCond(p))
    )[0].n,
  );
}

/** One learner's row of a course (none before they join or study). */
export async function learnerOf(db: Db, courseId: string, userId: string) {
  const [l] = await db
    .select()
    .from(elCourseLearner)
    .where(and(eq(elCourseLearner.courseId, courseId), eq(elCourseLearner.userId, userId)));
  return l;
}

/** Stars (or un-stars) a course for a learner; in the caller's transaction when given one. */
export async function setJoin(db: Db | Tx, courseId: string, userId: string, hasJoin: boolean) {
  await db
    .insert(elCourseLearner)
    .values({ courseId, userId, hasJoin })
    .onConflictDoUpdate({ target: [elCourseLearner.courseId, elCourseLearner.userId], set: { hasJoin } });
}
