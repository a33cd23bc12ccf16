import { Calls, StatCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { statService } from './stat-service';

/** Dashboard statistics (admin console). */
export async function statRoutes(app: FastifyInstance) {
  const svc = statService({ db: app.db });
  const opts = { permission: 'dashboard:view' };

  route(app, Calls.dashTotals, opts, () => svc.totals());
  route(app, StatCalls.version, opts, () => svc.version());
  route(app, StatCalls.userWeek, opts, () => svc.userWeek());
  route(app, StatCalls.examWeek, opts, () => svc.examWeek());
  route(app, StatCalls.learnWeek, opts, () => svc.learnWeek());
  route(app, StatCalls.courseList, opts, (req) => svc.courseList(req.body));
  route(app, StatCalls.examList, opts, (req) => svc.examList(req.body));
}
