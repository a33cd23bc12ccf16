import {
  type CourseDetail,
  type CourseSaveReq,
  CourseFileState,
  CourseOpenType,
  CourseState,
  type PagingQuery,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  conflict,
  fmtTime,
  newId,
  notFound,
  parseTime,
  richTextToPlain,
  sanitizeRichText,
} from '@exam/server-kit';
import {
  adminCoursePage,
  catalogTitle,
  courseById,
  courseFileIds,
  coursePeople,
  deleteCourses,
  fileStates,
  setCourseState,
  studiedCount,
  userCount,
  writeCourse,
} from './course-repository';
import { courseFields, viewFiles } from './course-view';
import { checkFinalExams, finalExamList } from './final-exams';

type Params = { title?: string; catId?: string; state?: number; excludes?: string[] };

function timeOrNull(s: string | undefined, what: string): Date | null {
  if (!s) return null;
  try {
    return parseTime(s);
  } catch {
    throw badRequest(`${what}格式不正确！`);
  }
}

/** Admin side of courses (CourseList): list with learners and finishers, detail, save, delete, state. */
export function courseService({ db }: { db: Db }) {
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
      const found = await fileStates(db, ids);
      if (found.length !== ids.length) throw badRequest('课件不存在或已删除！');
      const kept = new Set(b.id ? await courseFileIds(db, b.id) : []);
      // Only finished transcodes can be added (the picker offers state 0); files already in the course stay.
      if (found.some((f) => f.state !== CourseFileState.NORMAL && !kept.has(f.id)))
        throw badRequest('只能选择状态正常的课件！');
    }
    if (b.userIds?.length && (await userCount(db, b.userIds)) !== new Set(b.userIds).size)
      throw badRequest('指定人员不存在！');
    return { start, end };
  }

  return {
    paging: (q: PagingQuery<Params>) => adminCoursePage(db, q),

    /** The author's view: every setting, targets, password and file order. */
    async adminDetail(id: string): Promise<CourseDetail> {
      const c = await courseById(db, id);
      const cat = await catalogTitle(db, c.catId);
      const files = await viewFiles(db, id);
      const people = await coursePeople(db, id);
      return {
        ...courseFields(c, cat, files),
        deptCodes: c.deptCodes,
        userIds: people,
        password: c.password,
        fileRefs: files.map((f) => ({ fileId: f.fileId, chapter: f.chapter })),
        createTime: fmtTime(c.createTime),
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
        title: b.title.trim(),
        cover: b.cover ?? '',
        catId: b.catId ?? '',
        content,
        contentText: richTextToPlain(content).slice(0, 500),
        salePrice: b.salePrice ?? 0,
        costPoints: b.costPoints ?? 0,
        state: b.state ?? CourseState.NORMAL,
        openType: b.openType,
        deptCodes: b.openType === CourseOpenType.DEPART ? (b.deptCodes ?? []) : [],
        password: b.openType === CourseOpenType.PASSWORD ? (b.password ?? '').trim() : '',
        startTime: start,
        endTime: end,
        videoDrag: b.videoDrag ?? false,
        checkOn: b.checkOn ?? false,
        checkSec: b.checkSec ?? 0,
        faceOn: b.faceOn ?? false,
        faceInterval: b.faceInterval ?? 0,
        faceChance: b.faceChance ?? 3,
        finishRate: b.finishRate ?? 90,
        examIds,
        updateTime: new Date(),
      };
      const files = b.fileRefs.map((r) => ({ fileId: r.fileId, chapter: r.chapter?.trim() ?? '' }));
      const people = b.openType === CourseOpenType.PERSON ? [...new Set(b.userIds ?? [])] : [];
      await writeCourse(db, id, row, files, people, b.id ? undefined : user.id);
      return { id };
    },

    async delete(ids: string[]) {
      if ((await studiedCount(db, ids)) > 0) throw conflict('课程已有学员学习，不能删除，请改为禁用！');
      if (!(await deleteCourses(db, ids))) throw notFound('课程不存在或已删除！');
    },

    async state(ids: string[], state: 0 | 1) {
      await setCourseState(db, ids, state);
    },
  };
}
