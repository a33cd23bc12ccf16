import { faceService, jobQueue } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { bindRoutes } from './bind-routes';
import { msgRoutes } from './msg-routes';
import { pointsRoutes } from './points-routes';
import { realAuditRoutes } from './real-audit-routes';
import { workRealFaces } from './real-face';
import { realRoutes } from './real-routes';

/** The learner user centre's calls (`/api/sys/user/bind|msg|points|real/*`), and the review of real-name requests. */
export async function ucRoutes(app: FastifyInstance) {
  await app.register(bindRoutes);
  await app.register(msgRoutes);
  await app.register(pointsRoutes);
  const faces = faceService({ db: app.db, dataDir: app.config.dataDir });
  const jobs = jobQueue(app.db);
  await app.register(realRoutes, { faces, jobs });
  await app.register(realAuditRoutes, { faces });
  // Automatic real-name reviews are compared in the background; stopped (claims handed back) before the database closes.
  let stop: (() => Promise<void> | void) | undefined;
  app.addHook('onReady', async () => {
    stop = workRealFaces(app, faces, jobs);
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
