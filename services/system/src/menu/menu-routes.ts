import { Calls, isPendingModule } from '@exam/contracts';
import { route, schema, userOf } from '@exam/server-kit';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { menuAdminRoutes } from './menu-admin-routes';
import { buildRouteTree } from './menu-tree';

export async function menuRoutes(app: FastifyInstance) {
  const { sysMenu, sysRoleMenu, sysConfig } = schema;
  await app.register(menuAdminRoutes);

  route(app, Calls.routes, {}, async (req) => {
    const me = userOf(req);
    const terminal = req.body.terminal ?? 'admin';
    if (me.roles.length === 0) return [];
    const rows = await app.db
      .selectDistinct({
        id: sysMenu.id, parentId: sysMenu.parentId, menuType: sysMenu.menuType, metaTitle: sysMenu.metaTitle,
        name: sysMenu.name, path: sysMenu.path, component: sysMenu.component, redirect: sysMenu.redirect,
        metaIcon: sysMenu.metaIcon, hidden: sysMenu.hidden, affix: sysMenu.affix, sort: sysMenu.sort, module: sysMenu.module,
      })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
      .where(and(inArray(sysRoleMenu.roleId, me.roles), eq(sysMenu.terminal, terminal)));
    // Entries of a switched-off module (course, exam) are not offered (spec: top menu by module switches).
    const [cfg] = await app.db.select({ props: sysConfig.props }).from(sysConfig).where(eq(sysConfig.id, '1'));
    const props = cfg?.props ?? {};
    // A module not built yet (contracts PENDING_MODULES) is off whatever was stored.
    const on = (m: string) => {
      if (!m) return true;
      const key = `module${m[0].toUpperCase()}${m.slice(1)}`;
      return !isPendingModule(key) && props[key] !== false;
    };
    return buildRouteTree(rows.filter((r) => on(r.module)));
  });
}
