import { Calls, type PagingQuery } from '@exam/contracts';
import { contains, fmtTime, pageQuery, route, schema } from '@exam/server-kit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function courseRoutes(app: FastifyInstance) {
  const { elCourse, sysDicValue } = schema;

  const page = (q: PagingQuery<{ title?: string }>, only: SQL[]) => {
    const cond = and(...only, q.params?.title ? contains(elCourse.title, q.params.title) : undefined);
    return pageQuery(
      q,
      async (limit, offset) =>
        (
          await app.db
            .select({ c: elCourse, cat: sysDicValue.title })
            .from(elCourse)
            .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'course_catalog'), eq(sysDicValue.value, elCourse.catId)))
            .where(cond)
            .orderBy(desc(elCourse.createTime), desc(elCourse.id))
            .limit(limit)
            .offset(offset)
        ).map(({ c, cat }) => ({
          id: c.id, title: c.title, catId: c.catId, catId_dictText: cat ?? '', price: c.price, contentText: c.contentText,
          state: c.state, createTime: fmtTime(c.createTime),
        })),
      async () => Number((await app.db.select({ n: count() }).from(elCourse).where(cond))[0].n),
    );
  };

  route(app, Calls.coursePaging, { permission: 'course:list' }, (req) => page(req.body, []));
  route(app, Calls.courseOpenPaging, {}, (req) => page(req.body, [eq(elCourse.state, 0), eq(elCourse.isOpen, true)]));
}
