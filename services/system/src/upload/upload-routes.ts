import { Envelope, FILE_GET_PREFIX, UPLOAD_URL, UploadRes } from '@exam/contracts';
import { notFound, ok, SAFE_KEY, useMultipart } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES, receiveUpload } from './file-check';
import { uploadService } from './upload-service';

const INLINE = ['image', 'video', 'audio'];

/**
 * Common file calls: upload through the storage in use (the server checks every file's content), read
 * local files back. No direct-to-cloud credentials: every upload goes through here (docs/decisions.md).
 */
export async function uploadRoutes(app: FastifyInstance) {
  await useMultipart(app);
  const uploads = uploadService({ db: app.db, dataDir: app.config.dataDir });

  // Multipart, so not through route(); the reply is still serialized by the contract's schema.
  app.post(UPLOAD_URL, { schema: { response: { 200: Envelope(UploadRes) } } }, async (req) => {
    const file = await receiveUpload(req);
    try {
      return ok(await uploads.put(file));
    } finally {
      await file.cleanup();
    }
  });

  /**
   * Files of the local provider. Public on purpose: <img>/<video> cannot send the token header, and
   * the names are 128-bit random (docs/decisions.md). Only generated keys are accepted.
   */
  app.get<{ Params: { day: string; name: string } }>(
    `${FILE_GET_PREFIX}:day/:name`,
    { config: { auth: 'public' } },
    async (req, reply) => {
      const key = `${req.params.day}/${req.params.name}`;
      if (!SAFE_KEY.test(key)) throw notFound('文件不存在！');
      const body = await uploads.readLocal(key);
      if (!body) throw notFound('文件不存在！');
      const ext = key.split('.').pop()!;
      const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=2592000, immutable');
      if (!INLINE.some((k) => type.startsWith(`${k}/`)))
        reply.header('content-disposition', `attachment; filename="${req.params.name}"`);
      return reply.send(body);
    },
  );
}
