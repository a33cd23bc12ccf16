import { PaperFaceCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ExamFace } from './face-service';

/** The face check before an exam (the 人脸认证 dialog posts here, then polls the verdict). */
export async function examFaceRoutes(app: FastifyInstance, { face }: { face: ExamFace }) {
  route(app, PaperFaceCalls.check, {}, (req) => face.entryCheck(userOf(req), req.body.examId, req.body.base64));
  route(app, PaperFaceCalls.result, {}, (req) => face.entryResult(userOf(req), req.body.id));
}
