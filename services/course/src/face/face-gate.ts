import { FACE_STUDY_GRACE_SEC, FaceMsgs } from '@exam/contracts';
import { badRequest, type Db } from '@exam/server-kit';
import { faceCounters } from './face-repository';

type FaceRules = { id: string; faceOn: boolean; faceInterval: number; faceChance: number };

/**
 * Study progress on a course with face checks (issue 13): refused while the learner has failed faceChance
 * checks in a row (isBreak), or has no passing check within faceInterval minutes plus a grace. A client that
 * skips the 人脸认证 dialog therefore earns no study time. faceInterval 0 is off, as on the study screen.
 */
export async function checkStudyFace(db: Db, course: FaceRules, userId: string, now = new Date()) {
  if (!course.faceOn || course.faceInterval <= 0) return;
  const f = await faceCounters(db, course.id, userId);
  if (course.faceChance > 0 && (f?.failCount ?? 0) >= course.faceChance)
    throw badRequest(FaceMsgs.studyBreak(course.faceChance));
  const dueAt = f?.lastPass ? f.lastPass.getTime() + (course.faceInterval * 60 + FACE_STUDY_GRACE_SEC) * 1000 : 0;
  if (now.getTime() > dueAt) throw badRequest(FaceMsgs.studyDue);
}
