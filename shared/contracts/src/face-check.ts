import Type from 'typebox';
import { defineCall } from './call';
import { Id, IdReq } from './envelope';
import { PagingReq, PagingRes } from './paging';

/**
 * Face checks of learners (spec learner §3 "Face capture result", "Face check result", §4, §7, §8):
 * the exam entry check, periodic exam captures and study checks. A frame is stored and compared with
 * the learner's enrolled face by the job queue; the screens read the verdict afterwards.
 */

/** A camera frame as a data URL or bare base64 (a 640×480 JPEG is ~60 KB). */
const Frame = Type.String({ minLength: 1, maxLength: 400_000 });

/** Capture states: 0 waiting for the comparison, 1 passed, 2 failed. */
export const CAPTURE_STATE_TITLES: Record<number, string> = { 0: '比对中', 1: '通过', 2: '未通过' };
export const CaptureState = { CHECKING: 0, PASSED: 1, FAILED: 2 } as const;

/** Spec §3 "Face capture result", plus the capture's id for reading its verdict. */
export const FaceCaptureResult = Type.Object({
  id: Type.String(),
  isBreak: Type.Boolean(),
  failCount: Type.Integer(),
  faceChance: Type.Integer(),
});
export type FaceCaptureResult = Type.Static<typeof FaceCaptureResult>;

/**
 * Spec §3 "Face check result" (pass, failMsg, faceToken, realName, idCard), plus `done` (false while
 * the comparison waits in the queue) and the counters of the capture result.
 */
export const FaceCheckResult = Type.Object({
  done: Type.Boolean(),
  pass: Type.Boolean(),
  failMsg: Type.String(),
  faceToken: Type.String(),
  realName: Type.String(),
  idCard: Type.String(),
  isBreak: Type.Boolean(),
  failCount: Type.Integer(),
  faceChance: Type.Integer(),
});
export type FaceCheckResult = Type.Static<typeof FaceCheckResult>;

/** Exam entry: a passing check (not older than FACE_ENTRY_VALID_MIN) lets create-paper give a paper. */
export const FACE_ENTRY_VALID_MIN = 15;
export const PaperFaceCalls = {
  check: defineCall('/api/paper/face/check', Type.Object({ examId: Id, base64: Frame }), FaceCaptureResult),
  result: defineCall('/api/paper/face/result', IdReq, FaceCheckResult),
};

/**
 * The exam screen's face verdicts on the reminder channel: this prefix plus the capture result as JSON
 * (the screen warns, or ends when isBreak, with the spec's wording).
 */
export const FACE_SIGNAL = '__face__:';

/** Spec §8 wording, shared by the screens and the server. */
/**
 * Study progress is refused once the last passing study check is older than the course's faceInterval plus
 * this grace (the dialog opening, the learner facing the camera, the queue comparing).
 */
export const FACE_STUDY_GRACE_SEC = 120;

export const FaceMsgs = {
  examNoFace: '请诚信考试，确保人脸在摄像头中央！',
  examFailed: (n: number, m: number) => `人脸识别已失败${n}次，连续失败${m}次将自动交卷！`,
  examBreak: (n: number) => `连续${n}次人脸识别失败，系统强制交卷！`,
  studyNoFace: '请认真学习，确保人脸在摄像头中央！',
  studyFailed: (n: number, m: number) => `人脸识别已失败${n}次，连续失败${m}次将退出学习！`,
  studyBreak: (n: number) => `连续${n}次人脸识别失败！`,
  /** Study progress refused: no passing check within faceInterval (+ FACE_STUDY_GRACE_SEC). */
  studyDue: '请先完成人脸认证，再继续学习！',
  success: '人脸比对成功！',
  closed: '窗口已关闭，若要重新识别请刷新页面！',
};

/** One learner's study checks in a course (admin face-paging). */
export const CourseFaceRow = Type.Object({
  userId: Type.String(),
  realName: Type.String(),
  deptCode: Type.String(),
  passCount: Type.Integer(),
  totalFails: Type.Integer(),
  failCount: Type.Integer(),
  lastPass: Type.String(),
  updateTime: Type.String(),
});
export type CourseFaceRow = Type.Static<typeof CourseFaceRow>;
/** One stored capture (capture-paging); image: the address its bytes are read from (POST, empty once removed). */
export const FaceCaptureRow = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  realName: Type.String(),
  fileId: Type.String(),
  state: Type.Integer(),
  state_dictText: Type.String(),
  score: Type.Union([Type.Number(), Type.Null()]),
  failMsg: Type.String(),
  createTime: Type.String(),
  checkTime: Type.String(),
  image: Type.String(),
});
export type FaceCaptureRow = Type.Static<typeof FaceCaptureRow>;
/** POST `${COURSE_CAPTURE_URL}/<captureId>` answers a study capture's image (its learner, or course:learn). */
export const COURSE_CAPTURE_URL = '/api/course/face/capture-image';

const Name = Type.String({ maxLength: 64 });
export const CourseFaceCalls = {
  save: defineCall(
    '/api/course/face/save',
    Type.Object({ courseId: Id, fileId: Id, base64: Frame }),
    FaceCaptureResult,
  ),
  validateFace: defineCall('/api/course/face/validate-face', IdReq, FaceCheckResult),
  facePaging: defineCall(
    '/api/course/face/face-paging',
    PagingReq(Type.Object({ courseId: Id, realName: Type.Optional(Name) }), { paramsRequired: true }),
    PagingRes(CourseFaceRow),
  ),
  /** A learner reads only their own captures; course:learn reads anyone's in the course. */
  capturePaging: defineCall(
    '/api/course/face/capture-paging',
    PagingReq(Type.Object({ courseId: Id, userId: Type.Optional(Id) }), { paramsRequired: true }),
    PagingRes(FaceCaptureRow),
  ),
};
