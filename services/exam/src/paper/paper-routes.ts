import { PaperCalls, PaperState } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { ExamFace } from '../face/exam-face';
import { fillAnswer, fillAnswers } from './paper-answer';
import { readCaches } from '../exam/exam-cache';
import { createPaper } from './paper-create';
import { paperGuard } from './paper-guard';
import { handIn } from './paper-hand';
import { paperResult } from './paper-result';
import { paperService } from './paper-service';
import { ownPaper } from './paper-store';

/** The learner's paper calls (`/api/paper/*`): every id is checked against the signed-in learner. */
export async function paperRoutes(app: FastifyInstance, { face }: { face: ExamFace }) {
  const caches = readCaches(app.db, app.infra.bus);
  const svc = paperService(app.db, caches);
  const guard = paperGuard(app.db, svc.openPaper);

  route(app, PaperCalls.createPaper, {}, (req) => createPaper(app.db, caches.exams, userOf(req), req.body.examId, req.body.password, { kv: app.infra.kv, ip: req.ip }, face.spendEntry));
  route(app, PaperCalls.paperDetail, {}, (req) => svc.detail(userOf(req).id, req.body.id));
  route(app, PaperCalls.paperView, {}, (req) => svc.view(userOf(req).id, req.body.id));
  route(app, PaperCalls.quDetail, {}, (req) => svc.quDetail(userOf(req).id, req.body.paperId, req.body.quId));
  route(app, PaperCalls.fillAnswer, {}, (req) => fillAnswer(app.db, userOf(req).id, req.body));
  route(app, PaperCalls.fillAnswers, {}, (req) => fillAnswers(app.db, userOf(req).id, req.body.paperId, req.body.items));
  // Marked handed in and queued for grading; the reply (state 4 阅卷中) does not wait for the grade.
  route(app, PaperCalls.handExam, {}, async (req) => {
    const p = await ownPaper(app.db, userOf(req).id, req.body.id);
    const r = p.state === PaperState.OPEN ? await handIn(app.db, p.id, 'user') : { state: p.state };
    return { id: p.id, state: r.state };
  });
  route(app, PaperCalls.paperResult, {}, (req) => paperResult(app.db, userOf(req).id, req.body.id));
  route(app, PaperCalls.checkProcess, {}, (req) => svc.checkProcess(userOf(req).id, req.body.examId));
  route(app, PaperCalls.leftTime, {}, (req) => svc.leftTime(userOf(req).id, req.body.id));
  route(app, PaperCalls.leaveIncr, {}, (req) => guard.leaveIncr(userOf(req).id, req.body.id));
  route(app, PaperCalls.paging, {}, (req) => svc.paging(userOf(req), req.body));
  route(app, PaperCalls.captureSave, {}, (req) => face.capture(userOf(req).id, req.body.paperId, req.body.base64));
}
