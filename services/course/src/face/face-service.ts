import type { BodyOf, CourseFaceCalls, FaceCaptureResult, FaceCheckResult, PagingQuery } from '@exam/contracts';
import {
  type ApplyVerdict,
  type AuthUser,
  badRequest,
  CAPTURE_STATE,
  type CaptureDeps,
  forbidden,
  frameImage,
  hit,
  imageOf,
  type KeyValue,
  NOT_ENROLLED,
  notFound,
  saveCapture,
  tooMany,
} from '@exam/server-kit';
import { fileInCourse, studyCourse } from '../course/course-repository';
import { faceCaptures, faceChanceOf, faceCounters, faceLearners, recordVerdict, studyCapture } from './face-repository';

/** Study checks a learner may send per course in 10 minutes (each is a comparison in the queue). */
const SAVE_LIMIT = 30;
/** Who reads study captures: the learner their own, course:learn (学习记录) anyone's. */
export const FACE_ADMIN = 'course:learn';
const canReadAll = (u: AuthUser) => u.permissions.includes(FACE_ADMIN);

export type CourseFaceDeps = CaptureDeps & { kv: KeyValue };

/**
 * Study face checks (spec learner §4 "Face check during study", §7, §8): the 人脸认证 dialog sends a
 * frame (face/save), the job queue compares it with the enrolled face, the dialog reads the verdict
 * (validate-face). Consecutive failures are counted per learner and course (a pass resets them); at
 * the course's faceChance the learner leaves study (isBreak).
 */
export function courseFaceService(deps: CourseFaceDeps) {
  const { db, kv, faces, dataDir } = deps;
  const counters = async (courseId: string, userId: string) => {
    const faceChance = await faceChanceOf(db, courseId);
    const failCount = (await faceCounters(db, courseId, userId))?.failCount ?? 0;
    return { failCount, faceChance, isBreak: faceChance > 0 && failCount >= faceChance };
  };

  return {
    async save(u: AuthUser, b: { courseId: string; fileId: string; base64: string }): Promise<FaceCaptureResult> {
      const { course } = await studyCourse(db, u, b.courseId);
      if (!course.faceOn) throw badRequest('本课程无需人脸识别！');
      await fileInCourse(db, b.courseId, b.fileId);
      const img = frameImage(b.base64);
      if (!(await faces.isEnrolled(u.id))) throw badRequest(NOT_ENROLLED);
      if (!(await hit(kv, `face-study:${u.id}:${b.courseId}`, SAVE_LIMIT, 600)))
        throw tooMany('人脸识别次数过多，请10分钟后再试！');
      const id = await saveCapture(deps, { kind: 'study', userId: u.id, refId: b.courseId, subId: b.fileId, img });
      return { id, ...(await counters(b.courseId, u.id)) };
    },

    /** The verdict of one of the learner's own study captures (done false while it waits in the queue). */
    async validate(u: AuthUser, id: string): Promise<FaceCheckResult> {
      const c = await studyCapture(db, id, u.id);
      if (!c) throw notFound('人脸识别记录不存在！');
      const pass = c.state === CAPTURE_STATE.PASS;
      return {
        done: c.state !== CAPTURE_STATE.WAITING,
        pass,
        failMsg: c.failMsg,
        faceToken: pass ? c.id : '',
        realName: u.realName,
        idCard: '',
        ...(await counters(c.refId, u.id)),
      };
    },

    /** Records a verdict on the learner's counters for the course. */
    apply: (async (tx, row, v) => {
      await recordVerdict(tx, row.refId, row.userId, v.pass);
    }) satisfies ApplyVerdict,

    /** The admin's records: per learner of a course. */
    learners: (q: PagingQuery<{ courseId: string; realName?: string }>) => faceLearners(db, q),

    /** A course's captures: anyone's for course:learn, else the learner's own (asking for another's is 403). */
    captures(u: AuthUser, q: BodyOf<typeof CourseFaceCalls.capturePaging>) {
      const userId = q.params.userId;
      if (!canReadAll(u) && userId && userId !== u.id) throw forbidden();
      return faceCaptures(db, { ...q, params: { ...q.params, userId: canReadAll(u) ? userId : u.id } });
    },

    /** A capture's image bytes: for the capture's learner or course:learn; 404 once removed by retention. */
    async captureImage(u: AuthUser, id: string): Promise<{ type: string; data: Buffer }> {
      const c = await studyCapture(db, id);
      if (!c || (c.userId !== u.id && !canReadAll(u))) throw notFound('抓拍图片不存在！');
      const img = c.imageKey ? await imageOf(db, dataDir, { storage: c.storage, key: c.imageKey }) : null;
      if (!img) throw notFound('抓拍图片已按保存期限删除！');
      return { type: c.imageKey.endsWith('.png') ? 'image/png' : 'image/jpeg', data: img };
    },
  };
}
export type CourseFaceService = ReturnType<typeof courseFaceService>;
