import { DepartCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { saveTags } from '../role/grants';
import { departService } from './depart-service';

/** Departments (depart-service.ts). */
export async function departRoutes(app: FastifyInstance) {
  const departs = departService({ db: app.db });

  // Anyone signed in may read the tree: forms, pickers and registration choose departments from it.
  route(app, DepartCalls.tree, {}, () => departs.tree());
  route(app, DepartCalls.treeSelect, {}, () => departs.treeSelect());
  route(app, DepartCalls.detail, { permission: 'sys:depart:list' }, (req) => departs.detail(req.body.id));
  route(app, DepartCalls.save, { permission: saveTags('sys:depart') }, (req) => departs.save(req.body, req.user));
  route(app, DepartCalls.remove, { permission: 'sys:depart:delete' }, async (req) => {
    await departs.remove(req.body.ids);
    return null;
  });
  route(app, DepartCalls.sort, { permission: 'sys:depart:update' }, async (req) => {
    await departs.sort(req.body.id, req.body.sort);
    return null;
  });
}
