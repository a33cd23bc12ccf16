import { UcCalls } from '@exam/contracts';
import { contains, fmtTime, notFound, pageQuery, route, sanitizeRichText, schema, userOf } from '@exam/server-kit';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** In-site messages of the signed-in user (MyMessage): only ever the caller's own rows. */
export async function msgRoutes(app: FastifyInstance) {
  const { sysUserMsg } = schema;
  const row = (m: typeof sysUserMsg.$inferSelect) => ({ id: m.id, title: m.title, readFlag: m.readFlag ? 1 : 0, createTime: fmtTime(m.createTime) });

  route(app, UcCalls.msgPaging, {}, async (req) => {
    const me = userOf(req);
    const p = req.body.params ?? {};
    const where: SQL[] = [eq(sysUserMsg.userId, me.id)];
    if (p.title) where.push(contains(sysUserMsg.title, p.title));
    if (p.readFlag !== undefined) where.push(eq(sysUserMsg.readFlag, p.readFlag === 1));
    const cond = and(...where);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select().from(sysUserMsg).where(cond).orderBy(desc(sysUserMsg.createTime), desc(sysUserMsg.id)).limit(limit).offset(offset)).map(row),
      async () => Number((await app.db.select({ n: count() }).from(sysUserMsg).where(cond))[0].n),
    );
  });

  route(app, UcCalls.msgDetail, {}, async (req) => {
    const me = userOf(req);
    const own = and(eq(sysUserMsg.id, req.body.id), eq(sysUserMsg.userId, me.id));
    const [m] = await app.db.update(sysUserMsg).set({ readFlag: true }).where(own).returning();
    if (!m) throw notFound();
    // Messages come from templates and other services; cleaned again here, since the client renders them as HTML.
    return { ...row(m), content: sanitizeRichText(m.content) };
  });

  route(app, UcCalls.markRead, {}, async (req) => {
    const me = userOf(req);
    const where: SQL[] = [eq(sysUserMsg.userId, me.id), eq(sysUserMsg.readFlag, false)];
    if (req.body.ids) where.push(inArray(sysUserMsg.id, req.body.ids));
    await app.db.update(sysUserMsg).set({ readFlag: true }).where(and(...where));
    return null;
  });
}
