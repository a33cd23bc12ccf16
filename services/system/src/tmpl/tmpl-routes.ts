import { TmplCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { tmplService } from './tmpl-service';

const PERM = 'sys:notify:tmpl';

/** Message templates (`/api/notify/tmpl/*`, tmpl-service.ts). */
export async function tmplRoutes(app: FastifyInstance) {
  const tmpls = tmplService({ db: app.db });

  route(app, TmplCalls.paging, { permission: PERM }, (req) => tmpls.page(req.body));
  route(app, TmplCalls.detail, { permission: PERM }, (req) => tmpls.detail(req.body.id));
  route(app, TmplCalls.save, { permission: PERM }, (req) => tmpls.save(req.body));
}
