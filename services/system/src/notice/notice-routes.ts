import { Calls } from '@exam/contracts';
import { contains, fmtTime, pageQuery, route, schema, userOf } from '@exam/server-kit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function noticeRoutes(app: FastifyInstance) {
  const { sysNotice } = schema;

  route(app, Calls.noticePaging, {}, async (req) => {
    const me = userOf(req);
    const p = req.body.params ?? {};
    // Only notice managers may list disabled notices; everybody else sees published ones.
    const state = me.permissions.includes('sys:notice:list') ? p.state : 0;
    const where: SQL[] = [];
    if (state !== undefined) where.push(eq(sysNotice.state, state));
    if (p.title) where.push(contains(sysNotice.title, p.title));
    const cond = and(...where);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select().from(sysNotice).where(cond).orderBy(desc(sysNotice.createTime), desc(sysNotice.id)).limit(limit).offset(offset)).map(
          (n) => ({ id: n.id, title: n.title, content: n.content, state: n.state, createTime: fmtTime(n.createTime) }),
        ),
      async () => Number((await app.db.select({ n: count() }).from(sysNotice).where(cond))[0].n),
    );
  });
}
