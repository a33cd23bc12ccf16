import { UserCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { userBindService } from './bind-service';

/** The admin side of bindings (bind-service.ts). */
export async function bindRoutes(app: FastifyInstance) {
  const binds = userBindService({ db: app.db });

  route(app, UserCalls.bindPaging, { permission: 'sys:user:list' }, (req) => binds.page(req.body));
  route(app, UserCalls.unbindById, { permission: 'sys:user:update' }, async (req) => {
    await binds.unbindById(req.body.id, userOf(req));
    return null;
  });
  route(app, UserCalls.directBind, { permission: 'sys:user:update' }, async (req) => {
    await binds.directBind(req.body, userOf(req));
    return null;
  });
  route(app, UserCalls.directUnbind, { permission: 'sys:user:update' }, async (req) => {
    await binds.directUnbind(req.body, userOf(req));
    return null;
  });
}
