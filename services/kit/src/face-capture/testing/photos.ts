import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { saveFaceImage } from '../../face/images';
import { faceService } from '../../face/service';

/**
 * Real face photos for tests, cropped from @vladmandic/face-api's demo sample6.jpg (MIT): person B
 * (enrolled), person B again as a camera would see her (mirrored, smaller, brighter, another JPEG
 * quality), person C (someone else), and a camera-error-like grey frame without a face.
 * Local engine: B-live ≈ 0.86, C ≈ 0.40 against B.
 */
const read = (name: string) => readFileSync(join(import.meta.dirname, name));
export const FACE_PHOTOS = {
  b: read('person-b.jpg'),
  bLive: read('person-b-live.jpg'),
  c: read('person-c.jpg'),
  noFace: read('no-face.jpg'),
};
export const dataUrlJpeg = (buf: Buffer) => `data:image/jpeg;base64,${buf.toString('base64')}`;

/** Enrols a photo as the user's face, as the admin's user dialog would (stored, gated, templated). */
export async function enrollFace(
  app: { db: Db; config: { dataDir: string } },
  userId: string,
  photo: Buffer = FACE_PHOTOS.b,
) {
  await faceService({ db: app.db, dataDir: app.config.dataDir }).enroll(
    userId,
    await saveFaceImage(app.db, app.config.dataDir, photo),
  );
}

/** Waits until every capture of these ids has its verdict (the comparison queue works in the background). */
export async function decided(db: Db, ids?: string[], timeoutMs = 30_000) {
  const { and, eq, inArray } = await import('drizzle-orm');
  const { faceCapture } = await import('../../db/schema');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await db
      .select({ id: faceCapture.id })
      .from(faceCapture)
      .where(and(eq(faceCapture.state, 0), ids ? inArray(faceCapture.id, ids) : undefined));
    if (!left.length) return;
    if (Date.now() > until) throw new Error(`captures not compared in time: ${left.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
