import { NoticeCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { noticeService } from './notice-service';

/** Notices (notice-service.ts). */
export async function noticeRoutes(app: FastifyInstance) {
  const notices = noticeService({ db: app.db });

  route(app, NoticeCalls.paging, {}, (req) => notices.page(req.body, userOf(req)));
  route(app, NoticeCalls.detail, {}, (req) => notices.detail(req.body.id, userOf(req)));
  route(app, NoticeCalls.save, { permission: ['sys:notice:add', 'sys:notice:update'] }, (req) =>
    notices.save(req.body, userOf(req)),
  );
  route(app, NoticeCalls.remove, { permission: 'sys:notice:delete' }, async (req) => {
    await notices.remove(req.body.ids);
    return null;
  });
  route(app, NoticeCalls.state, { permission: 'sys:notice:update' }, async (req) => {
    await notices.setState(req.body.ids, req.body.state);
    return null;
  });
}
