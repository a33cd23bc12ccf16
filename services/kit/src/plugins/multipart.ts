import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../errors';
import { firstUnstorable } from './input-rules';

/** Largest upload any call accepts; each call narrows it with `maxBytes`. */
const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

/**
 * Lets a route plugin accept multipart bodies. Safe to call from several plugins of one app: it
 * registers @fastify/multipart only where no multipart parser is inherited yet.
 */
export async function useMultipart(app: FastifyInstance) {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
}

export type Upload = { filename: string; ext: string; data: Buffer; fields: Record<string, string> };

/**
 * Reads the one file (field `file`) of a multipart request, checked by size, by extension and by
 * content (DESIGN §4), with the plain fields sent beside it.
 */
export async function readUpload(
  req: FastifyRequest,
  opts: {
    maxBytes: number;
    exts: string[];
    /** Of `exts`, those of text files: no signature to sniff, accepted when the bytes are no known binary type. */
    textExts?: string[];
    tooBig?: string;
    badType?: string;
  },
): Promise<Upload> {
  const badType = opts.badType ?? `只能上传 ${opts.exts.join('、')} 文件！`;
  const tooBig = opts.tooBig ?? `文件不能超过 ${Math.round(opts.maxBytes / 1024 / 1024)}MB！`;
  if (!req.isMultipart()) throw badRequest('请选择要上传的文件！');
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | undefined;
  try {
    // Fields may come before or after the file (the shared client appends them after it).
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !file) {
        const data = await part.toBuffer();
        if (part.file.truncated) throw badRequest(tooBig);
        file = { filename: part.filename, data };
      } else {
        part.file.resume(); // drain what we do not read
      }
    }
  } catch (e) {
    if (e instanceof Error && 'status' in e) throw e;
    throw badRequest((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooBig : '上传数据格式错误！');
  }
  if (!file) throw badRequest('请选择要上传的文件！');
  // Multipart skips the JSON schema, so the input rules are applied here: fields and name must be storable.
  const bad = firstUnstorable({ ...fields, filename: file.filename });
  if (bad) throw badRequest(`参数错误：${bad.path.slice(1)} ${bad.reason}`);
  const ext = (file.filename.split('.').pop() ?? '').toLowerCase();
  if (!opts.exts.includes(ext)) throw badRequest(badType);
  const sniffed = await fileTypeFromBuffer(file.data);
  const text = opts.textExts?.includes(ext) && (!sniffed || sniffed.ext === 'xml');
  if (!text && sniffed?.ext !== ext) throw badRequest(badType);
  return { filename: file.filename, ext, data: file.data, fields };
}
