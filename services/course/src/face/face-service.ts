import type { FaceCaptureResult, FaceCheckResult } from '@exam/contracts';
import {
  type ApplyVerdict, type AuthUser, badRequest, CAPTURE_STATE, type CaptureDeps, frameImage, hit, type KeyValue, NOT_ENROLLED, notFound, saveCapture, schema, tooMany,
} from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';
import { fileInCourse, studyCourse } from '../course/course-repository';

/** Study checks a learner may send per course in 10 minutes (each is a comparison in the queue). */
const SAVE_LIMIT = 30;
const { elCourse, elCourseFace, faceCapture } = schema;

export type CourseFaceDeps = CaptureDeps & { kv: KeyValue };

/**
 * Study face checks (spec learner §4 "Face check during study", §7, §8): the 人脸认证 dialog sends a
 * frame (face/save), the job queue compares it with the enrolled face, the dialog reads the verdict
 * (validate-face). Consecutive failures are counted per learner and course (a pass resets them); at
 * the course's faceChance the learner leaves study (isBreak).
 */
export function courseFaceService(deps: CourseFaceDeps) {
  const { db, kv, faces } = deps;
  const counters = async (courseId: string, userId: string) => {
    const [c] = await db.select({ faceChance: elCourse.faceChance }).from(elCourse).where(eq(elCourse.id, courseId));
    const [f] = await db.select({ failCount: elCourseFace.failCount }).from(elCourseFace).where(and(eq(elCourseFace.courseId, courseId), eq(elCourseFace.userId, userId)));
    const faceChance = c?.faceChance ?? 0;
    const failCount = f?.failCount ?? 0;
    return { failCount, faceChance, isBreak: faceChance > 0 && failCount >= faceChance };
  };

  return {
    async save(u: AuthUser, b: { courseId: string; fileId: string; base64: string }): Promise<FaceCaptureResult> {
      const { course } = await studyCourse(db, u, b.courseId);
      if (!course.faceOn) throw badRequest('本课程无需人脸识别！');
      await fileInCourse(db, b.courseId, b.fileId);
      const img = frameImage(b.base64);
      if (!(await faces.isEnrolled(u.id))) throw badRequest(NOT_ENROLLED);
      if (!(await hit(kv, `face-study:${u.id}:${b.courseId}`, SAVE_LIMIT, 600))) throw tooMany('人脸识别次数过多，请10分钟后再试！');
      const id = await saveCapture(deps, { kind: 'study', userId: u.id, refId: b.courseId, subId: b.fileId, img });
      return { id, ...(await counters(b.courseId, u.id)) };
    },

    /** The verdict of one of the learner's own study captures (done false while it waits in the queue). */
    async validate(u: AuthUser, id: string): Promise<FaceCheckResult> {
      const [c] = await db.select().from(faceCapture).where(and(eq(faceCapture.id, id), eq(faceCapture.userId, u.id), eq(faceCapture.kind, 'study')));
      if (!c) throw notFound('人脸识别记录不存在！');
      const pass = c.state === CAPTURE_STATE.PASS;
      return {
        done: c.state !== CAPTURE_STATE.WAITING, pass, failMsg: c.failMsg, faceToken: pass ? c.id : '', realName: u.realName, idCard: '',
        ...(await counters(c.refId, u.id)),
      };
    },

    /** Records a verdict on the learner's counters for the course. */
    apply: (async (tx, row, v) => {
      await tx.insert(elCourseFace).values({ courseId: row.refId, userId: row.userId }).onConflictDoNothing();
      await tx.update(elCourseFace).set(v.pass
        ? { failCount: 0, passCount: sql`${elCourseFace.passCount} + 1`, lastPass: sql`now()`, updateTime: sql`now()` }
        : { failCount: sql`${elCourseFace.failCount} + 1`, totalFails: sql`${elCourseFace.totalFails} + 1`, updateTime: sql`now()` })
        .where(and(eq(elCourseFace.courseId, row.refId), eq(elCourseFace.userId, row.userId)));
    }) satisfies ApplyVerdict,
  };
}
export type CourseFaceService = ReturnType<typeof courseFaceService>;
