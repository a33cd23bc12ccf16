import { type AuthUser, type Db, badRequest, forbidden, schema } from '@exam/server-kit';
import { and, count, eq, gt, inArray, max, notInArray } from 'drizzle-orm';

const { sysRole, sysRoleMenu, sysUserRole } = schema;

/** The super-admin role keeps every menu: its grants cannot be edited, and new menus join it. */
export const SUPER_ROLE = 'sa';

export const LEVEL_MSG = {
  user: '不能操作级别高于自己的用户！',
  grant: '不能授予高于自己级别的角色！',
  role: '只能修改或设置低于自己级别的角色！',
  menus: '不能授予自己没有的菜单或权限！',
  roleMenus: '不能授予拥有自己没有的菜单或权限的角色！',
};

/** The highest level among these roles (0 for none): an operator's level. */
export async function levelOf(db: Db, roleIds: string[]): Promise<number> {
  if (!roleIds.length) return 0;
  const [r] = await db.select({ level: max(sysRole.roleLevel) }).from(sysRole).where(inArray(sysRole.id, roleIds));
  return Number(r?.level ?? 0);
}

const isSuper = (me: AuthUser) => me.roles.includes(SUPER_ROLE);

/** The menus a role holds now. */
export async function menusOfRole(db: Db, roleId: string): Promise<Set<string>> {
  return new Set((await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map((m) => m.id));
}

/** Of these menus, those the operator does not hold through any of their roles (none for the super admin). */
export async function menusBeyond(db: Db, me: AuthUser, menuIds: string[]): Promise<string[]> {
  const wanted = [...new Set(menuIds)];
  if (isSuper(me) || !wanted.length) return [];
  const held = me.roles.length
    ? new Set((await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu)
      .where(and(inArray(sysRoleMenu.roleId, me.roles), inArray(sysRoleMenu.menuId, wanted)))).map((r) => r.id))
    : new Set<string>();
  return wanted.filter((id) => !held.has(id));
}

/** Of these roles, those granting a menu the operator does not hold: giving one away would pass on rights one lacks. */
export async function rolesBeyond(db: Db, me: AuthUser, roleIds: string[]): Promise<string[]> {
  const wanted = [...new Set(roleIds)];
  if (isSuper(me) || !wanted.length) return [];
  const mine = me.roles.length ? db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, me.roles)) : undefined;
  const rows = await db.selectDistinct({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu)
    .where(and(inArray(sysRoleMenu.roleId, wanted), mine ? notInArray(sysRoleMenu.menuId, mine) : undefined));
  return rows.map((r) => r.roleId);
}

/**
 * Role levels and grants (DESIGN §4, docs/decisions.md "Trust boundaries"): an operator acts only on users
 * whose highest role level is not above their own (edit, password reset, state, delete, bindings, batch
 * changes); grants users only roles not above their level whose menus they hold themselves (`grant`, the
 * roles of the request; `had`, the users whose current roles need no new check); and edits or sets only
 * roles below their own level (`roleLevels`), the super admin excepted. The one check every user and role
 * call makes.
 */
export async function assertLevel(db: Db, me: AuthUser, target: { users?: string[]; grant?: string[]; had?: string[]; roleLevels?: number[] }) {
  const mine = await levelOf(db, me.roles);
  if (target.grant?.length) {
    const wanted = [...new Set(target.grant)];
    const rows = await db.select({ id: sysRole.id, level: sysRole.roleLevel }).from(sysRole).where(inArray(sysRole.id, wanted));
    if (rows.length !== wanted.length) throw badRequest('角色不存在！');
    if (rows.some((r) => r.level > mine)) throw badRequest(LEVEL_MSG.grant);
    // Roles every target already holds pass on nothing new.
    const kept = target.had?.length ? await rolesHeldByAll(db, target.had, wanted) : new Set<string>();
    if ((await rolesBeyond(db, me, wanted.filter((id) => !kept.has(id)))).length) throw forbidden(LEVEL_MSG.roleMenus);
  }
  if (!isSuper(me) && target.roleLevels?.some((l) => l >= mine)) throw forbidden(LEVEL_MSG.role);
  if (target.users?.length) {
    const [above] = await db.select({ n: count() }).from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(and(inArray(sysUserRole.userId, [...new Set(target.users)]), gt(sysRole.roleLevel, mine)));
    if (Number(above?.n ?? 0) > 0) throw forbidden(LEVEL_MSG.user);
  }
}

async function rolesHeldByAll(db: Db, users: string[], roles: string[]): Promise<Set<string>> {
  const ids = [...new Set(users)];
  const rows = await db.select({ roleId: sysUserRole.roleId, n: count() }).from(sysUserRole)
    .where(and(inArray(sysUserRole.userId, ids), inArray(sysUserRole.roleId, roles))).groupBy(sysUserRole.roleId);
  return new Set(rows.filter((r) => Number(r.n) === ids.length).map((r) => r.roleId));
}
