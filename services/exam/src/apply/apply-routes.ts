import { ApplyCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { applyService } from './apply-service';

/** Exam applications (`/api/exam/apply/*`): learners apply and see their own; admins list and audit. */
export async function applyRoutes(app: FastifyInstance) {
  const svc = applyService(app.db);
  route(app, ApplyCalls.save, {}, (req) => svc.save(req.body, userOf(req)));
  // Both sides page: the learner's own applications, or all of them with exam:apply (see the service).
  route(app, ApplyCalls.paging, {}, (req) => svc.paging(req.body, userOf(req)));
  route(app, ApplyCalls.delete, { permission: 'exam:apply' }, async (req) => {
    await svc.delete(req.body.ids);
    return null;
  });
  route(app, ApplyCalls.audit, { permission: 'exam:apply:audit' }, async (req) => {
    await svc.audit(req.body, userOf(req));
    return null;
  });
}
