import { ClientCourseCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { clientCourseService } from './client-course-service';

/** The learner's course calls (`/api/client/course/*`, buy). */
export async function clientCourseRoutes(app: FastifyInstance) {
  const svc = clientCourseService({ db: app.db, kv: app.infra.kv });
  route(app, ClientCourseCalls.openPaging, {}, (req) => svc.openPaging(userOf(req), req.body));
  route(app, ClientCourseCalls.minePaging, {}, (req) => svc.minePaging(userOf(req), req.body));
  route(app, ClientCourseCalls.join, {}, (req) => svc.join(userOf(req), req.body.id, req.body.password, req.ip));
  route(app, ClientCourseCalls.buyInit, {}, (req) => svc.buyInit(userOf(req), req.body.courseId));
  route(app, ClientCourseCalls.refFileList, {}, (req) =>
    svc.refFileList(userOf(req), req.body.courseId, req.body.title, String(req.headers.token ?? '')),
  );
}
