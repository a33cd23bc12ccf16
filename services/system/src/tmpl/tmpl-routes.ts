import { TmplCalls, type TmplDetail } from '@exam/contracts';
import { badRequest, contains, fmtTime, newId, notFound, pageQuery, route, schema } from '@exam/server-kit';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const PERM = 'sys:notify:tmpl';

/** Message templates (`/api/notify/tmpl/*`): titled texts the platform sends to users. */
export async function tmplRoutes(app: FastifyInstance) {
  const { notifyTmpl } = schema;
  const toDetail = (t: typeof notifyTmpl.$inferSelect): TmplDetail => ({
    id: t.id, title: t.title, code: t.code, content: t.content, remark: t.remark, createTime: fmtTime(t.createTime),
  });

  route(app, TmplCalls.paging, { permission: PERM }, async (req) => {
    const title = req.body.params?.title;
    const cond = title ? contains(notifyTmpl.title, title) : undefined;
    return pageQuery(
      req.body,
      async (limit, offset) => (await app.db.select().from(notifyTmpl).where(cond).orderBy(desc(notifyTmpl.createTime), desc(notifyTmpl.id)).limit(limit).offset(offset)).map(toDetail),
      async () => Number((await app.db.select({ n: count() }).from(notifyTmpl).where(cond))[0].n),
    );
  });

  route(app, TmplCalls.detail, { permission: PERM }, async (req) => {
    const [t] = await app.db.select().from(notifyTmpl).where(eq(notifyTmpl.id, req.body.id));
    if (!t) throw notFound('消息模板不存在！');
    return toDetail(t);
  });

  route(app, TmplCalls.save, { permission: PERM }, async (req) => {
    const b = req.body;
    const title = b.title.trim();
    if (!title) throw badRequest('模板标题不能为空！');
    if (!b.content.trim()) throw badRequest('模板内容不能为空！');
    const values = { title, code: (b.code ?? '').trim(), content: b.content.trim(), remark: (b.remark ?? '').trim() };
    if (!b.id) {
      const id = newId();
      await app.db.insert(notifyTmpl).values({ id, ...values });
      return { id };
    }
    const done = await app.db.update(notifyTmpl).set({ ...values, updateTime: sql`now()` }).where(eq(notifyTmpl.id, b.id)).returning({ id: notifyTmpl.id });
    if (!done.length) throw notFound('消息模板不存在！');
    return { id: b.id };
  });
}
