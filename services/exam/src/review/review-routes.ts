import { ReviewCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { reviewService } from './review-service';

/** Manual review (`/api/exam/review/*`), all under the exam:review grant. */
export async function reviewRoutes(app: FastifyInstance) {
  const svc = reviewService(app.db);
  route(app, ReviewCalls.paging, { permission: 'exam:review' }, (req) => svc.paging(req.body));
  route(app, ReviewCalls.paperDetail, { permission: 'exam:review' }, (req) => svc.paperDetail(req.body.paperId));
  route(app, ReviewCalls.score, { permission: 'exam:review' }, async (req) => {
    await svc.score(req.body, userOf(req).id);
    return null;
  });
  route(app, ReviewCalls.finish, { permission: 'exam:review' }, (req) => svc.finish(req.body.paperId));
}
