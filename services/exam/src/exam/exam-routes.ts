import { ExamCalls } from '@exam/contracts';
import { forbidden, route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { eligible } from './exam-store';
import { examService } from './exam-service';

export async function examRoutes(app: FastifyInstance) {
  const svc = examService(app.db);

  route(app, ExamCalls.paging, { permission: 'exam:list' }, (req) => svc.paging(req.body));
  // The learner's check page reads this too (spec learner §7): without exam permissions it answers
  // the learner view of an exam they may take, never its password, people or rules.
  route(app, ExamCalls.detail, {}, (req) => {
    const user = userOf(req);
    return svc.detail(req.body.id, user, async (e) => e.state === 0 && (await eligible(app.db, e, user)));
  });
  route(app, ExamCalls.save, { permission: ['exam:add', 'exam:update'] }, (req) => {
    const user = userOf(req);
    // Adding and editing are separate grants.
    if (!user.permissions.includes(req.body.id ? 'exam:update' : 'exam:add')) throw forbidden();
    return svc.save(req.body, user);
  });
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
