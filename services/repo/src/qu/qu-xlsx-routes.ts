import { QuCalls } from '@exam/contracts';
import {
  CacheChannel,
  badRequest,
  changedMessage,
  ok,
  readUpload,
  sendXlsx,
  useMultipart,
  userOf,
} from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { quXlsxService } from './qu-xlsx-service';

/** Question import (multipart .xlsx + repoId), export of a bank and the template (downloads). */
export async function quXlsxRoutes(app: FastifyInstance) {
  const svc = quXlsxService(app.db);
  await useMultipart(app);
  app.post(QuCalls.template.url, { config: { permission: ['qu:import', 'qu:export'] } }, async (_req, reply) =>
    sendXlsx(reply, '试题导入模板.xlsx', await svc.template()),
  );
  app.post(
    QuCalls.export.url,
    { schema: { body: QuCalls.export.body }, config: { permission: 'qu:export' } },
    async (req, reply) => {
      const { repoId } = req.body as { repoId: string };
      return sendXlsx(reply, '试题导出.xlsx', await svc.export(repoId));
    },
  );
  app.post(QuCalls.importUrl, { config: { permission: 'qu:import' } }, async (req) => {
    const file = await readUpload(req, {
      maxBytes: 10 * 1024 * 1024,
      exts: ['xlsx'],
      badType: '只能导入 .xlsx 文件！',
    });
    if (!file.fields.repoId) throw badRequest('请先选择要导入的题库！');
    const n = await svc.import(file.fields.repoId, file.data, userOf(req).id);
    // New questions only: exam draw pools are read again (no question view changes).
    await app.infra.bus.publish(CacheChannel.QU_CHANGED, changedMessage([]));
    return ok({ count: n }, `成功导入 ${n} 道试题！`);
  });
}
