import { MenuCalls } from '@exam/contracts';
import { badRequest, newId, notFound, route, schema } from '@exam/server-kit';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTree, moveAmongSiblings, subtreeIds } from '../depart/tree';
import { requireSaveGrant, saveTags } from '../role/grants';
import { SUPER_ROLE } from '../role/levels';
import { checkMenu } from './menu-rules';

/** Menu administration (spec admin §2 SysMenu, §7): the whole tree with function entries. */
export async function menuAdminRoutes(app: FastifyInstance) {
  const { sysMenu, sysRoleMenu } = schema;
  const pick = (m: typeof sysMenu.$inferSelect) => ({
    id: m.id, parentId: m.parentId, terminal: m.terminal, menuType: m.menuType, metaTitle: m.metaTitle, name: m.name, path: m.path,
    component: m.component, redirect: m.redirect, permissionTag: m.permissionTag, metaIcon: m.metaIcon, hidden: m.hidden, sort: m.sort,
  });
  const rows = (terminal?: string) =>
    app.db.select().from(sysMenu).where(terminal ? eq(sysMenu.terminal, terminal) : undefined).orderBy(asc(sysMenu.sort), asc(sysMenu.id));
  // Role grants are edited on the same tree.
  const readers = ['sys:menu:list', 'sys:role:list'];

  route(app, MenuCalls.tree, { permission: readers }, async (req) => buildTree(await rows(req.body.terminal), pick));
  route(app, MenuCalls.list, { permission: readers }, async (req) =>
    (await rows(req.body.terminal)).map((m) => ({ id: m.id, parentId: m.parentId, terminal: m.terminal, menuType: m.menuType, metaTitle: m.metaTitle, sort: m.sort })),
  );

  route(app, MenuCalls.detail, { permission: 'sys:menu:list' }, async (req) => {
    const [m] = await app.db.select().from(sysMenu).where(eq(sysMenu.id, req.body.id));
    if (!m) throw notFound('菜单不存在或已被删除！');
    return pick(m);
  });

  route(app, MenuCalls.save, { permission: saveTags('sys:menu') }, async (req) => {
    requireSaveGrant(req.user, req.body.id, 'sys:menu');
    const checked = checkMenu(req.body);
    if ('error' in checked) throw badRequest(checked.error);
    const { menu } = checked;
    let terminal: string = req.body.terminal ?? 'admin';
    if (menu.parentId !== '0') {
      const [parent] = await app.db.select().from(sysMenu).where(eq(sysMenu.id, menu.parentId));
      if (!parent) throw badRequest('上级菜单不存在！');
      terminal = parent.terminal; // a child lives in its parent's shell
    }
    const id = req.body.id;
    if (id) {
      if (menu.parentId !== '0' && subtreeIds(await rows(), id).has(menu.parentId)) throw badRequest('上级菜单不能是自己或自己的下级！');
      const [m] = await app.db.update(sysMenu).set({ ...menu, terminal }).where(eq(sysMenu.id, id)).returning();
      if (!m) throw notFound('菜单不存在或已被删除！');
    } else {
      const [last] = await app.db.select({ n: count() }).from(sysMenu).where(eq(sysMenu.parentId, menu.parentId));
      const created = newId();
      await app.db.transaction(async (tx) => {
        await tx.insert(sysMenu).values({ id: created, ...menu, terminal, sort: Number(last.n) + 1 });
        await tx.insert(sysRoleMenu).values({ roleId: SUPER_ROLE, menuId: created }).onConflictDoNothing();
      });
      await app.sessions.invalidateAuth();
      return { id: created };
    }
    await app.sessions.invalidateAuth(); // permission tags may have changed
    return { id };
  });

  route(app, MenuCalls.remove, { permission: 'sys:menu:delete' }, async (req) => {
    const ids = [...new Set(req.body.ids)];
    const found = await app.db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, ids));
    if (found.length !== ids.length) throw notFound('菜单不存在或已被删除！');
    const kids = await app.db.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.parentId, ids));
    if (kids.some((k) => !ids.includes(k.id))) throw badRequest('菜单下还有子菜单，请先删除子菜单！');
    await app.db.delete(sysMenu).where(inArray(sysMenu.id, ids)); // grants go with them (foreign key cascade)
    await app.sessions.invalidateAuth();
    return null;
  });

  route(app, MenuCalls.sort, { permission: 'sys:menu:update' }, async (req) => {
    await app.db.transaction((tx) => moveAmongSiblings(tx, sysMenu, req.body.id, req.body.sort));
    return null;
  });
}
