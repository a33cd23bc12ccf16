import { CourseOpenType, CourseState, STUDY_FILE_TYPES } from '@exam/contracts';
import { type AuthUser, type Db, type Tx, forbidden, notFound, schema } from '@exam/server-kit';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';

export type CourseRecord = typeof schema.elCourse.$inferSelect;
const { elCourse, elCoursePerson, elCourseLearner, elCourseRef, elCourseFile, sysUserPoints } = schema;

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
export async function visibleCourse(db: Db | Tx, u: Pick<AuthUser, 'id' | 'deptCode'>, courseId: string): Promise<Standing> {
  const [row] = await db.select({ c: elCourse, join: elCourseLearner.hasJoin, open: openTo(u) }).from(elCourse)
    .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id)))
    .where(eq(elCourse.id, courseId));
  if (!row || row.c.state !== CourseState.NORMAL || !row.open) throw notFound('课程不存在或已删除！');
  const c = row.c;
  let paid = c.salePrice <= 0 && c.costPoints <= 0;
  if (!paid && c.salePrice <= 0) {
    paid = (await db.select({ id: sysUserPoints.id }).from(sysUserPoints)
      .where(and(eq(sysUserPoints.userId, u.id), eq(sysUserPoints.refId, buyRef(c.id)))).limit(1)).length > 0;
  }
  return { course: c, hasJoin: !!row.join, paid };
}

/** Why a visible course cannot be studied now, or '' when it can (period, payment, password join). */
export function studyBlock(s: Standing, now = new Date()): string {
  const c = s.course;
  if (c.startTime && now < c.startTime) return '课程尚未开始学习！';
  if (c.endTime && now > c.endTime) return '课程学习已结束！';
  if (c.salePrice > 0) return '该课程需购买后学习，暂不支持在线支付！';
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
    and ${elCourse.salePrice} <= 0
    and (${elCourse.costPoints} <= 0 or exists (select 1 from ${sysUserPoints} b where b.user_id = ${u.id} and b.ref_id = 'course:' || ${elCourse.id}))
    and (${elCourse.openType} <> ${CourseOpenType.PASSWORD}
      or exists (select 1 from ${elCourseLearner} j where j.course_id = ${elCourse.id} and j.user_id = ${u.id} and j.has_join)))`;
}

/** A course the learner may study now: visible (else 404), then period, payment and password (else 403). */
export async function studyCourse(db: Db | Tx, u: Pick<AuthUser, 'id' | 'deptCode'>, courseId: string): Promise<Standing> {
  const s = await visibleCourse(db, u, courseId);
  const why = studyBlock(s);
  if (why) throw forbidden(why);
  return s;
}

/** A course's files in order, with their courseware fields. */
export async function filesOf(db: Db | Tx, courseId: string) {
  return db.select({ ref: elCourseRef, f: elCourseFile }).from(elCourseRef).innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
    .where(eq(elCourseRef.courseId, courseId)).orderBy(asc(elCourseRef.sort));
}

/** The file belongs to the course (else 404). */
export async function fileInCourse(db: Db | Tx, courseId: string, fileId: string) {
  const [row] = await db.select({ f: elCourseFile }).from(elCourseRef).innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
    .where(and(eq(elCourseRef.courseId, courseId), eq(elCourseRef.fileId, fileId)));
  if (!row) throw notFound('课件不存在或已删除！');
  return row.f;
}

/** SQL: how many files of the course count for completion (videos and PDFs). */
export const studyFileCount = (courseId: SQL | typeof elCourse.id) =>
  sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id where r.course_id = ${courseId} and f.file_type in (${sql.join(STUDY_FILE_TYPES.map((t) => sql`${t}`), sql`, `)}))`;

