import { Calls } from '@exam/contracts';
import { route, schema } from '@exam/server-kit';
import { count, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function statRoutes(app: FastifyInstance) {
  const { elExam, elRepo, elCourse, sysUser } = schema;
  const rows = async (table: typeof elExam | typeof elRepo | typeof elCourse | typeof sysUser) =>
    Number((await app.db.select({ n: count() }).from(table))[0].n);

  route(app, Calls.dashTotals, { permission: 'dashboard:view' }, async () => {
    const [examCount, repoCount, courseCount, userCount, [qu]] = await Promise.all([
      rows(elExam), rows(elRepo), rows(elCourse), rows(sysUser), app.db.select({ q: sum(elRepo.quCount) }).from(elRepo),
    ]);
    // Battles, certificates, templates and coursewares arrive with their modules; none exist yet.
    return { examCount, repoCount, courseCount, userCount, quCount: Number(qu.q ?? 0), tmplCount: 0, battleCount: 0, fileCount: 0, grantCount: 0 };
  });
}
