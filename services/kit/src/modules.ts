import type { FastifyInstance } from 'fastify';
import { CacheChannel } from './cache-channels';
import type { Db } from './db/client';
import { sysConfig } from './db/schema';
import { forbidden } from './errors';
import type { Bus } from './infra';

/** How long a replica trusts its copy of the switches without news (the bus drops it at once on a change). */
const KEEP_MS = 5_000;

/**
 * A module switch of the site (`moduleCert`, … in sys_config.props, which the system service writes and its menus
 * read the same way): on unless stored off.
 */
export async function moduleOn(db: Db, key: string): Promise<boolean> {
  const [c] = await db.select({ props: sysConfig.props }).from(sysConfig).limit(1);
  return c?.props?.[key] !== false;
}

/** This process's gates, dropped at once (not only when the bus delivers) when a switch is saved here. */
const localGates = new Set<() => void>();

/** Tells every gate the switches changed: this process's at once, the other replicas' through the bus. */
export async function modulesChanged(bus: Bus) {
  for (const drop of localGates) drop();
  await bus.publish(CacheChannel.CONFIG_CHANGED, '*');
}

/**
 * Refuses a service's signed-in calls with `msg` (403) while its module is switched off. Public calls (`auth:
 * 'public'`) keep working. Call it inside the service's plugin: the hook covers that service's routes only. The switch
 * is read once per replica until `modulesChanged` (a burst of a thousand matches asks the database nothing).
 */
export function moduleGate(app: FastifyInstance, key: string, msg: string) {
  let kept: { on: Promise<boolean>; at: number } | undefined;
  const drop = () => void (kept = undefined);
  localGates.add(drop);
  const off = app.infra.bus.subscribe(CacheChannel.CONFIG_CHANGED, drop).catch(() => undefined);
  app.addHook('onClose', async () => {
    localGates.delete(drop);
    await (await off)?.();
  });
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.auth === 'public') return;
    if (!kept || Date.now() - kept.at > KEEP_MS) {
      const mine = { on: moduleOn(app.db, key), at: Date.now() };
      kept = mine;
      mine.on.catch(() => kept === mine && drop());
    }
    if (!(await kept.on)) throw forbidden(msg);
  });
}
