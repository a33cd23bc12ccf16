import { QuCalls } from '@exam/contracts';
import {
  CacheChannel,
  badRequest,
  changedMessage,
  ok,
  readUpload,
  sendFile,
  sendXlsx,
  useMultipart,
  userOf,
} from '@exam/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { MAX_IMPORT_BYTES } from './formats/import-item';
import { quFileService } from './qu-file-service';
import { BAD_TYPE, IMPORT_EXTS, TEXT_EXTS } from './qu-import';

/** Question files: the template and export (downloads), the preview of an import and the import (multipart). */
export async function quFileRoutes(app: FastifyInstance) {
  const svc = quFileService(app.db, app.config.dataDir);
  await useMultipart(app);
  app.post(QuCalls.template.url, { config: { permission: ['qu:import', 'qu:export'] } }, async (_req, reply) =>
    sendXlsx(reply, '试题导入模板.xlsx', await svc.template()),
  );
  app.post(QuCalls.docxExample.url, { config: { permission: 'qu:import' } }, async (_req, reply) => {
    const f = await svc.docxExample();
    return sendFile(reply, f.name, f.type, f.data);
  });
  app.post(
    QuCalls.export.url,
    { schema: { body: QuCalls.export.body }, config: { permission: 'qu:export' } },
    async (req, reply) => {
      const { repoId, format, ids } = req.body as Static<typeof QuCalls.export.body>;
      const f = await svc.export(repoId, format, ids);
      return sendFile(reply, f.name, f.type, f.data);
    },
  );

  /** The file and its bank from a multipart call (the format is told by content; the extension must be one we read). */
  async function upload(req: FastifyRequest) {
    const file = await readUpload(req, {
      maxBytes: MAX_IMPORT_BYTES,
      exts: IMPORT_EXTS,
      textExts: TEXT_EXTS,
      badType: BAD_TYPE,
    });
    if (!file.fields.repoId) throw badRequest('请先选择要导入的题库！');
    return file;
  }
  app.post(QuCalls.importPreviewUrl, { config: { permission: 'qu:import' } }, async (req) => {
    const file = await upload(req);
    return ok(await svc.preview(file.fields.repoId, file.filename, file.data));
  });
  app.post(QuCalls.importUrl, { config: { permission: 'qu:import' } }, async (req) => {
    const file = await upload(req);
    const r = await svc.import(file.fields.repoId, file.filename, file.data, userOf(req).id, file.fields.digest);
    // New questions only: exam draw pools are read again (no question view changes).
    await app.infra.bus.publish(CacheChannel.QU_CHANGED, changedMessage([]));
    return ok(r, `成功导入 ${r.count} 道试题！${r.skipped ? `跳过 ${r.skipped} 道有错误的试题。` : ''}`);
  });
}
