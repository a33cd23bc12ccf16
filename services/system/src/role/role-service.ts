import { type BodyOf, type RoleCalls, RoleType } from '@exam/contracts';
import { type AuthUser, type Db, type Sessions, badRequest, forbidden, newId, notFound } from '@exam/server-kit';
import { existingMenuIds } from '../menu/menu-repository';
import { assertLevel, LEVEL_MSG, menusBeyond, menusOfRole, SUPER_ROLE } from './levels';
import * as repo from './role-repository';

const pick = (r: repo.RoleRow) => ({
  id: r.id,
  roleName: r.roleName,
  roleType: r.roleType,
  roleLevel: r.roleLevel,
  remark: r.remark,
});
const GONE = '角色不存在或已被删除！';

/** Roles and their menu grants (spec admin §6 "Role endpoints"); levels.ts holds the level rules. */
export function roleService({ db, sessions }: { db: Db; sessions: Sessions }) {
  return {
    list: async () => (await repo.allRoles(db)).map(pick),

    async detail(id: string) {
      const r = await repo.roleById(db, id);
      if (!r) throw notFound(GONE);
      return pick(r);
    },

    async save(body: BodyOf<typeof RoleCalls.save>, me: AuthUser) {
      const { id, roleName, roleType, roleLevel, remark = '' } = body;
      if (!roleName.trim()) throw badRequest('角色名称不能为空！');
      const fields = { roleName: roleName.trim(), roleType, roleLevel, remark };
      if (id) {
        if (id === SUPER_ROLE && roleType !== RoleType.ADMIN) throw badRequest('超级管理员角色类型不能修改！');
        const was = await repo.roleById(db, id);
        if (!was) throw notFound(GONE);
        await assertLevel(db, me, { roleLevels: [was.roleLevel, roleLevel] });
        if (!(await repo.updateRole(db, id, fields))) throw notFound(GONE);
        await sessions.invalidateAuth(); // role type is part of every holder's session
        return { id };
      }
      await assertLevel(db, me, { roleLevels: [roleLevel] });
      const created = newId();
      await repo.insertRole(db, created, fields);
      return { id: created };
    },

    async menus(id: string) {
      if (!(await repo.roleById(db, id))) throw notFound(GONE);
      return [...(await menusOfRole(db, id))];
    },

    async saveMenus(body: BodyOf<typeof RoleCalls.saveMenus>, me: AuthUser) {
      const { id, menuIds } = body;
      if (id === SUPER_ROLE) throw badRequest('超级管理员拥有全部权限，不能修改！');
      const r = await repo.roleById(db, id);
      if (!r) throw notFound(GONE);
      await assertLevel(db, me, { roleLevels: [r.roleLevel] });
      const wanted = [...new Set(menuIds)];
      if (wanted.length && (await existingMenuIds(db, wanted)).length !== wanted.length)
        throw badRequest('菜单不存在，请刷新后重试！');
      // Menus the role keeps are not granted again; each new one must be the operator's own.
      const had = await menusOfRole(db, id);
      if (
        (
          await menusBeyond(
            db,
            me,
            wanted.filter((m) => !had.has(m)),
          )
        ).length
      )
        throw forbidden(LEVEL_MSG.menus);
      await db.transaction((tx) => repo.setRoleMenus(tx, id, wanted));
      await sessions.invalidateAuth(); // every holder's permissions change at once
    },
  };
}
