import {
  type BuyRes,
  type CourseDetail,
  type CourseSimpleDetail,
  CourseOpenType,
  OrderItemType,
  type PagingQuery,
  type RefFile,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type KeyValue,
  conflict,
  forbidden,
  GuessScope,
  guessSecret,
  openOrder,
  orderView,
  saleItem,
  spendPointsOnce,
} from '@exam/server-kit';
import { buyRef, catalogTitle, learnerOf, setJoin, studyCourse, visibleCourse } from '../course/course-repository';
import { courseFields, studyFiles, viewFiles } from '../course/course-view';
import { mediaUrl } from '../play/play-token';
import { type CardParams as Params, mineCards, openCards, refFiles } from './client-course-repository';

/** The learner side of courses: open grid, my courses, join, buy, the course view, reference files. */
export function clientCourseService({ db, kv }: { db: Db; kv: KeyValue }) {
  return {
    openPaging: (u: AuthUser, q: PagingQuery<Params>) => openCards(db, u, q),
    minePaging: (u: AuthUser, q: PagingQuery<Params>) => mineCards(db, u, q),

    /** Toggles the star; a password course asks its password to join, guessed under the sign-in limits. */
    async join(u: AuthUser, id: string, password: string | undefined, ip: string) {
      const s = await visibleCourse(db, u, id);
      if (!s.hasJoin && s.course.openType === CourseOpenType.PASSWORD) {
        // An empty password is no guess (the screen asks for one first).
        const who = { account: `${u.id}:${id}`, ip };
        const right =
          !!password &&
          (await guessSecret(
            kv,
            GuessScope.COURSE_PASSWORD,
            who,
            password,
            s.course.password,
            '课程密码错误次数过多，请15分钟后再试！',
          ));
        if (!right) throw forbidden('课程密码错误！');
      }
      const hasJoin = !s.hasJoin;
      await setJoin(db, id, u.id, hasJoin);
      return hasJoin;
    },

    /**
     * 购买: a course priced in money opens an order (its points go with it; the pay service grants the course when it
     * is paid); a points-only course is bought at once, once (the points log decides).
     */
    async buyInit(u: AuthUser, courseId: string): Promise<BuyRes> {
      const s = await visibleCourse(db, u, courseId);
      const c = s.course;
      if (c.salePrice > 0) {
        if (s.paid) throw conflict('您已购买该课程！');
        const item = await saleItem(db, OrderItemType.COURSE, c.id);
        return { paid: false, costPoints: c.costPoints, order: orderView(await openOrder(db, u.id, item!)) };
      }
      if (c.costPoints <= 0) return { paid: true, costPoints: 0, order: null };
      await db.transaction(async (tx) => {
        await spendPointsOnce(tx, {
          userId: u.id,
          refId: buyRef(c.id),
          points: c.costPoints,
          remark: `购买课程：${c.title}`,
          shortMsg: `积分不足，购买本课程需要${c.costPoints}积分！`,
        });
        await setJoin(tx, c.id, u.id, true);
      });
      return { paid: true, costPoints: c.costPoints, order: null };
    },

    /** The course view: the course, the learner's standing and per-file progress (visible courses only). */
    async detail(u: AuthUser, id: string): Promise<CourseDetail> {
      const s = await visibleCourse(db, u, id);
      const cat = await catalogTitle(db, s.course.catId);
      const files = await viewFiles(db, id, u.id);
      const l = await learnerOf(db, id, u.id);
      const study = studyFiles(files);
      return {
        ...courseFields(s.course, cat, files),
        hasJoin: s.hasJoin,
        paid: s.paid,
        learnFile: study.filter((f) => f.finished).length,
        totalFile: study.length,
        finished: !!l?.finished,
      };
    },

    async simpleDetail(u: AuthUser, id: string): Promise<CourseSimpleDetail> {
      const { course: c } = await visibleCourse(db, u, id);
      return {
        id: c.id,
        title: c.title,
        videoDrag: c.videoDrag,
        checkOn: c.checkOn,
        checkSec: c.checkSec,
        faceOn: c.faceOn,
        faceInterval: c.faceInterval,
        faceChance: c.faceChance,
      };
    },

    /** Reference attachments, for learners who may study the course; download urls carry a play token. */
    async refFileList(
      u: AuthUser & { token?: string },
      courseId: string,
      title?: string,
      sessionToken = '',
    ): Promise<RefFile[]> {
      await studyCourse(db, u, courseId);
      const rows = await refFiles(db, courseId, title);
      return Promise.all(
        rows.map(async (f) => ({
          id: f.id,
          title: f.title,
          fileSize: f.fileSize,
          fileUrl: await mediaUrl(kv, { userId: u.id, fileId: f.id, courseId, session: sessionToken }, f),
        })),
      );
    },
  };
}
