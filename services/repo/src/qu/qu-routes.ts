import { QuCalls } from '@exam/contracts';
import { CacheChannel, changedMessage, route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { quService } from './qu-service';

/** Admin question calls under /api/qu/qu (files in every format: qu-file-routes). */
export async function quRoutes(app: FastifyInstance) {
  const svc = quService(app.db);
  route(app, QuCalls.paging, { permission: 'qu:list' }, (req) => svc.paging(req.body));
  route(app, QuCalls.detail, { permission: 'qu:list' }, (req) => svc.detail(req.body.id));
  // The exam service keeps question views and draw pools in memory: it drops them on these messages.
  const changed = (ids: string[]) => app.infra.bus.publish(CacheChannel.QU_CHANGED, changedMessage(ids));
  route(app, QuCalls.save, { permission: ['qu:add', 'qu:update'] }, async (req) => {
    const saved = await svc.save(req.body, userOf(req).id);
    await changed([saved.id]);
    return saved;
  });
  route(app, QuCalls.delete, { permission: 'qu:delete' }, async (req) => {
    await svc.delete(req.body.ids);
    await changed(req.body.ids);
    return null;
  });
}
