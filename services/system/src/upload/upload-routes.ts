import { createReadStream } from 'node:fs';
import { type CallContract, Envelope, FILE_GET_PREFIX, UPLOAD_URL, UploadCalls, UploadRes } from '@exam/contracts';
import { badRequest, notFound, ok, route, SAFE_KEY, useMultipart } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { propService } from '../config/prop-service';
import { CONTENT_TYPES, newFileKey, receiveUpload } from './file-check';

const INLINE = ['image', 'video', 'audio'];
/** Credentials last a little longer than the client's refresh interval (300 s). */
const CREDENTIAL_SECONDS = 600;

/** Common file calls: upload through the storage in use, read local files back, cloud credentials. */
export async function uploadRoutes(app: FastifyInstance) {
  await useMultipart(app);
  const props = propService({ db: app.db, dataDir: app.config.dataDir });

  // Multipart, so not through route(); the reply is still serialized by the contract's schema.
  app.post(UPLOAD_URL, { schema: { response: { 200: Envelope(UploadRes) } } }, async (req) => {
    const file = await receiveUpload(req);
    try {
      const storage = await props.activeStorage();
      const key = newFileKey(file.ext);
      await storage.put(key, { body: createReadStream(file.path), size: file.size, contentType: CONTENT_TYPES[file.ext] ?? 'application/octet-stream' });
      return ok({ url: storage.urlOf(key), name: file.name, size: file.size, kind: file.kind });
    } finally {
      await file.cleanup();
    }
  });

  /**
   * Files of the local provider. Public on purpose: <img>/<video> cannot send the token header, and
   * the names are 128-bit random (docs/decisions.md). Only generated keys are accepted.
   */
  app.get<{ Params: { day: string; name: string } }>(`${FILE_GET_PREFIX}:day/:name`, { config: { auth: 'public' } }, async (req, reply) => {
    const key = `${req.params.day}/${req.params.name}`;
    if (!SAFE_KEY.test(key)) throw notFound('文件不存在！');
    const body = await (await props.storageOf('local')).read(key);
    if (!body) throw notFound('文件不存在！');
    const ext = key.split('.').pop()!;
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    reply.header('content-type', type).header('x-content-type-options', 'nosniff').header('cache-control', 'private, max-age=2592000, immutable');
    if (!INLINE.some((k) => type.startsWith(`${k}/`))) reply.header('content-disposition', `attachment; filename="${req.params.name}"`);
    return reply.send(body);
  });

  // Direct-to-cloud credentials answer only for the provider in use (spec admin §7, §8 wordings).
  const credential = (call: CallContract, provider: string, refusal: string) =>
    route(app, call, {}, async () => {
      const storage = await props.activeStorage();
      if (storage.provider !== provider) throw badRequest(refusal);
      const day = newFileKey('x').split('/')[0];
      const policy = await storage.postPolicy(`${day}/`, CREDENTIAL_SECONDS).catch(() => null);
      if (!policy) throw badRequest('获取上传令牌失败');
      const data = await props.rawData('upload', provider);
      return { provider, region: String(data.region ?? ''), bucket: String(data.bucket ?? ''), url: storage.urlOf(''), ...policy };
    });
  credential(UploadCalls.ossSts, 'aliyun', 'OSS上传失败：当前未启用阿里云OSS存储！');
  credential(UploadCalls.cosToken, 'qcloud', '获取COS上传令牌失败：当前未启用腾讯云COS存储！');
  credential(UploadCalls.qiniuToken, 'qiniu', '获取七牛令牌失败：当前未启用七牛云存储！');
}
