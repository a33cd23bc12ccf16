import { UserCalls } from '@exam/contracts';
import { badRequest, conflict, fmtTime, newId, notFound, pageQuery, route, schema, userOf } from '@exam/server-kit';
import { checkMobile } from '@exam/validators';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertLevel } from '../role/levels';

/**
 * The admin side of bindings (spec admin §2 user edit dialog, tab 账号绑定): list a user's bindings,
 * remove one (only the user can bind again), bind or unbind a mobile directly.
 */
export async function bindRoutes(app: FastifyInstance) {
  const { sysUserBind, sysUser, sysDicValue } = schema;

  /** The user exists and the operator may act on them (role levels). */
  const mayActOn = async (req: FastifyRequest, id: string) => {
    const [u] = await app.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, id));
    if (!u) throw notFound('用户不存在或已被删除！');
    await assertLevel(app.db, userOf(req), { users: [id] });
  };

  route(app, UserCalls.bindPaging, { permission: 'sys:user:list' }, async (req) => {
    const userId = req.body.params?.userId ?? '';
    const cond = eq(sysUserBind.userId, userId);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select({ b: sysUserBind, text: sysDicValue.title }).from(sysUserBind)
          .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'login_type'), eq(sysDicValue.value, sysUserBind.loginType)))
          .where(cond).orderBy(desc(sysUserBind.createTime)).limit(limit).offset(offset))
          .map(({ b, text }) => ({ id: b.id, userId: b.userId, loginType: b.loginType, loginType_dictText: text ?? b.loginType, openId: b.openId, nickName: b.nickName, createTime: fmtTime(b.createTime) })),
      async () => Number((await app.db.select({ n: count() }).from(sysUserBind).where(cond))[0].n),
    );
  });

  route(app, UserCalls.unbindById, { permission: 'sys:user:update' }, async (req) => {
    const [found] = await app.db.select({ userId: sysUserBind.userId }).from(sysUserBind).where(eq(sysUserBind.id, req.body.id));
    if (!found) throw notFound('绑定不存在或已解绑！');
    await assertLevel(app.db, userOf(req), { users: [found.userId] });
    const [b] = await app.db.delete(sysUserBind).where(eq(sysUserBind.id, req.body.id)).returning();
    if (!b) throw notFound('绑定不存在或已解绑！');
    if (b.loginType === 'mobile') await app.db.update(sysUser).set({ mobile: '' }).where(eq(sysUser.id, b.userId));
    return null;
  });

  route(app, UserCalls.directBind, { permission: 'sys:user:update' }, async (req) => {
    const { mobile, userId } = req.body;
    const err = checkMobile(mobile);
    if (err) throw badRequest(err);
    await mayActOn(req, userId);
    const [other] = await app.db.select().from(sysUserBind).where(and(eq(sysUserBind.loginType, 'mobile'), eq(sysUserBind.openId, mobile)));
    if (other && other.userId !== userId) throw conflict('该手机号已绑定其他用户！');
    await app.db.transaction(async (tx) => {
      await tx.delete(sysUserBind).where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, 'mobile')));
      await tx.insert(sysUserBind).values({ id: newId(), userId, loginType: 'mobile', openId: mobile });
      await tx.update(sysUser).set({ mobile }).where(eq(sysUser.id, userId));
    });
    return null;
  });

  route(app, UserCalls.directUnbind, { permission: 'sys:user:update' }, async (req) => {
    const { mobile, userId } = req.body;
    await mayActOn(req, userId);
    const gone = await app.db.delete(sysUserBind)
      .where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, 'mobile'), eq(sysUserBind.openId, mobile))).returning();
    if (!gone.length) throw notFound('该用户未绑定此手机号！');
    await app.db.update(sysUser).set({ mobile: '' }).where(eq(sysUser.id, userId));
    return null;
  });
}
