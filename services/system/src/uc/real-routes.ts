import { UcCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import type { RealService } from './real-service';

/** Real-name verification of the signed-in user (real-service.ts). */
export async function realRoutes(app: FastifyInstance, { real }: { real: RealService }) {
  route(app, UcCalls.realInfo, {}, (req) => real.info(userOf(req).id));
  route(app, UcCalls.realSubmit, {}, (req) => real.submit(userOf(req).id, req.body));
}
