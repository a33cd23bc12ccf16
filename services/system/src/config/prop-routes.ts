import { ConfigCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { propService } from './prop-service';

/** Storage, face and live provider settings (prop/detail, prop/save, prop/change). */
export async function propRoutes(app: FastifyInstance) {
  const props = propService({ db: app.db, dataDir: app.config.dataDir });
  route(app, ConfigCalls.propDetail, { permission: 'sys:config' }, async (req) =>
    props.detail(req.body.type, req.body.provider),
  );
  route(app, ConfigCalls.propSave, { permission: 'sys:config:save' }, async (req) => {
    await props.save(req.body, false);
    return null;
  });
  route(app, ConfigCalls.propChange, { permission: 'sys:config:save' }, async (req) => {
    await props.save(req.body, true);
    return null;
  });
}
