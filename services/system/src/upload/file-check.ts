import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_KINDS, type FileKind, kindOfExt, MAX_UPLOAD_BYTES } from '@exam/contracts';
import { badRequest, sniffFile } from '@exam/server-kit';
import type { FastifyRequest } from 'fastify';

/**
 * What the content of a file with this extension may be detected as: Office files are zips (OOXML)
 * or compound files (legacy), and several containers have more than one name.
 */
const CONTENT_OF: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  mp4: ['mp4', 'm4v'],
  mp3: ['mp3'],
  wav: ['wav'],
  ogg: ['ogg', 'oga', 'opus', 'ogx'],
  rar: ['rar'],
  zip: ['zip'],
  psd: ['psd'],
  pdf: ['pdf'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  doc: ['cfb', 'doc'],
  xls: ['cfb', 'xls'],
  ppt: ['cfb', 'ppt'],
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

export type Received = {
  path: string;
  name: string;
  ext: string;
  kind: FileKind;
  size: number;
  fields: Record<string, string>;
  cleanup: () => Promise<void>;
};

const tooBig = (kind: FileKind) => `文件大小不能超过${Math.round(FILE_KINDS[kind].maxBytes / 1024 / 1024)}MB！`;
const badType =
  '不支持的文件类型！仅支持图片(png、jpeg、gif、jpg)、视频(mp4)、音频(mp3、wav、ogg)和文件(rar、zip、psd、pdf、office)';

/**
 * Spools the `file` part of a multipart upload to a temporary file (large videos never sit in memory)
 * and checks it by extension, by size for its kind and by content (DESIGN §4).
 */
export async function receiveUpload(req: FastifyRequest): Promise<Received> {
  if (!req.isMultipart()) throw badRequest('请选择要上传的文件！');
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let got: { name: string; ext: string; kind: FileKind; path: string } | undefined;
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 500);
        continue;
      }
      if (part.fieldname !== 'file' || got) {
        part.file.resume();
        continue;
      }
      const ext = (/\.([^./\\]+)$/.exec(part.filename)?.[1] ?? '').toLowerCase();
      const kind = kindOfExt(ext);
      if (!kind) {
        part.file.resume();
        throw badRequest(badType);
      }
      const path = join(dir, `f.${ext}`);
      // Each kind has its own cap: stop reading as soon as it is passed, not at the overall limit.
      let seen = 0;
      const guard = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          seen += chunk.length;
          cb(seen > FILE_KINDS[kind].maxBytes ? badRequest(tooBig(kind)) : null, chunk);
        },
      });
      await pipeline(part.file, guard, createWriteStream(path));
      if (part.file.truncated) throw badRequest(tooBig(kind));
      got = { name: part.filename.slice(-200), ext, kind, path };
    }
    if (!got) throw badRequest('请选择要上传的文件！');
    const { size } = await stat(got.path);
    if (size === 0) throw badRequest('文件内容为空！');
    if (size > FILE_KINDS[got.kind].maxBytes) throw badRequest(tooBig(got.kind));
    const sniffed = await sniffFile(got.path);
    if (!sniffed || !CONTENT_OF[got.ext]?.includes(sniffed)) throw badRequest('文件内容与扩展名不符！');
    return { ...got, size, fields, cleanup };
  } catch (e) {
    await cleanup();
    if (e instanceof Error && 'status' in e) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('文件过大！');
    throw badRequest('上传数据格式错误！');
  }
}
