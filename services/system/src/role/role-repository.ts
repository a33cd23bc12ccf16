import { type Db, type Tx, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, gt, inArray, max, notInArray } from 'drizzle-orm';

const { sysRole, sysRoleMenu, sysUserRole } = schema;
export type RoleRow = typeof sysRole.$inferSelect;
type RoleFields = { roleName: string; roleType: number; roleLevel: number; remark: string };

/** Every role, highest level first. */
export async function allRoles(db: Db): Promise<RoleRow[]> {
  return db.select().from(sysRole).orderBy(desc(sysRole.roleLevel), asc(sysRole.id));
}

/** Every role, lowest level first (the import template's sheet). */
export async function rolesByLevel(db: Db): Promise<RoleRow[]> {
  return db.select().from(sysRole).orderBy(sysRole.roleLevel);
}

export async function roleById(db: Db, id: string): Promise<RoleRow | undefined> {
  return (await db.select().from(sysRole).where(eq(sysRole.id, id)))[0];
}

/** Undefined when the role is gone. */
export async function updateRole(db: Db, id: string, fields: RoleFields) {
  return (await db.update(sysRole).set(fields).where(eq(sysRole.id, id)).returning())[0];
}

export async function insertRole(db: Db, id: string, fields: RoleFields) {
  await db.insert(sysRole).values({ id, ...fields });
}

/** The highest level among these roles (0 for none). */
export async function maxLevel(db: Db, roleIds: string[]): Promise<number> {
  const [r] = await db
    .select({ level: max(sysRole.roleLevel) })
    .from(sysRole)
    .where(inArray(sysRole.id, roleIds));
  return Number(r?.level ?? 0);
}

/** Ids and levels of these roles (those that exist). */
export async function levelsOf(db: Db, roleIds: string[]) {
  return db.select({ id: sysRole.id, level: sysRole.roleLevel }).from(sysRole).where(inArray(sysRole.id, roleIds));
}

/** The menus a role holds. */
export async function menuIdsOfRole(db: Db, roleId: string): Promise<string[]> {
  return (await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map(
    (m) => m.id,
  );
}

/** Of these menus, those any of these roles holds. */
export async function menusHeldBy(db: Db, roleIds: string[], menuIds: string[]): Promise<string[]> {
  return (
    await db
      .select({ id: sysRoleMenu.menuId })
      .from(sysRoleMenu)
      .where(and(inArray(sysRoleMenu.roleId, roleIds), inArray(sysRoleMenu.menuId, menuIds)))
  ).map((r) => r.id);
}

/** Of these roles, those holding a menu that none of `mine` holds (with `mine` empty: those holding any menu). */
export async function rolesWithMenusBeyond(db: Db, roleIds: string[], mine: string[]): Promise<string[]> {
  const held = mine.length
    ? db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, mine))
    : undefined;
  const rows = await db
    .selectDistinct({ roleId: sysRoleMenu.roleId })
    .from(sysRoleMenu)
    .where(and(inArray(sysRoleMenu.roleId, roleIds), held ? notInArray(sysRoleMenu.menuId, held) : undefined));
  return rows.map((r) => r.roleId);
}

/** How many of these users hold a role above this level. */
export async function countUsersAbove(db: Db, userIds: string[], level: number): Promise<number> {
  const [above] = await db
    .select({ n: count() })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, userIds), gt(sysRole.roleLevel, level)));
  return Number(above?.n ?? 0);
}

/** Of these roles, those every one of these users holds. */
export async function rolesHeldByAll(db: Db, userIds: string[], roleIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ roleId: sysUserRole.roleId, n: count() })
    .from(sysUserRole)
    .where(and(inArray(sysUserRole.userId, userIds), inArray(sysUserRole.roleId, roleIds)))
    .groupBy(sysUserRole.roleId);
  return new Set(rows.filter((r) => Number(r.n) === userIds.length).map((r) => r.roleId));
}

/** Replaces a role's grants. */
export async function setRoleMenus(tx: Tx, roleId: string, menuIds: string[]) {
  await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length) await tx.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
}
