import {
  FACE_ENTRY_VALID_MIN,
  FACE_SIGNAL,
  type FaceCaptureResult,
  type FaceCheckResult,
  reminderChannel,
  PaperState,
} from '@exam/contracts';
import {
  type ApplyVerdict,
  type AuthUser,
  badRequest,
  CAPTURE_STATE,
  type CaptureDeps,
  type Db,
  type Infra,
  type Tx,
  dataUrlOf,
  frameImage,
  hit,
  NOT_ENROLLED,
  notFound,
  saveCapture,
  tooMany,
} from '@exam/server-kit';
import { visibleExam } from '../exam/exam-access';
import { examById } from '../exam/exam-repository';
import { handIn, HAND_REASONS } from '../paper/paper-hand';
import { countFaceCheck, ownPaper } from '../paper/paper-repository';
import { examOver, isOverdue } from '../paper/paper-time';
import * as repo from './face-repository';

/** Entry checks a learner may start per exam in 10 minutes (each is a comparison in the queue). */
const ENTRY_LIMIT = 20;

export type ExamFaceDeps = CaptureDeps & { infra: Infra };

/**
 * Faces in exams (spec learner §4, §8; DESIGN "Face"): the check before create-paper and the periodic
 * captures. Frames are stored as evidence and compared by the job queue, never on the request; the
 * counters are the server's (el_paper.face_fails, consecutive: a pass resets it) and over faceChance the
 * paper is handed in through the one hand-in path, then the screen is told on the reminder channel.
 */
export function examFace(deps: ExamFaceDeps) {
  const { db, infra, faces } = deps;
  const signal = (examId: string, userId: string, r: Omit<FaceCaptureResult, 'id'>) =>
    infra.bus.publish(reminderChannel(examId, userId), FACE_SIGNAL + JSON.stringify(r)).catch(() => {});

  const needEnrolled = async (userId: string) => {
    if (!(await faces.isEnrolled(userId))) throw badRequest(NOT_ENROLLED);
  };

  return {
    /** Exam entry: stores the frame and queues its comparison; the screen polls `entryResult`. */
    async entryCheck(user: AuthUser, examId: string, base64: string): Promise<FaceCaptureResult> {
      const exam = await visibleExam(db, examId, user);
      if (!exam.faceOn) throw badRequest('本考试无需人脸识别！');
      const img = frameImage(base64);
      await needEnrolled(user.id);
      if (!(await hit(infra.kv, `face-entry:${user.id}:${examId}`, ENTRY_LIMIT, 600)))
        throw tooMany('人脸识别次数过多，请10分钟后再试！');
      const id = await saveCapture(deps, { kind: 'exam_entry', userId: user.id, refId: examId, img });
      return { id, isBreak: false, failCount: 0, faceChance: 0 };
    },

    /** The verdict of the learner's own entry check (done false while it waits in the queue). */
    async entryResult(user: AuthUser, id: string): Promise<FaceCheckResult> {
      const c = await repo.entryCheckOf(db, user.id, id);
      if (!c) throw notFound('人脸识别记录不存在！');
      const done = c.state !== CAPTURE_STATE.WAITING;
      const pass = c.state === CAPTURE_STATE.PASS;
      return {
        done,
        pass,
        failMsg: c.failMsg,
        faceToken: pass ? c.id : '',
        realName: user.realName,
        idCard: '',
        isBreak: false,
        failCount: 0,
        faceChance: 0,
      };
    },

    /**
     * create-paper on a face-check exam: spends the learner's latest passing entry check, once (a second
     * paper needs a new check). Runs inside the paper's transaction, so a paper not created keeps it.
     */
    async spendEntry(tx: Tx, userId: string, examId: string): Promise<boolean> {
      return repo.spendPassingEntry(tx, userId, examId, new Date(Date.now() - FACE_ENTRY_VALID_MIN * 60_000));
    },

    /**
     * A periodic capture (capture/save): kept for the proctor's grid and, on a face-check exam, stored
     * and queued for comparison. The reply carries the counts so far (the verdicts of earlier captures);
     * a paper the comparisons already handed in answers isBreak.
     */
    async capture(userId: string, paperId: string, base64: string): Promise<Omit<FaceCaptureResult, 'id'>> {
      const p = await ownPaper(db, userId, paperId);
      const e = await examById(db, p.examId);
      const faceChance = p.byApply ? 0 : e.faceChance;
      if (p.state !== PaperState.OPEN) {
        if (p.exMsg === HAND_REASONS.face.exMsg) return { isBreak: true, failCount: p.faceFails, faceChance };
        throw examOver();
      }
      if (isOverdue(p)) {
        await handIn(db, p.id, 'timeout');
        throw examOver();
      }
      const img = frameImage(base64);
      const latest = async (tx: Tx | Db) => {
        await repo.keepLatestFrame(tx, paperId, dataUrlOf(img));
      };
      if (e.faceOn) await saveCapture(deps, { kind: 'exam', userId, refId: p.examId, subId: paperId, img }, latest);
      else await latest(db);
      return { isBreak: false, failCount: p.faceFails, faceChance };
    },

    /** Applies an exam capture's verdict to its paper (open papers only); over the limit, hands it in. */
    applyExam: (async (tx, row, v) => {
      const p = await countFaceCheck(tx, row.subId, v.pass);
      if (!p) return;
      await repo.markLatestFrame(tx, p.id, v.pass);
      if (v.pass) return;
      const e = await examById(tx, p.examId);
      const faceChance = p.byApply ? 0 : e.faceChance;
      const isBreak = faceChance > 0 && p.faceFails >= faceChance;
      return async () => {
        if (isBreak && !(await handIn(db, p.id, 'face')).handed) return;
        await signal(p.examId, p.userId, { isBreak, failCount: p.faceFails, faceChance });
      };
    }) satisfies ApplyVerdict,
  };
}
export type ExamFace = ReturnType<typeof examFace>;
