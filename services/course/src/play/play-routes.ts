import { COURSE_PLAY_PREFIX } from '@exam/contracts';
import { attachmentDisposition, notFound } from '@exam/server-kit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_SEGMENTS, parseStored, segmentKey, storedKey } from '../transcode/media-keys';
import { byteRange } from './byte-range';
import type { PlayAccess } from './play-access';
import { playService } from './play-service';
import { mediaName } from './play-token';

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  zip: 'application/zip',
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
  const svc = playService({
    db: app.db,
    kv: app.infra.kv,
    sessions: app.sessions,
    dataDir: app.config.dataDir,
    access: opts.access,
  });
  /** A whole file (200) or the one byte range asked for (206; 416 past the end): players seek by Range. */
  const sendRanged = async (reply: FastifyReply, stored: string, range: string | undefined) => {
    const { storage, key } = await svc.stored(stored);
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

  app.get<{ Params: { token: string; name: string } }>(
    `${COURSE_PLAY_PREFIX}/:token/:name`,
    { config: { auth: 'optional' } },
    async (req, reply) => {
      const { token, name } = req.params;
      const { b, holder } = await svc.binding(token, req.user);
      reply.header('cache-control', 'private, no-store');
      const m = await svc.media(token, b, holder);
      if (name === 'key') return reply.type('application/octet-stream').send(await svc.key(b.fileId));
      await svc.slide(token);
      const seg = /^seg-(\d{1,5})\.ts$/.exec(name);
      if (seg && Number(seg[1]) > MAX_SEGMENTS) throw notFound('文件不存在！');
      if (m.mediaKind === 'hls' && seg) {
        const s = parseStored(m.mediaKey)!;
        return reply.type(TYPES.ts).send(await svc.read(storedKey(s.provider, segmentKey(s.key, Number(seg[1])))));
      }
      if (name !== mediaName(m)) throw notFound('文件不存在！');
      if (m.mediaKind === 'hls') {
        const text = await streamText(await svc.read(m.mediaKey));
        // The key uri carries the play token (iOS players cannot add headers to key requests).
        return reply.type(TYPES.m3u8).send(text.replace(/URI="[^"]*"/g, `URI="${COURSE_PLAY_PREFIX}/${token}/key"`));
      }
      const ext = name.split('.').pop() ?? '';
      if (m.mediaKind === 'file')
        reply.header('content-disposition', attachmentDisposition(downloadName(m.title, ext)));
      return sendRanged(reply.type(TYPES[ext] ?? 'application/octet-stream'), m.mediaKey, req.headers.range);
    },
  );
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
