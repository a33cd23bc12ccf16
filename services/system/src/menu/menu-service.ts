import { type BodyOf, isPendingModule, type MenuCalls } from '@exam/contracts';
import { type AuthUser, type Db, type Sessions, badRequest, newId, notFound } from '@exam/server-kit';
import { siteProps } from '../config/config-repository';
import { requireSaveGrant } from '../role/grants';
import { SUPER_ROLE } from '../role/levels';
import { buildTree, subtreeIds } from '../tree/tree';
import * as repo from './menu-repository';
import { checkMenu } from './menu-rules';
import { buildRouteTree } from './menu-tree';

const pick = (m: repo.MenuRow) => ({
  id: m.id,
  parentId: m.parentId,
  terminal: m.terminal,
  menuType: m.menuType,
  metaTitle: m.metaTitle,
  name: m.name,
  path: m.path,
  component: m.component,
  redirect: m.redirect,
  permissionTag: m.permissionTag,
  metaIcon: m.metaIcon,
  hidden: m.hidden,
  sort: m.sort,
});

/** Menus: the whole tree for administration (spec admin §2 SysMenu, §7), and each user's routes. */
export function menuService({ db, sessions }: { db: Db; sessions: Sessions }) {
  return {
    tree: async (terminal?: string) => buildTree(await repo.menuRows(db, terminal), pick),
    list: async (terminal?: string) =>
      (await repo.menuRows(db, terminal)).map((m) => ({
        id: m.id,
        parentId: m.parentId,
        terminal: m.terminal,
        menuType: m.menuType,
        metaTitle: m.metaTitle,
        sort: m.sort,
      })),

    async detail(id: string) {
      const m = await repo.menuById(db, id);
      if (!m) throw notFound('菜单不存在或已被删除！');
      return pick(m);
    },

    async save(body: BodyOf<typeof MenuCalls.save>, me: AuthUser | null) {
      requireSaveGrant(me, body.id, 'sys:menu');
      const checked = checkMenu(body);
      if ('error' in checked) throw badRequest(checked.error);
      const { menu } = checked;
      let terminal: string = body.terminal ?? 'admin';
      if (menu.parentId !== '0') {
        const parent = await repo.menuById(db, menu.parentId);
        if (!parent) throw badRequest('上级菜单不存在！');
        terminal = parent.terminal; // a child lives in its parent's shell
      }
      const id = body.id;
      if (id) {
        if (menu.parentId !== '0' && subtreeIds(await repo.menuRows(db), id).has(menu.parentId))
          throw badRequest('上级菜单不能是自己或自己的下级！');
        if (!(await repo.updateMenu(db, id, { ...menu, terminal }))) throw notFound('菜单不存在或已被删除！');
      } else {
        const sort = (await repo.countChildren(db, menu.parentId)) + 1;
        const created = newId();
        // The super admin keeps every menu, new ones included.
        await db.transaction(async (tx) => {
          await repo.insertMenu(tx, { id: created, ...menu, terminal, sort });
          await repo.grantMenu(tx, SUPER_ROLE, created);
        });
        await sessions.invalidateAuth();
        return { id: created };
      }
      await sessions.invalidateAuth(); // permission tags may have changed
      return { id };
    },

    async remove(idList: string[]) {
      const ids = [...new Set(idList)];
      if ((await repo.existingMenuIds(db, ids)).length !== ids.length) throw notFound('菜单不存在或已被删除！');
      const kids = await repo.childMenuIds(db, ids);
      if (kids.some((k) => !ids.includes(k))) throw badRequest('菜单下还有子菜单，请先删除子菜单！');
      await repo.deleteMenus(db, ids);
      await sessions.invalidateAuth();
    },

    sort: (id: string, dir: number) => db.transaction((tx) => repo.moveMenu(tx, id, dir)),

    /** The signed-in user's route tree for one shell: the menus their roles hold, of modules switched on. */
    async routes(me: AuthUser, terminal: string) {
      if (me.roles.length === 0) return [];
      const [rows, tree] = await Promise.all([
        repo.grantedMenus(db, me.roles, terminal),
        repo.menuModules(db, terminal),
      ]);
      // Entries of a switched-off module (course, exam) are not offered (spec: top menu by module switches), nor
      // anything under them: an entry without a module of its own would otherwise be lifted to the top.
      const byId = new Map(tree.map((m) => [m.id, m]));
      const moduleOf = (id: string) => {
        for (let m = byId.get(id), depth = 0; m && depth < 32; m = byId.get(m.parentId), depth++)
          if (m.module) return m.module;
        return '';
      };
      const props = await siteProps(db);
      // A module not built yet (contracts PENDING_MODULES) is off whatever was stored.
      const on = (m: string) => {
        if (!m) return true;
        const key = `module${m[0].toUpperCase()}${m.slice(1)}`;
        return !isPendingModule(key) && props[key] !== false;
      };
      return buildRouteTree(rows.filter((r) => on(moduleOf(r.id))));
    },
  };
}
export type MenuService = ReturnType<typeof menuService>;
