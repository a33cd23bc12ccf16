import { GroupCalls } from '@exam/contracts';
import { badRequest, contains, fmtTime, newId, notFound, pageQuery, route, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireSaveGrant, saveTags } from '../role/grants';

/** User groups and their members (spec admin §2 "Group user list", §7). */
export async function groupRoutes(app: FastifyInstance) {
  const { sysGroup, sysGroupUser, sysUser, sysDepart } = schema;

  route(app, GroupCalls.save, { permission: saveTags('sys:group') }, async (req) => {
    requireSaveGrant(req.user, req.body.id, 'sys:group');
    const groupName = req.body.groupName.trim();
    if (!groupName) throw badRequest('用户组名称不能为空！');
    if (req.body.id) {
      const [g] = await app.db.update(sysGroup).set({ groupName }).where(eq(sysGroup.id, req.body.id)).returning();
      if (!g) throw notFound('用户组不存在或已被删除！');
      return { id: g.id };
    }
    const id = newId();
    await app.db.insert(sysGroup).values({ id, groupName });
    return { id };
  });

  route(app, GroupCalls.paging, { permission: 'sys:group:list' }, async (req) => {
    const title = req.body.params?.title;
    const cond = title ? contains(sysGroup.groupName, title) : undefined;
    // Qualified by hand: inside the subquery a bare "id" would mean the member row's id.
    const members = sql<number>`(select count(*) from ${sysGroupUser} gu where gu.group_id = "sys_group"."id")`;
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select({ g: sysGroup, members }).from(sysGroup).where(cond).orderBy(desc(sysGroup.createTime), desc(sysGroup.id)).limit(limit).offset(offset))
          .map(({ g, members: n }) => ({ id: g.id, groupName: g.groupName, userCount: Number(n), createTime: fmtTime(g.createTime) })),
      async () => Number((await app.db.select({ n: count() }).from(sysGroup).where(cond))[0].n),
    );
  });

  route(app, GroupCalls.remove, { permission: 'sys:group:delete' }, async (req) => {
    const gone = await app.db.delete(sysGroup).where(inArray(sysGroup.id, req.body.ids)).returning({ id: sysGroup.id });
    if (!gone.length) throw notFound('用户组不存在或已被删除！');
    return null;
  });

  route(app, GroupCalls.userPaging, { permission: 'sys:group:list' }, async (req) => {
    const { groupId, keyword } = req.body.params ?? { groupId: '' };
    const cond = and(eq(sysGroupUser.groupId, groupId), keyword ? or(contains(sysUser.userName, keyword), contains(sysUser.realName, keyword)) : undefined);
    return pageQuery(
      req.body,
      async (limit, offset) =>
        (await app.db.select({ gu: sysGroupUser, u: sysUser, deptName: sysDepart.deptName }).from(sysGroupUser)
          .innerJoin(sysUser, eq(sysUser.id, sysGroupUser.userId)).leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
          .where(cond).orderBy(desc(sysGroupUser.createTime), desc(sysGroupUser.id)).limit(limit).offset(offset))
          .map(({ gu, u, deptName }) => ({ id: gu.id, userId: u.id, userName: u.userName, realName: u.realName, deptName: deptName ?? '', mobile: u.mobile })),
      async () => Number((await app.db.select({ n: count() }).from(sysGroupUser).innerJoin(sysUser, eq(sysUser.id, sysGroupUser.userId)).where(cond))[0].n),
    );
  });

  route(app, GroupCalls.userRemove, { permission: 'sys:group:user:remove' }, async (req) => {
    await app.db.delete(sysGroupUser).where(inArray(sysGroupUser.id, req.body.ids));
    return null;
  });

  route(app, GroupCalls.batchJoin, { permission: 'sys:group:user:join' }, async (req) => {
    const userIds = [...new Set(req.body.userIds)];
    const groupIds = [...new Set(req.body.groupIds)];
    if ((await app.db.select({ id: sysGroup.id }).from(sysGroup).where(inArray(sysGroup.id, groupIds))).length !== groupIds.length) {
      throw notFound('用户组不存在或已被删除！');
    }
    if ((await app.db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, userIds))).length !== userIds.length) {
      throw notFound('用户不存在或已被删除！');
    }
    const pairs = groupIds.flatMap((groupId) => userIds.map((userId) => ({ id: newId(), groupId, userId })));
    if (req.body.flag === 1) await app.db.insert(sysGroupUser).values(pairs).onConflictDoNothing();
    else await app.db.delete(sysGroupUser).where(and(inArray(sysGroupUser.groupId, groupIds), inArray(sysGroupUser.userId, userIds)));
    return null;
  });
}
