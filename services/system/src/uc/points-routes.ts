import { UcCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { pointsService } from './points-service';

/** The signed-in user's points log (积分日志), newest first. */
export async function pointsRoutes(app: FastifyInstance) {
  const points = pointsService({ db: app.db });
  route(app, UcCalls.pointsPaging, {}, (req) => points.page(req.body, userOf(req).id));
}
