import { UcCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { smsCodesOf } from '../sms/sms-of';
import { bindService } from './bind-service';

/** The signed-in user's own bindings (bind-service.ts). */
export async function bindRoutes(app: FastifyInstance) {
  const binds = bindService({ db: app.db, codes: smsCodesOf(app) });

  route(app, UcCalls.bindMobile, {}, async (req) => {
    await binds.bindMobile(userOf(req).id, req.body);
    return null;
  });
  route(app, UcCalls.unbindMobile, {}, async (req) => {
    await binds.unbindMobile(userOf(req).id, req.body);
    return null;
  });
  route(app, UcCalls.bindInfo, {}, (req) => binds.info(userOf(req).id, req.body));
  route(app, UcCalls.bindList, {}, (req) => binds.list(userOf(req).id));
  route(app, UcCalls.unbind, {}, async (req) => {
    await binds.unbind(userOf(req).id, req.body.id);
    return null;
  });
}
