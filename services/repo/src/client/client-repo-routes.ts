import { TrainCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { clientRepoService } from './client-repo-service';

/** Learner bank calls under /api/client/repo. */
export async function clientRepoRoutes(app: FastifyInstance) {
  const svc = clientRepoService(app.db);
  route(app, TrainCalls.openPaging, {}, (req) => svc.openPaging(userOf(req).id, req.body));
  route(app, TrainCalls.minePaging, {}, (req) => svc.minePaging(userOf(req).id, req.body));
  route(app, TrainCalls.join, {}, (req) => svc.join(userOf(req).id, req.body.id));
  route(app, TrainCalls.buy, {}, (req) => svc.buy(userOf(req).id, req.body.id));
  route(app, TrainCalls.detailForTrain, {}, (req) => svc.detailForTrain(userOf(req).id, req.body.id));
}
