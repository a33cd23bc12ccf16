import { RecordCalls, type RecordParams } from '@exam/contracts';
import { route, sendXlsx } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { recordService } from './record-service';

/** An exam's records for admins (`/api/exam/record/*`): the list and its .xlsx export. */
export async function recordRoutes(app: FastifyInstance) {
  const svc = recordService(app.db);
  route(app, RecordCalls.paging, { permission: 'exam:record' }, (req) => svc.paging(req.body));
  route(app, RecordCalls.scoreDist, { permission: 'exam:record' }, (req) =>
    svc.scoreDist(req.body.examId, req.body.scoreRange),
  );
  // Downloads answer the file itself; errors still leave as the JSON envelope (spec admin §8).
  app.post(
    RecordCalls.export.url,
    { schema: { body: RecordCalls.export.body }, config: { permission: 'exam:record:export' } },
    async (req, reply) => {
      const { params } = req.body as { params: RecordParams };
      const file = await svc.exportFile(params);
      return sendXlsx(reply, file.fileName, file.data);
    },
  );
}
