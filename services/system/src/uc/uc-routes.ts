import { faceService, jobQueue } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { bindRoutes } from './bind-routes';
import { msgRoutes } from './msg-routes';
import { pointsRoutes } from './points-routes';
import { realAuditRoutes } from './real-audit-routes';
import { realRoutes } from './real-routes';
import { realService } from './real-service';

/** The learner user centre's calls (`/api/sys/user/bind|msg|points|real/*`), and the review of real-name requests. */
export async function ucRoutes(app: FastifyInstance) {
  await app.register(bindRoutes);
  await app.register(msgRoutes);
  await app.register(pointsRoutes);
  const real = realService({
    db: app.db,
    dataDir: app.config.dataDir,
    faces: faceService({ db: app.db, dataDir: app.config.dataDir }),
    jobs: jobQueue(app.db),
    sessions: app.sessions,
    log: (o, msg) => app.log.warn(o, msg),
  });
  await app.register(realRoutes, { real });
  await app.register(realAuditRoutes, { real });
  // Automatic real-name reviews are compared in the background; stopped (claims handed back) before the database closes.
  let stop: (() => Promise<void> | void) | undefined;
  app.addHook('onReady', async () => {
    stop = real.work();
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
