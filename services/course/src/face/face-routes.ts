import { COURSE_CAPTURE_URL, CourseFaceCalls } from '@exam/contracts';
import { type AuthUser, forbidden, imageOf, notFound, route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { courseFaceRepository } from './face-repository';
import type { CourseFaceService } from './face-service';

/** Who reads study captures: the learner their own, course:learn (学习记录) anyone's. */
const ADMIN = 'course:learn';
const canReadAll = (u: AuthUser) => u.permissions.includes(ADMIN);

/** Study face checks (`/api/course/face/*`): the learner's save and verdict, the admin's records and captures. */
export async function courseFaceRoutes(app: FastifyInstance, { face }: { face: CourseFaceService }) {
  const repo = courseFaceRepository(app.db);
  route(app, CourseFaceCalls.save, {}, (req) => face.save(userOf(req), req.body));
  route(app, CourseFaceCalls.validateFace, {}, (req) => face.validate(userOf(req), req.body.id));
  route(app, CourseFaceCalls.facePaging, { permission: ADMIN }, (req) => repo.learners(req.body));
  route(app, CourseFaceCalls.capturePaging, {}, (req) => {
    const u = userOf(req);
    const userId = req.body.params.userId;
    if (!canReadAll(u) && userId && userId !== u.id) throw forbidden();
    return repo.captures({ ...req.body, params: { ...req.body.params, userId: canReadAll(u) ? userId : u.id } });
  });

  // A capture's image bytes: the capture's learner or course:learn (the list carries only this address).
  app.post<{ Params: { id: string } }>(`${COURSE_CAPTURE_URL}/:id`, {
    schema: { params: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['id'] } },
  }, async (req, reply) => {
    const u = userOf(req);
    const c = await repo.capture(req.params.id);
    if (!c || (c.userId !== u.id && !canReadAll(u))) throw notFound('抓拍图片不存在！');
    const img = c.imageKey ? await imageOf(app.db, app.config.dataDir, { storage: c.storage, key: c.imageKey }) : null;
    if (!img) throw notFound('抓拍图片已按保存期限删除！');
    const type = c.imageKey.endsWith('.png') ? 'image/png' : 'image/jpeg';
    return reply.type(type).header('cache-control', 'private, no-store').send(img);
  });
}
