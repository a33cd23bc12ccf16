import { CourseCalls } from '@exam/contracts';
import { courseStats, pageOf, route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';

/** Learning statistics (the dashboard's learning overview and running courses read the same kit functions). */
export async function statRoutes(app: FastifyInstance) {
  const stats = courseStats(app.db);
  route(app, CourseCalls.overview, { permission: ['course:list', 'dashboard:view'] }, (req) =>
    stats.overview(req.body.days ?? 7, req.body.courseId),
  );
  route(app, CourseCalls.dashList, { permission: ['course:list', 'dashboard:view'] }, async (req) => {
    const { current, size, offset } = pageOf(req.body);
    const { rows, total } = await stats.courses(size, offset, req.body.params?.title);
    return { records: rows, total, pages: Math.ceil(total / size), current, size };
  });
}
