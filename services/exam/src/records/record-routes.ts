import { RecordCalls, type RecordParams } from '@exam/contracts';
import { route, sendXlsx } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { examById } from '../exam/exam-store';
import { recordService } from './record-service';
import { exportRecords } from './record-xlsx';
import { scoreDistribution } from './score-bands';

/** An exam's records for admins (`/api/exam/record/*`): the list and its .xlsx export. */
export async function recordRoutes(app: FastifyInstance) {
  const svc = recordService(app.db);
  route(app, RecordCalls.paging, { permission: 'exam:record' }, (req) => svc.paging(req.body));
  route(app, RecordCalls.scoreDist, { permission: 'exam:record' }, (req) => scoreDistribution(app.db, req.body.examId, req.body.scoreRange));
  // Downloads answer the file itself; errors still leave as the JSON envelope (spec admin §8).
  app.post(RecordCalls.export.url, { schema: { body: RecordCalls.export.body }, config: { permission: 'exam:record:export' } }, async (req, reply) => {
    const { params } = req.body as { params: RecordParams };
    const rows = await svc.all(params);
    const exam = await examById(app.db, params.examId);
    return sendXlsx(reply, `考试记录-${exam.title}.xlsx`, await exportRecords(exam.title, rows));
  });
}
