import { TrainCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { trainService } from './train-service';

/** Learner training calls under /api/repo/train: every id is checked against the signed-in learner. */
export async function trainRoutes(app: FastifyInstance) {
  const svc = trainService(app.db);
  route(app, TrainCalls.start, {}, (req) => svc.start(userOf(req).id, req.body));
  route(app, TrainCalls.detail, {}, (req) => svc.detail(userOf(req).id, req.body.id));
  route(app, TrainCalls.card, {}, (req) => svc.card(userOf(req).id, req.body.id));
  route(app, TrainCalls.quDetail, {}, (req) => svc.quDetail(userOf(req).id, req.body.trainId, req.body.quId));
  route(app, TrainCalls.fill, {}, (req) => svc.fill(userOf(req).id, req.body.trainId, req.body.quId, req.body.answer));
  route(app, TrainCalls.finish, {}, (req) => svc.finish(userOf(req).id, req.body.id));
  route(app, TrainCalls.check, {}, (req) => svc.check(userOf(req).id, req.body.repoId, req.body.trainMode));
  route(app, TrainCalls.paging, {}, (req) => svc.paging(userOf(req).id, req.body));
}
