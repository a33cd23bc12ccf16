import {
  type AuthUser,
  type Db,
  type KeyValue,
  type Sessions,
  forbidden,
  notFound,
  storageNamed,
} from '@exam/server-kit';
import { parseStored } from '../transcode/media-keys';
import type { Media, PlayAccess } from './play-access';
import { hlsKeyOf } from './play-repository';
import { dropPlayToken, type PlayBinding, readPlayToken, slidePlayToken } from './play-token';

export type PlayDeps = { db: Db; kv: KeyValue; sessions: Sessions; dataDir: string; access: PlayAccess };

/** The rules of play links: who holds a token, what they may play now (play-access's cache), the AES key, where a stored file lies. */
export function playService({ db, kv, sessions, dataDir, access }: PlayDeps) {
  // HLS keys never change once a courseware is ready: cached in process.
  const keys = new Map<string, Buffer>();
  const gone = () => forbidden('播放凭证无效或已过期！');
  /** The storage holding a stored file (`provider:key`) and its key there. */
  async function stored(name: string) {
    const s = parseStored(name);
    if (!s) throw notFound('文件不存在！');
    return { storage: await storageNamed(db, dataDir, s.provider), key: s.key };
  }

  return {
    /** The token's binding and the session it was issued in, still alive and (when the request carries one) the same user. */
    async binding(token: string, user: { id: string } | null): Promise<{ b: PlayBinding; holder: AuthUser }> {
      const b = await readPlayToken(kv, token);
      if (!b) throw gone();
      if (user && user.id !== b.userId) throw gone();
      const holder = b.session ? await sessions.resolve(b.session) : null;
      if (!holder || holder.id !== b.userId) throw gone();
      return { b, holder };
    },

    /** What the binding may play now. Access is gone: so is the link, rather than sliding on. */
    async media(token: string, b: PlayBinding, holder: AuthUser): Promise<Media> {
      try {
        return await access.mediaOf(b, holder);
      } catch (e) {
        await dropPlayToken(kv, token);
        throw e;
      }
    },

    /** Every media request within the window keeps the token alive. */
    slide: (token: string) => slidePlayToken(kv, token),

    async key(fileId: string): Promise<Buffer> {
      const k = keys.get(fileId);
      if (k) return k;
      const row = await hlsKeyOf(db, fileId);
      if (!row) throw notFound('密钥不存在！');
      if (keys.size > 10_000) keys.clear();
      const buf = Buffer.from(row.keyHex, 'hex');
      keys.set(fileId, buf);
      return buf;
    },

    stored,

    /** A stored file's whole body (404 when it is not there). */
    async read(name: string) {
      const { storage, key } = await stored(name);
      const body = await storage.read(key);
      if (!body) throw notFound('文件不存在！');
      return body;
    },
  };
}
