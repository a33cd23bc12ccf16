import { QaCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { qaService } from './qa-service';

/** Course Q&A: learners (`/api/client/course/qa/*`, save, replies) and admins (CourseQaAdmin). */
export async function qaRoutes(app: FastifyInstance) {
  const svc = qaService({ db: app.db });
  route(app, QaCalls.clientPaging, {}, (req) => svc.clientPaging(userOf(req), req.body));
  route(app, QaCalls.clientDetail, {}, (req) => svc.clientDetail(userOf(req), req.body.id));
  route(app, QaCalls.save, {}, (req) => svc.save(userOf(req), req.body));
  route(app, QaCalls.replyPaging, {}, (req) => {
    const u = userOf(req);
    return svc.replyPaging(u, req.body.params?.qaId ?? '', req.body, u.permissions.includes('course:qa'));
  });
  route(app, QaCalls.detail, { permission: 'course:qa' }, (req) => svc.adminDetail(req.body.id));
  route(app, QaCalls.paging, { permission: 'course:qa' }, (req) => svc.adminPaging(req.body));
  route(app, QaCalls.reply, { permission: 'course:qa:reply' }, (req) =>
    svc.reply(userOf(req), req.body.qaId, req.body.content),
  );
  route(app, QaCalls.delete, { permission: 'course:qa:delete' }, async (req) => {
    await svc.delete(req.body.ids);
    return null;
  });
  route(app, QaCalls.replyDelete, { permission: 'course:qa:delete' }, async (req) => {
    await svc.replyDelete(req.body.ids);
    return null;
  });
}
