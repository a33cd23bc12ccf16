import { QuCalls } from '@exam/contracts';
import { route, userOf } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { reportService } from './report-service';

/** Error reports: learners write them (/api/qu/report/save), admins list and mark them handled. */
export async function reportRoutes(app: FastifyInstance) {
  const svc = reportService(app.db);
  route(app, QuCalls.reportSave, {}, (req) => svc.save(userOf(req).id, req.body.quId, req.body.content));
  route(app, QuCalls.reportPaging, { permission: 'qu:report' }, (req) => svc.paging(req.body));
  route(app, QuCalls.reportHandle, { permission: 'qu:report' }, (req) => svc.handle(req.body.ids, userOf(req).id));
}
