import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BodyOf, StatCalls } from '@exam/contracts';
import { courseStats, type Db, pageOf } from '@exam/server-kit';
import { statRepository } from './stat-repository';

/** The root package's version, read once: the platform is released as one version. */
const VERSION: string = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json'), 'utf8'),
).version;

/** Dashboard statistics (admin console): the exam and user figures here, the course study figures from the kit. */
export function statService({ db }: { db: Db }) {
  const repo = statRepository(db);
  const courses = courseStats(db); // shared with the course service
  return {
    totals: () => repo.totals(),
    version: async () => ({ version: VERSION }),
    userWeek: () => repo.userWeek(),
    examWeek: () => repo.examWeek(),
    learnWeek: () => courses.overview(7),
    async courseList(q: BodyOf<typeof StatCalls.courseList>) {
      const { current, size, offset } = pageOf(q);
      const page = await courses.courses(size, offset, q.params?.title?.trim() || undefined);
      return { records: page.rows, total: page.total, pages: Math.ceil(page.total / size), current, size };
    },
    examList: (q: BodyOf<typeof StatCalls.examList>) => repo.runningExams(q, q.params?.title?.trim() || undefined),
  };
}
