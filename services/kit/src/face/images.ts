import type { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { SAFE_KEY } from '../storage';
import { activeStorage, newStorageKey, storageNamed } from '../storage/upload-config';

/** A photo in storage: which provider's storage holds it and its key (survives a storage switch). */
export type StoredImage = { storage: string; key: string };

/** Face photos are small; anything larger is not a face photo or camera frame. */
const MAX_BYTES = 8 * 1024 * 1024;

async function readAll(body: Readable): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      body.destroy();
      return null;
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** The bytes of a stored face image, or null when it is gone (or too large to be one). */
export async function imageOf(db: Db, dataDir: string, image: StoredImage): Promise<Buffer | null> {
  if (!SAFE_KEY.test(image.key)) return null;
  const body = await (await storageNamed(db, dataDir, image.storage)).read(image.key);
  return body ? readAll(body) : null;
}

/**
 * The stored image an upload URL names — only URLs our own upload call gave out (generated key, the
 * storage in use or the local disk), so a user cannot point enrolment at another file or host.
 */
export async function storedImageOfUrl(db: Db, dataDir: string, url: string): Promise<StoredImage | null> {
  const key = url.split('?')[0]!.split('/').slice(-2).join('/');
  if (!SAFE_KEY.test(key)) return null;
  for (const storage of [await activeStorage(db, dataDir), await storageNamed(db, dataDir, 'local')]) {
    if (storage.urlOf(key) === url.split('?')[0]) return { storage: storage.provider, key };
  }
  return null;
}

/** Saves a camera frame or photo (JPEG/PNG bytes) to the storage in use under a generated key. */
export async function saveFaceImage(db: Db, dataDir: string, bytes: Buffer): Promise<StoredImage> {
  const storage = await activeStorage(db, dataDir);
  const png = bytes[0] === 0x89;
  const key = newStorageKey(png ? 'png' : 'jpg');
  await storage.put(key, { body: bytes, size: bytes.length, contentType: png ? 'image/png' : 'image/jpeg' });
  return { storage: storage.provider, key };
}
