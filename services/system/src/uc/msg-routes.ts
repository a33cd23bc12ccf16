import { Calls, UcCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { msgService } from './msg-service';

/** In-site messages of the signed-in user (msg-service.ts). */
export async function msgRoutes(app: FastifyInstance) {
  const msgs = msgService({ db: app.db });

  route(app, UcCalls.msgPaging, {}, (req) => msgs.page(req.body, userOf(req).id));
  route(app, UcCalls.msgDetail, {}, (req) => msgs.read(userOf(req).id, req.body.id));
  route(app, UcCalls.markRead, {}, async (req) => {
    await msgs.markRead(userOf(req).id, req.body.ids);
    return null;
  });
  route(app, Calls.countUnread, {}, (req) => msgs.unread(userOf(req).id));
}
