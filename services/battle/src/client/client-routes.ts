import { BattleClientCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { resultService } from '../result/result-service';
import { clientService } from './client-service';

/** The learner's 答题竞赛 (`/api/battle/client/*`, BattleHome): signed-in learners, no admin tag. */
export async function clientRoutes(app: FastifyInstance) {
  const svc = clientService({ db: app.db, results: resultService({ db: app.db }) });
  route(app, BattleClientCalls.paging, {}, (req) => svc.paging(req.body, userOf(req)));
  route(app, BattleClientCalls.detail, {}, (req) => svc.detail(req.body.id, userOf(req)));
  route(app, BattleClientCalls.history, {}, (req) => svc.history(req.body, userOf(req)));
  route(app, BattleClientCalls.rank, {}, (req) => svc.rank(req.body, userOf(req)));
}
