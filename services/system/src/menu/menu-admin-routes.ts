import { MenuCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { saveTags } from '../role/grants';
import type { MenuService } from './menu-service';

/** Menu administration (menu-service.ts): the whole tree with function entries. */
export async function menuAdminRoutes(app: FastifyInstance, { menus }: { menus: MenuService }) {
  // Role grants are edited on the same tree.
  const readers = ['sys:menu:list', 'sys:role:list'];

  route(app, MenuCalls.tree, { permission: readers }, (req) => menus.tree(req.body.terminal));
  route(app, MenuCalls.list, { permission: readers }, (req) => menus.list(req.body.terminal));
  route(app, MenuCalls.detail, { permission: 'sys:menu:list' }, (req) => menus.detail(req.body.id));
  route(app, MenuCalls.save, { permission: saveTags('sys:menu') }, (req) => menus.save(req.body, req.user));
  route(app, MenuCalls.remove, { permission: 'sys:menu:delete' }, async (req) => {
    await menus.remove(req.body.ids);
    return null;
  });
  route(app, MenuCalls.sort, { permission: 'sys:menu:update' }, async (req) => {
    await menus.sort(req.body.id, req.body.sort);
    return null;
  });
}
