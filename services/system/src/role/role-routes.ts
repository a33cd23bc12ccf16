import { RoleCalls } from '@exam/contracts';
import { badRequest, forbidden, newId, notFound, route, schema, userOf } from '@exam/server-kit';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { USER_PICKERS } from './grants';
import { assertLevel, LEVEL_MSG, menusBeyond, menusOfRole, SUPER_ROLE } from './levels';

/** Roles and their menu grants (spec admin §6 "Role endpoints"). */
export async function roleRoutes(app: FastifyInstance) {
  const { sysRole, sysRoleMenu, sysMenu } = schema;
  const pick = (r: typeof sysRole.$inferSelect) => ({ id: r.id, roleName: r.roleName, roleType: r.roleType, roleLevel: r.roleLevel, remark: r.remark });

  // The user form and the user picker's role filter choose roles too.
  route(app, RoleCalls.list, { permission: ['sys:role:list', ...USER_PICKERS] }, async () =>
    (await app.db.select().from(sysRole).orderBy(desc(sysRole.roleLevel), asc(sysRole.id))).map(pick),
  );

  route(app, RoleCalls.detail, { permission: 'sys:role:list' }, async (req) => {
    const [r] = await app.db.select().from(sysRole).where(eq(sysRole.id, req.body.id));
    if (!r) throw notFound('角色不存在或已被删除！');
    return pick(r);
  });

  route(app, RoleCalls.save, { permission: 'sys:role:save' }, async (req) => {
    const { id, roleName, roleType, roleLevel, remark = '' } = req.body;
    if (!roleName.trim()) throw badRequest('角色名称不能为空！');
    const fields = { roleName: roleName.trim(), roleType, roleLevel, remark };
    if (id) {
      if (id === SUPER_ROLE && roleType !== 2) throw badRequest('超级管理员角色类型不能修改！');
      const [was] = await app.db.select({ level: sysRole.roleLevel }).from(sysRole).where(eq(sysRole.id, id));
      if (!was) throw notFound('角色不存在或已被删除！');
      await assertLevel(app.db, userOf(req), { roleLevels: [was.level, roleLevel] });
      const [r] = await app.db.update(sysRole).set(fields).where(eq(sysRole.id, id)).returning();
      if (!r) throw notFound('角色不存在或已被删除！');
      await app.sessions.invalidateAuth(); // role type is part of every holder's session
      return { id };
    }
    await assertLevel(app.db, userOf(req), { roleLevels: [roleLevel] });
    const newRole = newId();
    await app.db.insert(sysRole).values({ id: newRole, ...fields });
    return { id: newRole };
  });

  route(app, RoleCalls.listMenus, { permission: 'sys:role:list' }, async (req) => {
    const [r] = await app.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.id, req.body.id));
    if (!r) throw notFound('角色不存在或已被删除！');
    return (await app.db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, req.body.id))).map((m) => m.id);
  });

  route(app, RoleCalls.saveMenus, { permission: 'sys:role:menus' }, async (req) => {
    const { id, menuIds } = req.body;
    if (id === SUPER_ROLE) throw badRequest('超级管理员拥有全部权限，不能修改！');
    const [r] = await app.db.select({ level: sysRole.roleLevel }).from(sysRole).where(eq(sysRole.id, id));
    if (!r) throw notFound('角色不存在或已被删除！');
    const me = userOf(req);
    await assertLevel(app.db, me, { roleLevels: [r.level] });
    const wanted = [...new Set(menuIds)];
    if (wanted.length) {
      const found = await app.db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, wanted));
      if (found.length !== wanted.length) throw badRequest('菜单不存在，请刷新后重试！');
    }
    // Menus the role keeps are not granted again; each new one must be the operator's own.
    const had = await menusOfRole(app.db, id);
    if ((await menusBeyond(app.db, me, wanted.filter((m) => !had.has(m)))).length) throw forbidden(LEVEL_MSG.menus);
    await app.db.transaction(async (tx) => {
      await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, id));
      if (wanted.length) await tx.insert(sysRoleMenu).values(wanted.map((menuId) => ({ roleId: id, menuId })));
    });
    await app.sessions.invalidateAuth(); // every holder's permissions change at once
    return null;
  });
}
