import { ExamCalls } from '@exam/contracts';
import { forbidden, route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { readCaches } from './exam-cache';
import { eligible } from './exam-store';
import { examService } from './exam-service';

export async function examRoutes(app: FastifyInstance) {
  const svc = examService(app.db);
  // Papers are drawn from a cached copy of the exam (exam-cache): every change drops it on every replica.
  const { examChanged } = readCaches(app.db, app.infra.bus);

  route(app, ExamCalls.paging, { permission: 'exam:list' }, (req) => svc.paging(req.body));
  // The learner's check page reads this too (spec learner §7): without exam permissions it answers
  // the learner view of an exam they may take, never its password, people or rules.
  route(app, ExamCalls.detail, {}, (req) => {
    const user = userOf(req);
    return svc.detail(req.body.id, user, (e) => eligible(app.db, e, user));
  });
  route(app, ExamCalls.save, { permission: ['exam:add', 'exam:update'] }, async (req) => {
    const user = userOf(req);
    // Adding and editing are separate grants.
    if (!user.permissions.includes(req.body.id ? 'exam:update' : 'exam:add')) throw forbidden();
    const saved = await svc.save(req.body, user);
    await examChanged([saved.id]);
    return saved;
  });
  route(app, ExamCalls.delete, { permission: 'exam:delete' }, async (req) => {
    await svc.delete(req.body.ids);
    await examChanged(req.body.ids);
    return null;
  });
  route(app, ExamCalls.state, { permission: 'exam:state' }, async (req) => {
    await svc.state(req.body.ids, req.body.state);
    await examChanged(req.body.ids);
    return null;
  });
  route(app, ExamCalls.preview, { permission: ['exam:add', 'exam:update'] }, (req) => svc.preview(req.body));
}
