import { GroupCalls } from '@exam/contracts';
import { route } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { saveTags } from '../role/grants';
import { groupService } from './group-service';

/** User groups and their members (group-service.ts). */
export async function groupRoutes(app: FastifyInstance) {
  const groups = groupService({ db: app.db });

  route(app, GroupCalls.save, { permission: saveTags('sys:group') }, (req) => groups.save(req.body, req.user));
  route(app, GroupCalls.paging, { permission: 'sys:group:list' }, (req) => groups.page(req.body));
  route(app, GroupCalls.remove, { permission: 'sys:group:delete' }, async (req) => {
    await groups.remove(req.body.ids);
    return null;
  });
  route(app, GroupCalls.userPaging, { permission: 'sys:group:list' }, (req) => groups.memberPage(req.body));
  route(app, GroupCalls.userRemove, { permission: 'sys:group:user:remove' }, async (req) => {
    await groups.removeMembers(req.body.ids);
    return null;
  });
  route(app, GroupCalls.batchJoin, { permission: 'sys:group:user:join' }, async (req) => {
    await groups.batchJoin(req.body);
    return null;
  });
}
