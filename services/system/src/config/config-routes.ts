import { Calls, ConfigCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { configService } from './config-service';
import { propRoutes } from './prop-routes';

/** The site's configuration (config-service.ts) and its provider settings (prop-routes.ts). */
export async function configRoutes(app: FastifyInstance) {
  const config = configService({ db: app.db, bus: app.infra.bus });

  route(app, Calls.siteDetail, { auth: 'optional' }, (req) => config.siteDetail(req.user));
  route(app, ConfigCalls.save, { permission: 'sys:config:save' }, async (req) => {
    await config.save(req.body);
    return null;
  });
  route(app, ConfigCalls.switchDetail, { permission: 'sys:config' }, () => config.switchDetail());
  route(app, ConfigCalls.switchSave, { permission: 'sys:config:save' }, async (req) => {
    await config.switchSave(req.body);
    return null;
  });

  await app.register(propRoutes);
}
