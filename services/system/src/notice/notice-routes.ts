import { NoticeCalls, type NoticeRow } from '@exam/contracts';
import { badRequest, contains, fmtTime, forbidden, newId, notFound, pageQuery, route, sanitizeRichText, schema, userOf } from '@exam/server-kit';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

const MANAGE = 'sys:notice:list';

export async function noticeRoutes(app: FastifyInstance) {
  const { sysNotice } = schema;
  const toRow = (n: typeof sysNotice.$inferSelect): NoticeRow => ({ id: n.id, title: n.title, content: n.content, state: n.state, createTime: fmtTime(n.createTime) });

  route(app, NoticeCalls.paging, {}, async (req) => {
    const me = userOf(req);
    const p = req.body.params ?? {};
    // Only notice managers may list disabled notices; everybody else sees published ones.
    const state = me.permissions.includes(MANAGE) ? p.state : 0;
    const where: SQL[] = [];
    if (state !== undefined) where.push(eq(sysNotice.state, state));
    if (p.title) where.push(contains(sysNotice.title, p.title));
    const cond = and(...where);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select().from(sysNotice).where(cond).orderBy(desc(sysNotice.createTime), desc(sysNotice.id)).limit(limit).offset(offset)).map(toRow),
      async () => Number((await app.db.select({ n: count() }).from(sysNotice).where(cond))[0].n),
    );
  });

  // A disabled notice does not exist for readers who cannot manage notices.
  route(app, NoticeCalls.detail, {}, async (req) => {
    const me = userOf(req);
    const [n] = await app.db.select().from(sysNotice).where(eq(sysNotice.id, req.body.id));
    if (!n || (n.state !== 0 && !me.permissions.includes(MANAGE))) throw notFound('公告不存在或已下线！');
    return toRow(n);
  });

  // Rich content is sanitized here, on write, so every reader gets clean HTML (DESIGN §4).
  route(app, NoticeCalls.save, { permission: ['sys:notice:add', 'sys:notice:update'] }, async (req) => {
    const me = userOf(req);
    const b = req.body;
    const title = b.title.trim();
    if (!title) throw badRequest('公告标题不能为空！');
    const content = sanitizeRichText(b.content);
    if (!content) throw badRequest('公告内容不能为空！');
    if (!b.id) {
      if (!me.permissions.includes('sys:notice:add')) throw forbidden();
      const id = newId();
      await app.db.insert(sysNotice).values({ id, title, content, state: b.state ?? 0, createBy: me.id });
      return { id };
    }
    if (!me.permissions.includes('sys:notice:update')) throw forbidden();
    const done = await app.db.update(sysNotice).set({ title, content, ...(b.state === undefined ? {} : { state: b.state }) }).where(eq(sysNotice.id, b.id)).returning({ id: sysNotice.id });
    if (!done.length) throw notFound('公告不存在或已被删除！');
    return { id: b.id };
  });

  route(app, NoticeCalls.remove, { permission: 'sys:notice:delete' }, async (req) => {
    await app.db.delete(sysNotice).where(inArray(sysNotice.id, req.body.ids));
    return null;
  });

  route(app, NoticeCalls.state, { permission: 'sys:notice:update' }, async (req) => {
    await app.db.update(sysNotice).set({ state: req.body.state }).where(inArray(sysNotice.id, req.body.ids));
    return null;
  });
}
