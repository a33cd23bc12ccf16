import { type CourseAdminRow, type CourseDetail, type CourseSaveReq, CourseFileState, CourseOpenType, type PagingQuery } from '@exam/contracts';
import {
  type AuthUser, type Db, badRequest, conflict, contains, fmtTime, newId, notFound, pageQuery, parseTime, richTextToPlain, sanitizeRichText, schema,
} from '@exam/server-kit';
import { and, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { courseById, studyFileCount } from './course-repository';
import { courseFields, viewFiles } from './course-view';
import { checkFinalExams, finalExamList } from './final-exams';

type Params = { title?: string; catId?: string; state?: number; excludes?: string[] };

export const catJoin = () => and(eq(schema.sysDicValue.dicCode, 'course_catalog'), eq(schema.sysDicValue.value, schema.elCourse.catId));

function timeOrNull(s: string | undefined, what: string): Date | null {
  if (!s) return null;
  try {
    return parseTime(s);
  } catch {
    throw badRequest(`${what}格式不正确！`);
  }
}

/** Admin side of courses (CourseList): list with learners and finishers, detail, save, delete, state. */
export function courseService(db: Db) {
  const { elCourse, elCoursePerson, elCourseRef, elCourseFile, elCourseLearner, sysDicValue } = schema;
  const learners = sql<number>`(select count(*)::int from ${elCourseLearner} l where l.course_id = ${elCourse.id})`;
  const finishers = sql<number>`(select count(*)::int from ${elCourseLearner} l where l.course_id = ${elCourse.id} and l.finished)`;

  async function check(b: CourseSaveReq) {
    if (!b.title.trim()) throw badRequest('课程名称不能为空！');
    const start = timeOrNull(b.startTime, '开始时间');
    const end = timeOrNull(b.endTime, '结束时间');
    if (start && end && end <= start) throw badRequest('结束时间必须晚于开始时间！');
    if (b.openType === CourseOpenType.DEPART && !b.deptCodes?.length) throw badRequest('请选择指定部门！');
    if (b.openType === CourseOpenType.PERSON && !b.userIds?.length) throw badRequest('请选择指定人员！');
    if (b.openType === CourseOpenType.PASSWORD && !b.password?.trim()) throw badRequest('请设置课程密码！');
    if (b.checkOn && !(b.checkSec && b.checkSec > 0)) throw badRequest('请设置学习检测间隔（分钟）！');
    if (b.faceOn && !(b.faceInterval && b.faceInterval > 0)) throw badRequest('请设置人脸识别间隔（分钟）！');
    const ids = b.fileRefs.map((r) => r.fileId);
    if (new Set(ids).size !== ids.length) throw badRequest('课件不能重复添加！');
    if (ids.length) {
      const found = await db.select({ id: elCourseFile.id, state: elCourseFile.state }).from(elCourseFile).where(inArray(elCourseFile.id, ids));
      if (found.length !== ids.length) throw badRequest('课件不存在或已删除！');
      const kept = b.id ? new Set((await db.select({ id: elCourseRef.fileId }).from(elCourseRef).where(eq(elCourseRef.courseId, b.id))).map((r) => r.id)) : new Set();
      // Only finished transcodes can be added (the picker offers state 0); files already in the course stay.
      if (found.some((f) => f.state !== CourseFileState.NORMAL && !kept.has(f.id))) throw badRequest('只能选择状态正常的课件！');
    }
    if (b.userIds?.length) {
      const { sysUser } = schema;
      const n = await db.select({ n: count() }).from(sysUser).where(inArray(sysUser.id, b.userIds));
      if (Number(n[0].n) !== new Set(b.userIds).size) throw badRequest('指定人员不存在！');
    }
    return { start, end };
  }

  return {
    async paging(q: PagingQuery<Params>) {
      const p = q.params ?? {};
      const cond = and(
        p.title ? contains(elCourse.title, p.title) : undefined, p.catId ? eq(elCourse.catId, p.catId) : undefined,
        p.state !== undefined ? eq(elCourse.state, p.state) : undefined, p.excludes?.length ? notInArray(elCourse.id, p.excludes) : undefined,
      ) as SQL | undefined;
      return pageQuery<CourseAdminRow>(
        q,
        async (limit, offset) =>
          (await db.select({ c: elCourse, cat: sysDicValue.title, files: studyFileCount(elCourse.id), learners, finishers }).from(elCourse)
            .leftJoin(sysDicValue, catJoin()).where(cond).orderBy(desc(elCourse.createTime), desc(elCourse.id)).limit(limit).offset(offset)
          ).map(({ c, cat, files, learners: l, finishers: f }) => ({
            id: c.id, title: c.title, cover: c.cover, catId: c.catId, catId_dictText: cat ?? '', price: c.salePrice, salePrice: c.salePrice,
            costPoints: c.costPoints, openType: c.openType, state: c.state, startTime: fmtTime(c.startTime), endTime: fmtTime(c.endTime),
            fileCount: Number(files), learnUser: Number(l), finishUser: Number(f), createTime: fmtTime(c.createTime),
          })),
        async () => Number((await db.select({ n: count() }).from(elCourse).where(cond))[0].n),
      );
    },

    /** The author's view: every setting, targets, password and file order. */
    async adminDetail(id: string): Promise<CourseDetail> {
      const c = await courseById(db, id);
      const [cat] = await db.select({ t: sysDicValue.title }).from(sysDicValue).where(and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, c.catId)));
      const files = await viewFiles(db, id);
      const people = await db.select({ u: elCoursePerson.userId }).from(elCoursePerson).where(eq(elCoursePerson.courseId, id));
      return {
        ...courseFields(c, cat?.t ?? '', files), deptCodes: c.deptCodes, userIds: people.map((p) => p.u), password: c.password,
        fileRefs: files.map((f) => ({ fileId: f.fileId, chapter: f.chapter })), createTime: fmtTime(c.createTime),
        examList: await finalExamList(db, c.examIds),
      };
    },

    async save(b: CourseSaveReq, user: AuthUser) {
      const { start, end } = await check(b);
      const examIds = await checkFinalExams(db, b.examIds);
      const id = b.id ?? newId();
      if (b.id) await courseById(db, b.id);
      const content = sanitizeRichText(b.content ?? '');
      const row = {
        title: b.title.trim(), cover: b.cover ?? '', catId: b.catId ?? '', content, contentText: richTextToPlain(content).slice(0, 500),
        salePrice: b.salePrice ?? 0, costPoints: b.costPoints ?? 0, state: b.state ?? 0, openType: b.openType,
        deptCodes: b.openType === CourseOpenType.DEPART ? (b.deptCodes ?? []) : [], password: b.openType === CourseOpenType.PASSWORD ? (b.password ?? '').trim() : '',
        startTime: start, endTime: end, videoDrag: b.videoDrag ?? false, checkOn: b.checkOn ?? false, checkSec: b.checkSec ?? 0,
        faceOn: b.faceOn ?? false, faceInterval: b.faceInterval ?? 0, faceChance: b.faceChance ?? 3, finishRate: b.finishRate ?? 90, examIds, updateTime: new Date(),
      };
      await db.transaction(async (tx) => {
        if (b.id) await tx.update(elCourse).set(row).where(eq(elCourse.id, id));
        else await tx.insert(elCourse).values({ id, ...row, createBy: user.id });
        await tx.delete(elCourseRef).where(eq(elCourseRef.courseId, id));
        if (b.fileRefs.length) await tx.insert(elCourseRef).values(b.fileRefs.map((r, i) => ({ courseId: id, fileId: r.fileId, sort: i, chapter: r.chapter?.trim() ?? '' })));
        await tx.delete(elCoursePerson).where(eq(elCoursePerson.courseId, id));
        const people = b.openType === CourseOpenType.PERSON ? [...new Set(b.userIds ?? [])] : [];
        if (people.length) await tx.insert(elCoursePerson).values(people.map((userId) => ({ courseId: id, userId })));
      });
      return { id };
    },

    async delete(ids: string[]) {
      const used = await db.select({ n: count() }).from(elCourseLearner).where(and(inArray(elCourseLearner.courseId, ids), sql`(${elCourseLearner.learnSec} > 0 or ${elCourseLearner.learnFile} > 0)`));
      if (Number(used[0].n) > 0) throw conflict('课程已有学员学习，不能删除，请改为禁用！');
      const gone = await db.delete(elCourse).where(inArray(elCourse.id, ids)).returning({ id: elCourse.id });
      if (!gone.length) throw notFound('课程不存在或已删除！');
    },

    async state(ids: string[], state: 0 | 1) {
      await db.update(elCourse).set({ state, updateTime: new Date() }).where(inArray(elCourse.id, ids));
    },
  };
}
