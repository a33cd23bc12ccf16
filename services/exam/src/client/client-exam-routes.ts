import { ClientExamCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { clientExamService } from './client-exam-service';

export async function clientExamRoutes(app: FastifyInstance) {
  const svc = clientExamService(app.db);
  route(app, ClientExamCalls.minePaging, {}, (req) => svc.minePaging(userOf(req), req.body));
  route(app, ClientExamCalls.openPaging, {}, (req) => svc.openPaging(userOf(req), req.body));
  route(app, ClientExamCalls.join, {}, (req) => svc.join(userOf(req), req.body.id));
  route(app, ClientExamCalls.buy, {}, (req) => svc.buy(userOf(req), req.body.id));
}
