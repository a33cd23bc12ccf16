import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Calls, StatCalls } from '@exam/contracts';
import { courseStats, pageOf, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { statRepository } from './stat-repository';

/** The root package's version, read once: the platform is released as one version. */
const VERSION: string = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json'), 'utf8')).version;

/** Dashboard statistics (admin console). */
export async function statRoutes(app: FastifyInstance) {
  const repo = statRepository(app.db);
  const courses = courseStats(app.db); // the course study figures live in the kit, shared with the course service
  const opts = { permission: 'dashboard:view' };

  route(app, Calls.dashTotals, opts, () => repo.totals());
  route(app, StatCalls.version, opts, async () => ({ version: VERSION }));
  route(app, StatCalls.userWeek, opts, () => repo.userWeek());
  route(app, StatCalls.examWeek, opts, () => repo.examWeek());
  route(app, StatCalls.learnWeek, opts, () => courses.overview(7));

  route(app, StatCalls.courseList, opts, async (req) => {
    const { current, size, offset } = pageOf(req.body);
    const page = await courses.courses(size, offset, req.body.params?.title?.trim() || undefined);
    return { records: page.rows, total: page.total, pages: Math.ceil(page.total / size), current, size };
  });

  route(app, StatCalls.examList, opts, async (req) => {
    const { current, size, offset } = pageOf(req.body);
    const page = await repo.runningExams(size, offset, req.body.params?.title?.trim() || undefined);
    return { records: page.rows, total: page.total, pages: Math.ceil(page.total / size), current, size };
  });
}
