import { RoleCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { USER_PICKERS } from './grants';
import { roleService } from './role-service';

/** Roles and their menu grants (role-service.ts). */
export async function roleRoutes(app: FastifyInstance) {
  const roles = roleService({ db: app.db, sessions: app.sessions });

  // The user form and the user picker's role filter choose roles too.
  route(app, RoleCalls.list, { permission: ['sys:role:list', ...USER_PICKERS] }, () => roles.list());
  route(app, RoleCalls.detail, { permission: 'sys:role:list' }, (req) => roles.detail(req.body.id));
  route(app, RoleCalls.save, { permission: 'sys:role:save' }, (req) => roles.save(req.body, userOf(req)));
  route(app, RoleCalls.listMenus, { permission: 'sys:role:list' }, (req) => roles.menus(req.body.id));
  route(app, RoleCalls.saveMenus, { permission: 'sys:role:menus' }, async (req) => {
    await roles.saveMenus(req.body, userOf(req));
    return null;
  });
}
