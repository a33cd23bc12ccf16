import { type AuthUser, type Db, badRequest, forbidden } from '@exam/server-kit';
import * as repo from './role-repository';

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
  return repo.maxLevel(db, roleIds);
}

const isSuper = (me: AuthUser) => me.roles.includes(SUPER_ROLE);

/** The menus a role holds now. */
export async function menusOfRole(db: Db, roleId: string): Promise<Set<string>> {
  return new Set(await repo.menuIdsOfRole(db, roleId));
}

/** Of these menus, those the operator does not hold through any of their roles (none for the super admin). */
export async function menusBeyond(db: Db, me: AuthUser, menuIds: string[]): Promise<string[]> {
  const wanted = [...new Set(menuIds)];
  if (isSuper(me) || !wanted.length) return [];
  const held = new Set(me.roles.length ? await repo.menusHeldBy(db, me.roles, wanted) : []);
  return wanted.filter((id) => !held.has(id));
}

/** Of these roles, those granting a menu the operator does not hold: giving one away would pass on rights one lacks. */
export async function rolesBeyond(db: Db, me: AuthUser, roleIds: string[]): Promise<string[]> {
  const wanted = [...new Set(roleIds)];
  if (isSuper(me) || !wanted.length) return [];
  return repo.rolesWithMenusBeyond(db, wanted, me.roles);
}

/**
 * Role levels and grants (DESIGN §4, docs/decisions.md "Trust boundaries"): an operator acts only on users
 * whose highest role level is not above their own (edit, password reset, state, delete, bindings, batch
 * changes); grants users only roles not above their level whose menus they hold themselves (`grant`, the
 * roles of the request; `had`, the users whose current roles need no new check); and edits or sets only
 * roles below their own level (`roleLevels`), the super admin excepted. The one check every user and role
 * call makes.
 */
export async function assertLevel(
  db: Db,
  me: AuthUser,
  target: { users?: string[]; grant?: string[]; had?: string[]; roleLevels?: number[] },
) {
  const mine = await levelOf(db, me.roles);
  if (target.grant?.length) {
    const wanted = [...new Set(target.grant)];
    const rows = await repo.levelsOf(db, wanted);
    if (rows.length !== wanted.length) throw badRequest('角色不存在！');
    if (rows.some((r) => r.level > mine)) throw badRequest(LEVEL_MSG.grant);
    // Roles every target already holds pass on nothing new.
    const kept = target.had?.length
      ? await repo.rolesHeldByAll(db, [...new Set(target.had)], wanted)
      : new Set<string>();
    if (
      (
        await rolesBeyond(
          db,
          me,
          wanted.filter((id) => !kept.has(id)),
        )
      ).length
    )
      throw forbidden(LEVEL_MSG.roleMenus);
  }
  if (!isSuper(me) && target.roleLevels?.some((l) => l >= mine)) throw forbidden(LEVEL_MSG.role);
  if (target.users?.length && (await repo.countUsersAbove(db, [...new Set(target.users)], mine)) > 0)
    throw forbidden(LEVEL_MSG.user);
}
