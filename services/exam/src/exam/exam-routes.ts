import { ExamCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { readCaches } from './exam-cache';
import { examService } from './exam-service';

export async function examRoutes(app: FastifyInstance) {
  const svc = examService({ db: app.db, examChanged: readCaches(app.db, app.infra.bus).examChanged });
  route(app, ExamCalls.paging, { permission: 'exam:list' }, (req) => svc.paging(req.body));
  // Learners too: the check page (the service answers them the learner view).
  route(app, ExamCalls.detail, {}, (req) => svc.detail(req.body.id, userOf(req)));
  route(app, ExamCalls.save, { permission: ['exam:add', 'exam:update'] }, (req) => svc.save(req.body, userOf(req)));
  route(app, ExamCalls.delete, { permission: 'exam:delete' }, async (req) => {
    await svc.delete(req.body.ids);
    return null;
  });
  route(app, ExamCalls.state, { permission: 'exam:state' }, async (req) => {
    await svc.state(req.body.ids, req.body.state);
    return null;
  });
  route(app, ExamCalls.preview, { permission: ['exam:add', 'exam:update'] }, (req) => svc.preview(req.body));
}
