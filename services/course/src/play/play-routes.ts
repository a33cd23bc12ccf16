import { COURSE_PLAY_PREFIX } from '@exam/contracts';
import { attachmentDisposition, type AuthUser, forbidden, notFound, schema } from '@exam/server-kit';
import type { Media, PlayAccess } from './play-access';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_SEGMENTS, parseStored, segmentKey, storedKey } from '../transcode/media-keys';
import { storageOf } from '../transcode/storage-config';
import { byteRange } from './byte-range';
import { dropPlayToken, mediaName, type PlayBinding, readPlayToken, slidePlayToken } from './play-token';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', mp4: 'video/mp4', pdf: 'application/pdf', zip: 'application/zip',
};

/**
 * Media of coursewares, for holders of a play token (issued by the courseware detail to a learner who
 * may study the course): `GET /api/course/play/{token}/{name}`. The token is checked from the cache, never
 * the database; when the request also carries a session, it must be the token's user; the session the
 * token was issued in must still be alive; and the learner may still study the course (in-process
 * cache, dropped on course changes). The AES key (`…/key`) is served the same way, so a player that fetches
 * it per segment costs cache reads.
 */
export async function playRoutes(app: FastifyInstance, opts: { access: PlayAccess }) {
  const { elCourseHlsKey } = schema;
  // HLS keys never change once a courseware is ready: cached in process.
  const keys = new Map<string, Buffer>();
  async function keyOf(fileId: string): Promise<Buffer> {
    const k = keys.get(fileId);
    if (k) return k;
    const [row] = await app.db.select().from(elCourseHlsKey).where(eq(elCourseHlsKey.fileId, fileId));
    if (!row) throw notFound('密钥不存在！');
    if (keys.size > 10_000) keys.clear();
    const buf = Buffer.from(row.keyHex, 'hex');
    keys.set(fileId, buf);
    return buf;
  }
  /** The token's binding and the session it was issued in, still alive and (when the request carries one) the same user. */
  async function bindingOf(token: string, user: { id: string } | null): Promise<{ b: PlayBinding; holder: AuthUser }> {
    const b = await readPlayToken(app.infra.kv, token);
    if (!b) throw forbidden('播放凭证无效或已过期！');
    if (user && user.id !== b.userId) throw forbidden('播放凭证无效或已过期！');
    const holder = b.session ? await app.sessions.resolve(b.session) : null;
    if (!holder || holder.id !== b.userId) throw forbidden('播放凭证无效或已过期！');
    return { b, holder };
  }
  const storeOf = async (stored: string) => {
    const s = parseStored(stored);
    if (!s) throw notFound('文件不存在！');
    return { storage: await storageOf(app.db, app.config.dataDir, s.provider), key: s.key };
  };
  const read = async (stored: string) => {
    const { storage, key } = await storeOf(stored);
    const body = await storage.read(key);
    if (!body) throw notFound('文件不存在！');
    return body;
  };
  /** A whole file (200) or the one byte range asked for (206; 416 past the end): players seek by Range. */
  const sendRanged = async (reply: FastifyReply, stored: string, range: string | undefined) => {
    const { storage, key } = await storeOf(stored);
    const size = await storage.size(key);
    if (size === null) throw notFound('文件不存在！');
    reply.header('accept-ranges', 'bytes');
    const r = byteRange(range, size);
    if (r === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${size}`).send();
    const body = await storage.read(key, r ?? undefined);
    if (!body) throw notFound('文件不存在！');
    if (r) reply.code(206).header('content-range', `bytes ${r.start}-${r.end}/${size}`);
    return reply.header('content-length', r ? r.end - r.start + 1 : size).send(body);
  };

  app.get<{ Params: { token: string; name: string } }>(`${COURSE_PLAY_PREFIX}/:token/:name`, { config: { auth: 'optional' } }, async (req, reply) => {
    const { token, name } = req.params;
    const { b, holder } = await bindingOf(token, req.user);
    reply.header('cache-control', 'private, no-store');
    let m: Media;
    try {
      m = await opts.access.mediaOf(b, holder);
    } catch (e) {
      // Access is gone: so is the link, rather than sliding on.
      await dropPlayToken(app.infra.kv, token);
      throw e;
    }
    if (name === 'key') return reply.type('application/octet-stream').send(await keyOf(b.fileId));
    await slidePlayToken(app.infra.kv, token);
    const seg = /^seg-(\d{1,5})\.ts$/.exec(name);
    if (seg && Number(seg[1]) > MAX_SEGMENTS) throw notFound('文件不存在！');
    if (m.mediaKind === 'hls' && seg) {
      const s = parseStored(m.mediaKey)!;
      return reply.type(TYPES.ts).send(await read(storedKey(s.provider, segmentKey(s.key, Number(seg[1])))));
    }
    if (name !== mediaName(m)) throw notFound('文件不存在！');
    if (m.mediaKind === 'hls') {
      const text = await streamText(await read(m.mediaKey));
      // The key uri carries the play token (iOS players cannot add headers to key requests).
      return reply.type(TYPES.m3u8).send(text.replace(/URI="[^"]*"/g, `URI="${COURSE_PLAY_PREFIX}/${token}/key"`));
    }
    const ext = name.split('.').pop() ?? '';
    if (m.mediaKind === 'file') reply.header('content-disposition', attachmentDisposition(downloadName(m.title, ext)));
    return sendRanged(reply.type(TYPES[ext] ?? 'application/octet-stream'), m.mediaKey, req.headers.range);
  });
}

/** A downloaded attachment is named after its courseware (the link's own name is `file.<ext>`). */
function downloadName(title: string, ext: string): string {
  const base = title.trim() || '附件';
  return ext && !base.toLowerCase().endsWith(`.${ext.toLowerCase()}`) ? `${base}.${ext}` : base;
}

async function streamText(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
