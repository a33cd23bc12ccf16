import { Calls, type PagingQuery } from '@exam/contracts';
import { contains, fmtTime, pageQuery, route, schema } from '@exam/server-kit';
import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function examRoutes(app: FastifyInstance) {
  const { elExam } = schema;

  const page = (q: PagingQuery<{ title?: string }>, only: SQL[]) => {
    const cond = and(...only, q.params?.title ? contains(elExam.title, q.params.title) : undefined);
    return pageQuery(
      q,
      async (limit, offset) =>
        (await app.db.select().from(elExam).where(cond).orderBy(desc(elExam.createTime), desc(elExam.id)).limit(limit).offset(offset)).map((e) => ({
          id: e.id, title: e.title, state: e.state, openType: e.openType, startTime: fmtTime(e.startTime), endTime: fmtTime(e.endTime),
          totalTime: e.totalTime, totalScore: e.totalScore, qualifyScore: e.qualifyScore, chance: e.chance, price: e.price,
        })),
      async () => Number((await app.db.select({ n: count() }).from(elExam).where(cond))[0].n),
    );
  };

  route(app, Calls.examPaging, { permission: 'exam:list' }, (req) => page(req.body, []));
  // Learners see enabled, public exams that have not ended.
  route(app, Calls.examOpenPaging, {}, (req) => page(req.body, [eq(elExam.state, 0), eq(elExam.openType, 1), gt(elExam.endTime, new Date())]));
}
