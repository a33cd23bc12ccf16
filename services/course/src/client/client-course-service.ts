import {
  type CourseCard, type CourseDetail, type CourseSimpleDetail, CourseFileType, CourseOpenType, CourseState, MineCourseState, type PagingQuery, type RefFile,
} from '@exam/contracts';
import { type AuthUser, type Db, conflict, contains, fmtTime, forbidden, GuessScope, guessSecret, pageQuery, schema, spendPointsOnce } from '@exam/server-kit';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { buyRef, notEnded, openTo, studyCourse, studyFileCount, visibleCourse } from '../course/course-repository';
import { catJoin } from '../course/course-service';
import { courseFields, viewFiles } from '../course/course-view';
import { mediaUrl } from '../play/play-token';

type Params = { catId?: string; title?: string; state?: number };
type Kv = import('@exam/server-kit').KeyValue;

/** The learner side of courses: open grid, my courses, join, buy, the course view, reference files. */
export function clientCourseService(db: Db, kv: Kv) {
  const { elCourse, elCourseLearner, elCoursePerson, elCourseFile, elCourseRef, elCourseProgress, elCourseQa, sysDicValue } = schema;
  const learnFile = (uid: string) => sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id
    join ${elCourseProgress} p on p.file_id = r.file_id and p.user_id = ${uid} and p.finished
    where r.course_id = ${elCourse.id} and f.file_type in (${CourseFileType.VIDEO}, ${CourseFileType.PDF}))`;
  const qaCount = sql<number>`(select count(*)::int from ${elCourseQa} q where q.course_id = ${elCourse.id})`;
  const liveCount = sql<number>`(select count(*)::int from ${elCourseRef} r join ${elCourseFile} f on f.id = r.file_id where r.course_id = ${elCourse.id} and f.file_type = ${CourseFileType.LIVE})`;
  const base = (p: Params = {}) => [eq(elCourse.state, CourseState.NORMAL), p.title ? contains(elCourse.title, p.title) : undefined, p.catId ? eq(elCourse.catId, p.catId) : undefined];

  async function cards(u: AuthUser, q: PagingQuery<Params>, cond: SQL, order: SQL[]) {
    return pageQuery<CourseCard>(
      q,
      async (limit, offset) =>
        (await db.select({
          c: elCourse, cat: sysDicValue.title, l: elCourseLearner, total: studyFileCount(elCourse.id), learned: learnFile(u.id), qa: qaCount, live: liveCount,
          latestTitle: elCourseFile.title,
        }).from(elCourse).leftJoin(sysDicValue, catJoin())
          .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id)))
          .leftJoin(elCourseFile, eq(elCourseFile.id, elCourseLearner.latestFileId))
          .where(cond).orderBy(...order).limit(limit).offset(offset)
        ).map(({ c, cat, l, total, learned, qa, live, latestTitle }) => ({
          id: c.id, title: c.title, cover: c.cover, contentText: c.contentText, catId: c.catId, catId_dictText: cat ?? '',
          price: c.salePrice, salePrice: c.salePrice, costPoints: c.costPoints, liveCount: Number(live), hasJoin: !!l?.hasJoin,
          startTime: fmtTime(c.startTime), endTime: fmtTime(c.endTime), openType: c.openType, learnFile: Number(learned), totalFile: Number(total),
          qaCount: Number(qa), finished: !!l?.finished,
          latestFile: l?.latestFileId && latestTitle ? { id: l.latestFileId, title: latestTitle, learnTime: fmtTime(l.latestTime) } : null,
        })),
      async () => Number((await db.select({ n: count() }).from(elCourse)
        .leftJoin(elCourseLearner, and(eq(elCourseLearner.courseId, elCourse.id), eq(elCourseLearner.userId, u.id))).where(cond))[0].n),
    );
  }

  return {
    openPaging(u: AuthUser, q: PagingQuery<Params>) {
      return cards(u, q, and(...base(q.params), openTo(u), notEnded()) as SQL, [desc(elCourse.createTime), desc(elCourse.id)]);
    },

    /** Joined courses, and those assigned to the learner (department, named people); tabs by progress. */
    minePaging(u: AuthUser, q: PagingQuery<Params>) {
      const assigned = or(
        eq(elCourseLearner.hasJoin, true),
        and(eq(elCourse.openType, CourseOpenType.PERSON), sql`exists (select 1 from ${elCoursePerson} x where x.course_id = ${elCourse.id} and x.user_id = ${u.id})`),
        and(eq(elCourse.openType, CourseOpenType.DEPART), openTo(u)),
      );
      const started = sql`(${elCourseLearner.learnSec} > 0 or ${learnFile(u.id)} > 0)`;
      const tab: Record<number, SQL | undefined> = {
        [MineCourseState.NOT_STARTED]: sql`(${elCourseLearner.userId} is null or not ${started})`,
        [MineCourseState.LEARNING]: and(started, sql`not coalesce(${elCourseLearner.finished}, false)`),
        [MineCourseState.FINISHED]: eq(elCourseLearner.finished, true),
      };
      const cond = and(...base(q.params), assigned, tab[q.params?.state ?? 0]) as SQL;
      return cards(u, q, cond, [sql`${elCourseLearner.latestTime} desc nulls last`, desc(elCourse.createTime), desc(elCourse.id)]);
    },

    /** Toggles the star; a password course asks its password to join, guessed under the sign-in limits. */
    async join(u: AuthUser, id: string, password: string | undefined, ip: string) {
      const s = await visibleCourse(db, u, id);
      if (!s.hasJoin && s.course.openType === CourseOpenType.PASSWORD) {
        // An empty password is no guess (the screen asks for one first).
        const who = { account: `${u.id}:${id}`, ip };
        const right = !!password && (await guessSecret(kv, GuessScope.COURSE_PASSWORD, who, password, s.course.password, '课程密码错误次数过多，请15分钟后再试！'));
        if (!right) throw forbidden('课程密码错误！');
      }
      const hasJoin = !s.hasJoin;
      await db.insert(elCourseLearner).values({ courseId: id, userId: u.id, hasJoin })
        .onConflictDoUpdate({ target: [elCourseLearner.courseId, elCourseLearner.userId], set: { hasJoin } });
      return hasJoin;
    },

    /** Buys a course with points, once (the points log decides); money payments are refused. */
    async buyInit(u: AuthUser, courseId: string) {
      const { course: c } = await visibleCourse(db, u, courseId);
      if (c.salePrice > 0) throw conflict('该课程需在线支付购买，暂不支持在线支付，请联系管理员！');
      if (c.costPoints <= 0) return { paid: true, costPoints: 0 };
      await db.transaction(async (tx) => {
        await spendPointsOnce(tx, {
          userId: u.id, refId: buyRef(c.id), points: c.costPoints, remark: `购买课程：${c.title}`, shortMsg: `积分不足，购买本课程需要${c.costPoints}积分！`,
        });
        await tx.insert(elCourseLearner).values({ courseId: c.id, userId: u.id, hasJoin: true })
          .onConflictDoUpdate({ target: [elCourseLearner.courseId, elCourseLearner.userId], set: { hasJoin: true } });
      });
      return { paid: true, costPoints: c.costPoints };
    },

    /** The course view: the course, the learner's standing and per-file progress (visible courses only). */
    async detail(u: AuthUser, id: string): Promise<CourseDetail> {
      const s = await visibleCourse(db, u, id);
      const [cat] = await db.select({ t: sysDicValue.title }).from(sysDicValue).where(and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, s.course.catId)));
      const files = await viewFiles(db, id, u.id);
      const [l] = await db.select().from(elCourseLearner).where(and(eq(elCourseLearner.courseId, id), eq(elCourseLearner.userId, u.id)));
      const study = files.filter((f) => f.fileType === CourseFileType.VIDEO || f.fileType === CourseFileType.PDF);
      return {
        ...courseFields(s.course, cat?.t ?? '', files), hasJoin: s.hasJoin, paid: s.paid,
        learnFile: study.filter((f) => f.finished).length, totalFile: study.length, finished: !!l?.finished,
      };
    },

    async simpleDetail(u: AuthUser, id: string): Promise<CourseSimpleDetail> {
      const { course: c } = await visibleCourse(db, u, id);
      return { id: c.id, title: c.title, videoDrag: c.videoDrag, checkOn: c.checkOn, checkSec: c.checkSec, faceOn: c.faceOn, faceInterval: c.faceInterval, faceChance: c.faceChance };
    },

    /** Reference attachments, for learners who may study the course; download urls carry a play token. */
    async refFileList(u: AuthUser & { token?: string }, courseId: string, title?: string, sessionToken = ''): Promise<RefFile[]> {
      await studyCourse(db, u, courseId);
      const rows = await db.select({ f: elCourseFile }).from(elCourseRef).innerJoin(elCourseFile, eq(elCourseFile.id, elCourseRef.fileId))
        .where(and(eq(elCourseRef.courseId, courseId), eq(elCourseFile.fileType, CourseFileType.ATTACH), title ? contains(elCourseFile.title, title) : undefined))
        .orderBy(asc(elCourseRef.sort));
      return Promise.all(rows.map(async ({ f }) => ({
        id: f.id, title: f.title, fileSize: f.fileSize, fileUrl: await mediaUrl(kv, { userId: u.id, fileId: f.id, courseId, session: sessionToken }, f),
      })));
    },
  };
}
