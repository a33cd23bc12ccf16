import { type Db, type Tx, schema } from '@exam/server-kit';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { moveAmongSiblings } from '../tree/tree-repository';
import type { CleanMenu } from './menu-rules';

const { sysMenu, sysRoleMenu } = schema;
export type MenuRow = typeof sysMenu.$inferSelect;

/** The menus of one shell (all without one), in display order. */
export async function menuRows(db: Db, terminal?: string): Promise<MenuRow[]> {
  return db
    .select()
    .from(sysMenu)
    .where(terminal ? eq(sysMenu.terminal, terminal) : undefined)
    .orderBy(asc(sysMenu.sort), asc(sysMenu.id));
}

export async function menuById(db: Db, id: string): Promise<MenuRow | undefined> {
  return (await db.select().from(sysMenu).where(eq(sysMenu.id, id)))[0];
}

/** Undefined when the menu is gone. */
export async function updateMenu(db: Db, id: string, menu: CleanMenu & { terminal: string }) {
  return (await db.update(sysMenu).set(menu).where(eq(sysMenu.id, id)).returning())[0];
}

export async function countChildren(db: Db, parentId: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, parentId)))[0].n);
}

export async function insertMenu(tx: Tx, menu: CleanMenu & { id: string; terminal: string; sort: number }) {
  await tx.insert(sysMenu).values(menu);
}

/** Grants a menu to a role unless it holds it. */
export async function grantMenu(tx: Tx, roleId: string, menuId: string) {
  await tx.insert(sysRoleMenu).values({ roleId, menuId }).onConflictDoNothing();
}

/** Which of these menus exist. */
export async function existingMenuIds(db: Db, ids: string[]): Promise<string[]> {
  return (await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, ids))).map((m) => m.id);
}

/** Ids of the menus directly under any of these. */
export async function childMenuIds(db: Db, parentIds: string[]): Promise<string[]> {
  return (await db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.parentId, parentIds))).map(
    (m) => m.id,
  );
}

/** Grants go with the menus (foreign key cascade). */
export async function deleteMenus(db: Db, ids: string[]) {
  await db.delete(sysMenu).where(inArray(sysMenu.id, ids));
}

export const moveMenu = (tx: Tx, id: string, dir: number) => moveAmongSiblings(tx, sysMenu, id, dir);

/** The menus of one shell that any of these roles holds (each once). */
/** Every menu of a shell with its parent and module: the module a menu is under is its own or its nearest ancestor's. */
export async function menuModules(db: Db, terminal: string) {
  return db
    .select({ id: sysMenu.id, parentId: sysMenu.parentId, module: sysMenu.module })
    .from(sysMenu)
    .where(eq(sysMenu.terminal, terminal));
}

export async function grantedMenus(db: Db, roleIds: string[], terminal: string) {
  return db
    .selectDistinct({
      id: sysMenu.id,
      parentId: sysMenu.parentId,
      menuType: sysMenu.menuType,
      metaTitle: sysMenu.metaTitle,
      name: sysMenu.name,
      path: sysMenu.path,
      component: sysMenu.component,
      redirect: sysMenu.redirect,
      metaIcon: sysMenu.metaIcon,
      hidden: sysMenu.hidden,
      affix: sysMenu.affix,
      sort: sysMenu.sort,
      module: sysMenu.module,
    })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.terminal, terminal)));
}
