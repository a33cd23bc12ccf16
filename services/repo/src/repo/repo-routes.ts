import { Calls, type PagingQuery } from '@exam/contracts';
import { contains, fmtTime, pageQuery, route, schema } from '@exam/server-kit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function repoRoutes(app: FastifyInstance) {
  const { elRepo, sysDicValue } = schema;

  const page = (q: PagingQuery<{ title?: string }>, only: SQL[]) => {
    const cond = and(...only, q.params?.title ? contains(elRepo.title, q.params.title) : undefined);
    return pageQuery(
      q,
      async (limit, offset) =>
        (
          await app.db
            .select({ r: elRepo, cat: sysDicValue.title })
            .from(elRepo)
            .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'repo_catalog'), eq(sysDicValue.value, elRepo.catId)))
            .where(cond)
            .orderBy(desc(elRepo.createTime), desc(elRepo.id))
            .limit(limit)
            .offset(offset)
        ).map(({ r, cat }) => ({
          id: r.id, title: r.title, catId: r.catId, catId_dictText: cat ?? '', price: r.price, quCount: r.quCount,
          isOpen: r.isOpen, createTime: fmtTime(r.createTime),
        })),
      async () => Number((await app.db.select({ n: count() }).from(elRepo).where(cond))[0].n),
    );
  };

  route(app, Calls.repoPaging, { permission: 'repo:list' }, (req) => page(req.body, []));
  route(app, Calls.repoOpenPaging, {}, (req) => page(req.body, [eq(elRepo.isOpen, true)]));
}
