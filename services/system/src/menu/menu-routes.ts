import { Calls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { menuAdminRoutes } from './menu-admin-routes';
import { menuService } from './menu-service';

/** Each user's routes, and menu administration (menu-service.ts). */
export async function menuRoutes(app: FastifyInstance) {
  const menus = menuService({ db: app.db, sessions: app.sessions });
  await app.register(menuAdminRoutes, { menus });

  route(app, Calls.routes, {}, (req) => menus.routes(userOf(req), req.body.terminal ?? 'admin'));
}
