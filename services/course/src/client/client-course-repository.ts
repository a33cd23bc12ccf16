import {
  type CourseCard,
  CourseFileType,
  CourseOpenType,
  CourseState,
  MineCourseState,
  type PagingQuery,
} from '@exam/contracts';
import { type AuthUser, type Db, contains, fmtTime, pageQuery, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { catJoin, notEnded, openTo, studyFileCount } from '../course/course-repository';

/* The learner's course grids (open courses, my courses) and a course's reference attachments. */
export type CardParams = { catId?: string; title?: string; state?: number };
const {
  elCourse,
  elCourseLearner,
  elCoursePerson,
  elCourseFile,
  elCourseRef,
  elCourseProgress,
  elCourseQa,
  sysDicValue,
} = schema;

const learnFile = (
  uid: string,
) => sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id
  join ${elCourseProgress} p on p.file_id = r.file_id and p.user_id = ${uid} and p.finished
  where r.course_id = ${elCourse.id} and f.file_type in (${CourseFileType.VIDEO}, ${CourseFileType.PDF}))`;
const qaCount = sql<number>`(select count(*)::int from ${elCourseQa} q where q.course_id = ${elCourse.id})`;
const liveCount = sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id where r.course_id = ${elCourse.id} and f.file_type = ${CourseFileType.LIVE})`;
const base = (p: CardParams = {}) => [
  eq(elCourse.state, CourseState.NORMAL),
  p.title ? contains(elCourse.title, p.title) : undefined,
  p.catId ? eq(elCourse.catId, p.catId) : undefined,
];

/** One page of course cards with the learner's standing in each, one statement per page (and one count). */
function cards(db: Db, u: AuthUser, q: PagingQuery<CardParams>, cond: SQL, order: SQL[]) {
  return pageQuery<CourseCard>(
    q,
    async (limit, offset) =>
      (
        await db
          .select({
            c: elCourse,
            cat: sysDicValue.title,
            l: elCourseLearner,
            total: studyFileCount(elCourse.id),
            learned: learnFile(u.id),
            qa: qaCount,
            live: liveCount,
            latestTitle: elCourseFile.title,
          })
          .from(elCourse)
          .leftJoin(sysDicValue, catJoin())
          .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id)))
          .leftJoin(elCourseFile, eq(elCourseFile.id, elCourseLearner.latestFileId))
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)
      ).map(({ c, cat, l, total, learned, qa, live, latestTitle }) => ({
        id: c.id,
        title: c.title,
        cover: c.cover,
        contentText: c.contentText,
        catId: c.catId,
        catId_dictText: cat ?? '',
        price: c.salePrice,
        salePrice: c.salePrice,
        costPoints: c.costPoints,
        liveCount: Number(live),
        hasJoin: !!l?.hasJoin,
        startTime: fmtTime(c.startTime),
        endTime: fmtTime(c.endTime),
        openType: c.openType,
        learnFile: Number(learned),
        totalFile: Number(total),
        qaCount: Number(qa),
        finished: !!l?.finished,
        latestFile:
          l?.latestFileId && latestTitle
            ? { id: l.latestFileId, title: latestTitle, learnTime: fmtTime(l.latestTime) }
            : null,
      })),
    async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(elCourse)
            .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id)))
            .where(cond)
        )[0].n,
      ),
  );
}

/** Enabled courses open to the learner and not ended, newest first. */
export function openCards(db: Db, u: AuthUser, q: PagingQuery<CardParams>) {
  return cards(db, u, q, and(...base(q.params), openTo(u), notEnded()) as SQL, [
    desc(elCourse.createTime),
    desc(elCourse.id),
  ]);
}

/** Joined courses, and those assigned to the learner (department, named people); tabs by progress. */
export function mineCards(db: Db, u: AuthUser, q: PagingQuery<CardParams>) {
  const assigned = or(
    eq(elCourseLearner.hasJoin, true),
    and(
      eq(elCourse.openType, CourseOpenType.PERSON),
      sql`exists (select 1 from ${elCoursePerson} x where x.course_id = ${elCourse.id} and x.user_id = ${u.id})`,
    ),
    and(eq(elCourse.openType, CourseOpenType.DEPART), openTo(u)),
  );
  const started = sql`(${elCourseLearner.learnSec} > 0 or ${learnFile(u.id)} > 0)`;
  const tab: Record<number, SQL | undefined> = {
    [MineCourseState.NOT_STARTED]: sql`(${elCourseLearner.userId} is null or not ${started})`,
    [MineCourseState.LEARNING]: and(started, sql`not coalesce(${elCourseLearner.finished}, false)`),
    [MineCourseState.FINISHED]: eq(elCourseLearner.finished, true),
  };
  const cond = and(...base(q.params), assigned, tab[q.params?.state ?? MineCourseState.ALL]) as SQL;
  return cards(db, u, q, cond, [
    sql`${elCourseLearner.latestTime} desc nulls last`,
    desc(elCourse.createTime),
    desc(elCourse.id),
  ]);
}

/** A course's reference attachments in course order, by title when given. */
export async function refFiles(db: Db, courseId: string, title?: string) {
  return (
    await db
      .select({ f: elCourseFile })
      .from(elCourseRef)
      .innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
      .where(
        and(
          eq(elCourseRef.courseId, courseId),
          eq(elCourseFile.fileType, CourseFileType.ATTACH),
          title ? contains(elCourseFile.title, title) : undefined,
        ),
      )
      .orderBy(asc(elCourseRef.sort))
  ).map((r) => r.f);
}
