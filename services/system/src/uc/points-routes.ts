import { UcCalls } from '@exam/contracts';
import { fmtTime, pageQuery, route, schema, userOf } from '@exam/server-kit';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** The signed-in user's points log (积分日志), newest first. */
export async function pointsRoutes(app: FastifyInstance) {
  const { sysUserPoints } = schema;
  route(app, UcCalls.pointsPaging, {}, async (req) => {
    const cond = eq(sysUserPoints.userId, userOf(req).id);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select().from(sysUserPoints).where(cond).orderBy(desc(sysUserPoints.createTime), desc(sysUserPoints.id)).limit(limit).offset(offset))
          .map((p) => ({ id: p.id, points: p.points, remark: p.remark, createTime: fmtTime(p.createTime) })),
      async () => Number((await app.db.select({ n: count() }).from(sysUserPoints).where(cond))[0].n),
    );
  });
}
