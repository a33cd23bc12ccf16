import type { Readable } from 'node:stream';
import {
  activeStorage,
  type Db,
  imageOf,
  newStorageKey,
  SAFE_KEY,
  storageNamed,
  type StoredImage,
  storedImageOfUrl,
} from '@exam/server-kit';

/** Where a stored file is: the storage provider that holds it and its key (a storage switch leaves old files readable). */
export type StoredFile = { storage: string; key: string };

/** Images of templates by key (keys are generated and never rewritten, so a cached copy stays right). */
const IMAGE_CACHE = 16;

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Certificate files in the platform's storage: rendered PDFs, and the template images they draw. */
export function certFiles({ db, dataDir }: { db: Db; dataDir: string }) {
  const images = new Map<string, Buffer>();
  const storageOf = (provider: string) => storageNamed(db, dataDir, provider);

  return {
    /** Stores a rendered PDF in the storage in use under a generated key. */
    async putPdf(bytes: Uint8Array): Promise<StoredFile> {
      const storage = await activeStorage(db, dataDir);
      const key = newStorageKey('pdf');
      const body = Buffer.from(bytes);
      await storage.put(key, { body, size: body.length, contentType: 'application/pdf' });
      return { storage: storage.provider, key };
    },

    async readPdf(f: StoredFile): Promise<Buffer | null> {
      if (!f.key || !SAFE_KEY.test(f.key)) return null;
      const body = await (await storageOf(f.storage)).read(f.key);
      return body ? readAll(body) : null;
    },

    async remove(f: StoredFile) {
      if (f.key && SAFE_KEY.test(f.key)) await (await storageOf(f.storage)).remove(f.key).catch(() => {});
    },

    /** Where an uploaded picture's address points, if it is one our upload call gave out. */
    storedImage: (url: string): Promise<StoredImage | null> => storedImageOfUrl(db, dataDir, url),

    /** A stored picture's bytes (null when gone or over the kit's image size). */
    async image(f: StoredFile): Promise<Buffer | null> {
      const hit = images.get(f.key);
      if (hit) return hit;
      const bytes = await imageOf(db, dataDir, f);
      if (!bytes) return null;
      if (images.size >= IMAGE_CACHE) images.delete(images.keys().next().value!);
      images.set(f.key, bytes);
      return bytes;
    },
  };
}
export type CertFiles = ReturnType<typeof certFiles>;
