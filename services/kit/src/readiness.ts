import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import type { Infra } from './infra';

export type Readiness = { status: 'ok' | 'down'; database: 'ok' | 'down'; redis: 'ok' | 'down' };

/** A check that neither answers nor fails within `ms` counts as down: a hung store must not hang the probe. */
const within = (ms: number, work: Promise<unknown>) =>
  new Promise<'ok' | 'down'>((resolve) => {
    const timer = setTimeout(() => resolve('down'), ms);
    work.then(
      () => resolve('ok'),
      () => resolve('down'),
    );
    work.finally(() => clearTimeout(timer)).catch(() => {});
  });

/** Whether this replica can serve: its database answers `select 1` and its Redis a PING (in process: always). */
export async function readiness(deps: { db: Db; infra: Infra }, timeoutMs = 2000): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    within(timeoutMs, deps.db.execute(sql`select 1`)),
    within(timeoutMs, deps.infra.ping()),
  ]);
  return { status: database === 'ok' && redis === 'ok' ? 'ok' : 'down', database, redis };
}

/** `/readyz`: 200 when ready, 503 otherwise (Kubernetes' readiness probe; liveness stays `/healthz`). */
export async function readinessPlugin(app: FastifyInstance) {
  app.get('/readyz', { config: { auth: 'public' } }, async (_req, reply) => {
    const r = await readiness(app);
    return reply.code(r.status === 'ok' ? 200 : 503).send(r);
  });
}
