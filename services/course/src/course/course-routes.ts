import { CourseCalls } from '@exam/contracts';
import { forbidden, route, sendXlsx, userOf } from '@exam/server-kit';
import type { PlayAccess } from '../play/play-access';
import type { FastifyInstance } from 'fastify';
import { clientCourseService } from '../client/client-course-service';
import { learnRecords } from './learn-records';
import { courseService } from './course-service';

/** Admin course calls (CourseList); detail and simple-detail also serve the learner's course view. */
export async function courseRoutes(app: FastifyInstance, opts: { access: PlayAccess }) {
  const svc = courseService({ db: app.db });
  const client = clientCourseService({ db: app.db, kv: app.infra.kv });
  const records = learnRecords({ db: app.db });
  const isAdmin = (perms: string[]) => perms.includes('course:list');
  // Play links check access from a cache of every replica (play-access): a change drops it at once.
  const changed = (ids: string[]) => opts.access.changed(ids);

  route(app, CourseCalls.paging, { permission: 'course:list' }, (req) => svc.paging(req.body));
  // Course admins read the author's view of any course; others the learner view of a course open to them.
  route(app, CourseCalls.detail, {}, (req) => {
    const u = userOf(req);
    return isAdmin(u.permissions) ? svc.adminDetail(req.body.id) : client.detail(u, req.body.id);
  });
  route(app, CourseCalls.simpleDetail, {}, (req) => client.simpleDetail(userOf(req), req.body.id));
  route(app, CourseCalls.save, { permission: ['course:add', 'course:update'] }, async (req) => {
    const user = userOf(req);
    if (!user.permissions.includes(req.body.id ? 'course:update' : 'course:add')) throw forbidden();
    const saved = await svc.save(req.body, user);
    await changed([saved.id]);
    return saved;
  });
  route(app, CourseCalls.delete, { permission: 'course:delete' }, async (req) => {
    await svc.delete(req.body.ids);
    await changed(req.body.ids);
    return null;
  });
  route(app, CourseCalls.state, { permission: 'course:state' }, async (req) => {
    await svc.state(req.body.ids, req.body.state);
    await changed(req.body.ids);
    return null;
  });
  route(app, CourseCalls.learnPaging, { permission: 'course:learn' }, (req) => records.paging(req.body as never));
  app.post(
    CourseCalls.learnExport.url,
    { schema: { body: CourseCalls.learnExport.body }, config: { permission: 'course:learn' } },
    async (req, reply) => {
      const { title, data } = await records.xlsx((req.body as { courseId: string }).courseId);
      return sendXlsx(reply, `学习记录-${title}.xlsx`, data);
    },
  );
}
