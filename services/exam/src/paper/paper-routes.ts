import { PaperCalls } from '@exam/contracts';
import { route, routeJsonText, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { readCaches } from '../exam/exam-cache';
import type { ExamFace } from '../face/face-service';
import { paperService } from './paper-service';

/** The learner's paper calls (`/api/paper/*`): every id is checked against the signed-in learner. */
export async function paperRoutes(app: FastifyInstance, { face }: { face: ExamFace }) {
  const svc = paperService({ db: app.db, caches: readCaches(app.db, app.infra.bus), spendFace: face.spendEntry });

  route(app, PaperCalls.createPaper, {}, (req) =>
    svc.create(userOf(req), req.body.examId, req.body.password, { kv: app.infra.kv, ip: req.ip }),
  );
  route(app, PaperCalls.paperDetail, {}, (req) => svc.detail(userOf(req).id, req.body.id));
  // Joined from the questions' JSON cached per replica (paper-view.ts); paper-view.test compares it with qu-detail.
  routeJsonText(app, PaperCalls.paperView, {}, (req) => svc.viewJson(userOf(req).id, req.body.id));
  route(app, PaperCalls.quDetail, {}, (req) => svc.quDetail(userOf(req).id, req.body.paperId, req.body.quId));
  route(app, PaperCalls.fillAnswer, {}, (req) => svc.fill(userOf(req).id, req.body));
  route(app, PaperCalls.fillAnswers, {}, (req) => svc.fills(userOf(req).id, req.body.paperId, req.body.items));
  route(app, PaperCalls.handExam, {}, (req) => svc.hand(userOf(req).id, req.body.id));
  route(app, PaperCalls.paperResult, {}, (req) => svc.result(userOf(req).id, req.body.id));
  route(app, PaperCalls.checkProcess, {}, (req) => svc.checkProcess(userOf(req).id, req.body.examId));
  route(app, PaperCalls.leftTime, {}, (req) => svc.leftTime(userOf(req).id, req.body.id));
  route(app, PaperCalls.leaveIncr, {}, (req) => svc.leaveIncr(userOf(req).id, req.body.id));
  route(app, PaperCalls.paging, {}, (req) => svc.paging(userOf(req), req.body));
  route(app, PaperCalls.captureSave, {}, (req) => face.capture(userOf(req).id, req.body.paperId, req.body.base64));
}
