import { CourseFileCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { learnService } from './learn-service';

/** Study progress: load (resume point), save and heartbeat (watched intervals / page shown), admin fix. */
export async function learnRoutes(app: FastifyInstance) {
  const svc = learnService({ db: app.db, bus: app.infra.bus });
  route(app, CourseFileCalls.loadProcess, {}, (req) =>
    svc.loadProcess(userOf(req), req.body.courseId, req.body.fileId),
  );
  route(app, CourseFileCalls.saveProcess, {}, (req) => svc.saveProcess(userOf(req), req.body));
  route(app, CourseFileCalls.heartbeat, {}, (req) => svc.saveProcess(userOf(req), req.body));
  route(app, CourseFileCalls.fixProcess, { permission: 'course:learn:fix' }, async (req) => {
    await svc.fixProcess(req.body.courseId, req.body.userId, req.body.fileId, req.body.finished);
    return null;
  });
}
