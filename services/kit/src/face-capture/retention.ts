import { and, asc, eq, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { elPaperCapture, faceCapture, sysConfigProp } from '../db/schema';
import { type KeyValue, withLock } from '../infra';
import { storageNamed } from '../storage/upload-config';

/** Days evidence images are kept when the face config does not say (face config data `retainDays`; 0 keeps them). */
export const DEFAULT_RETAIN_DAYS = 90;
const BATCH = 200;
const LOCK = 'face:retention';

/** The retention period the admin set in the face config in use. */
export async function retainDays(db: Db): Promise<number> {
  const p = sysConfigProp;
  const [row] = await db
    .select({ data: p.data })
    .from(p)
    .where(and(eq(p.type, 'face'), eq(p.current, true)));
  const v = Number((row?.data as Record<string, unknown> | undefined)?.retainDays);
  return Number.isInteger(v) && v >= 0 ? v : DEFAULT_RETAIN_DAYS;
}

/**
 * Removes evidence images taken before `before` from storage (the capture rows and their verdicts stay,
 * without an image), and the proctor grid's latest frame of papers untouched since then.
 */
export async function removeOldCaptures(db: Db, dataDir: string, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await db
      .select({ id: faceCapture.id, storage: faceCapture.storage, imageKey: faceCapture.imageKey })
      .from(faceCapture)
      .where(and(lt(faceCapture.createTime, before), ne(faceCapture.imageKey, '')))
      .orderBy(asc(faceCapture.createTime))
      .limit(BATCH);
    for (const r of rows) {
      await (await storageNamed(db, dataDir, r.storage)).remove(r.imageKey);
      await db.update(faceCapture).set({ imageKey: '' }).where(eq(faceCapture.id, r.id));
      removed++;
    }
    if (rows.length < BATCH) break;
  }
  await db.delete(elPaperCapture).where(lt(elPaperCapture.updateTime, before));
  return removed;
}

/** One sweep across replicas (a lock): removes what the configured period no longer keeps. */
export async function retentionSweep(db: Db, kv: KeyValue, dataDir: string): Promise<number | undefined> {
  return withLock(kv, LOCK, 10 * 60_000, async () => {
    const days = await retainDays(db);
    return days > 0 ? removeOldCaptures(db, dataDir, new Date(Date.now() - days * 86_400_000)) : 0;
  });
}

/** Sweeps every `everyMs` (hourly by default) until stopped. */
export function retentionScheduler(
  db: Db,
  kv: KeyValue,
  dataDir: string,
  log: { error(o: object, m: string): void },
  everyMs = 3_600_000,
) {
  const t = setInterval(() => {
    retentionSweep(db, kv, dataDir).catch((err) => log.error({ err }, 'face evidence retention sweep failed'));
  }, everyMs);
  t.unref();
  return () => clearInterval(t);
}
