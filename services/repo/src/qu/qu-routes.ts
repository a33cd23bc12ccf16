import { QuCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { quService } from './qu-service';

/** Admin question calls under /api/qu/qu (import/export in qu-xlsx-routes). */
export async function quRoutes(app: FastifyInstance) {
  const svc = quService(app.db);
  route(app, QuCalls.paging, { permission: 'qu:list' }, (req) => svc.paging(req.body));
  route(app, QuCalls.detail, { permission: 'qu:list' }, (req) => svc.detail(req.body.id));
  route(app, QuCalls.save, { permission: ['qu:add', 'qu:update'] }, (req) => svc.save(req.body, userOf(req).id));
  route(app, QuCalls.delete, { permission: 'qu:delete' }, (req) => svc.delete(req.body.ids));
}
