import { Calls } from '@exam/contracts';
import { contains, escapeLike, fmtTime, ordersOf, pageQuery, route, schema, userOf } from '@exam/server-kit';
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function userRoutes(app: FastifyInstance) {
  const { sysUser, sysDepart, sysUserRole, sysRole, sysUserMsg } = schema;

  route(app, Calls.userPaging, { permission: 'sys:user:list' }, async (req) => {
    const p = req.body.params ?? {};
    const where: SQL[] = [];
    if (p.userName) where.push(contains(sysUser.userName, p.userName));
    if (p.deptCode) where.push(sql`${sysUser.deptCode} like ${escapeLike(p.deptCode) + '%'}`);
    if (p.state !== undefined) where.push(eq(sysUser.state, p.state));
    if (p.excludes?.length) where.push(notInArray(sysUser.id, p.excludes));
    if (p.roleIds?.length) {
      where.push(inArray(sysUser.id, app.db.select({ id: sysUserRole.userId }).from(sysUserRole).where(inArray(sysUserRole.roleId, p.roleIds))));
    }
    if (p.userType !== undefined) {
      where.push(inArray(sysUser.id, app.db.select({ id: sysUserRole.userId }).from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysRole.roleType, p.userType))));
    }
    const cond = and(...where);
    const roleNames = sql<string>`coalesce((select string_agg(r.role_name, ',' order by r.role_level desc) from ${sysUserRole} ur join ${sysRole} r on r.id = ur.role_id where ur.user_id = ${sysUser.id}), '')`;
    return pageQuery(
      req.body,
      async (limit, offset) => {
        const rows = await app.db
          .select({ u: sysUser, deptName: sysDepart.deptName, roleNames })
          .from(sysUser)
          .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
          .where(cond)
          .orderBy(...ordersOf(req.body, { createTime: sysUser.createTime, userName: sysUser.userName }, [desc(sysUser.createTime), desc(sysUser.id)]))
          .limit(limit)
          .offset(offset);
        return rows.map(({ u, deptName, roleNames: rn }) => ({
          id: u.id, userName: u.userName, realName: u.realName, deptCode: u.deptCode, deptCode_dictText: deptName ?? '',
          mobile: u.mobile, state: u.state, roleNames: rn, createTime: fmtTime(u.createTime),
        }));
      },
      async () => Number((await app.db.select({ n: count() }).from(sysUser).where(cond))[0].n),
    );
  });

  route(app, Calls.countUnread, {}, async (req) => {
    const me = userOf(req);
    const [r] = await app.db.select({ n: count() }).from(sysUserMsg).where(and(eq(sysUserMsg.userId, me.id), eq(sysUserMsg.readFlag, false)));
    return Number(r.n);
  });
}
