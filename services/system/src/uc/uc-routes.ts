import type { FastifyInstance } from 'fastify';
import { bindRoutes } from './bind-routes';
import { msgRoutes } from './msg-routes';
import { pointsRoutes } from './points-routes';
import { realAuditRoutes } from './real-audit-routes';
import { realRoutes } from './real-routes';

/** The learner user centre's calls (`/api/sys/user/bind|msg|points|real/*`), and the review of real-name requests. */
export async function ucRoutes(app: FastifyInstance) {
  await app.register(bindRoutes);
  await app.register(msgRoutes);
  await app.register(pointsRoutes);
  await app.register(realRoutes);
  await app.register(realAuditRoutes);
}
