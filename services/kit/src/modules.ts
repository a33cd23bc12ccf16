import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import { sysConfig } from './db/schema';
import { forbidden } from './errors';

/**
 * A module switch of the site (`moduleCert`, … in sys_config.props, which the system service writes and its menus
 * read the same way): on unless stored off.
 */
export async function moduleOn(db: Db, key: string): Promise<boolean> {
  const [c] = await db.select({ props: sysConfig.props }).from(sysConfig).limit(1);
  return c?.props?.[key] !== false;
}

/**
 * Refuses a service's signed-in calls with `msg` (403) while its module is switched off. Public calls (`auth:
 * 'public'`) keep working. Call it inside the service's plugin: the hook covers that service's routes only.
 */
export function moduleGate(app: FastifyInstance, key: string, msg: string) {
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.auth === 'public') return;
    if (!(await moduleOn(app.db, key))) throw forbidden(msg);
  });
}
