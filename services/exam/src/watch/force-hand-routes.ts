import { WatchCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { forceHand } from './force-hand-service';

/** Forced hand-in lives with the papers (the exam service owns grading); the gateway routes these two here. */
export async function forceHandRoutes(app: FastifyInstance) {
  const force = forceHand(app.db, app.infra);
  route(app, WatchCalls.forceHand, { permission: 'exam:watch' }, async (req) =>
    force.one(req.body.paperId, req.body.message),
  );
  route(app, WatchCalls.forceHandAll, { permission: 'exam:watch' }, async (req) =>
    force.all(req.body.examId, req.body.exState, req.body.message),
  );
}
