import { UcCalls } from '@exam/contracts';
import { badRequest, contains, type FaceService, fmtTime, pageQuery, route, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REAL } from './real-state';

/** Administrators review pending real-name requests (faceAudit manual, or auto after the automatic check). */
export async function realAuditRoutes(app: FastifyInstance, { faces }: { faces: FaceService }) {
  const { sysUserReal, sysUser } = schema;

  route(app, UcCalls.realPaging, { permission: 'sys:user:update' }, async (req) => {
    const p = req.body.params ?? {};
    const where: SQL[] = [];
    if (p.state !== undefined) where.push(eq(sysUserReal.state, p.state));
    if (p.realName) where.push(contains(sysUserReal.realName, p.realName));
    const cond = and(...where);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select({ r: sysUserReal, userName: sysUser.userName }).from(sysUserReal)
          .innerJoin(sysUser, eq(sysUser.id, sysUserReal.userId)).where(cond)
          .orderBy(desc(sysUserReal.updateTime), desc(sysUserReal.id)).limit(limit).offset(offset))
          .map(({ r, userName }) => ({
            id: r.id, userId: r.userId, userName, realName: r.realName, idCard: r.idCard, state: r.state, auditMsg: r.auditMsg, createTime: fmtTime(r.createTime), photo: r.photo,
          })),
      async () => Number((await app.db.select({ n: count() }).from(sysUserReal).where(cond))[0].n),
    );
  });

  route(app, UcCalls.realAudit, { permission: 'sys:user:update' }, async (req) => {
    const { ids, state } = req.body;
    const auditMsg = (req.body.auditMsg ?? '').trim();
    if (state === REAL.REJECTED && !auditMsg) throw badRequest('审核意见不能为空！');
    // Only pending requests are decided; one transaction, so a pass never leaves the user half updated.
    const decided = await app.db.transaction(async (tx) => {
      const rows = await tx.update(sysUserReal).set({ state, auditMsg, updateTime: new Date() })
        .where(and(inArray(sysUserReal.id, ids), eq(sysUserReal.state, REAL.PENDING))).returning();
      if (state === REAL.PASSED) {
        for (const r of rows) await tx.update(sysUser).set({ realName: r.realName, idCard: r.idCard, updateTime: new Date() }).where(eq(sysUser.id, r.userId));
      }
      return rows;
    });
    if (state !== REAL.PASSED) return null;
    for (const r of decided) {
      await app.sessions.invalidateAuth(r.userId);
      // The approved photo becomes the user's face; an admin's decision stands even when the photo fails the gate.
      if (r.photo) await faces.prepareEnrollUrl(r.userId, r.photo).then((write) => write(app.db)).catch((e: Error) => app.log.warn({ userId: r.userId, err: e.message }, 'real-name photo not enrolled'));
    }
    return null;
  });
}
