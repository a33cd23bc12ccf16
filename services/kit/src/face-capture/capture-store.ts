import { CaptureState } from '@exam/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { faceCapture } from '../db/schema';
import { isRefusal } from '../face/engine';
import { FACE_REASONS } from '../face/local';
import { saveFaceImage } from '../face/images';
import { storageNamed } from '../storage/upload-config';
import type { FaceResult, FaceService } from '../face/service';
import type { JobQueue } from '../jobs';
import { newId } from '../util';
import type { FrameImage } from './image';

export type FaceCaptureRow = typeof faceCapture.$inferSelect;
/** exam_entry: the check before create-paper; exam: a periodic capture of a paper; study: a course face check. */
export type CaptureKind = 'exam_entry' | 'exam' | 'study';
/** Capture states (the contracts' CaptureState) under the names the services use: waiting for the comparison job, passed, failed. */
export const CAPTURE_STATE = {
  WAITING: CaptureState.CHECKING,
  PASS: CaptureState.PASSED,
  FAIL: CaptureState.FAILED,
} as const;
/** A score under the threshold: the face is someone else's (or not clearly the learner's). */
export const FACE_MISMATCH = FACE_REASONS.noMatch;

/** What a comparison says about a capture; failMsg is shown to the learner (spec §8 style). */
export type CaptureVerdict = { pass: boolean; score: number | null; failMsg: string };

export const verdictOf = (r: FaceResult): CaptureVerdict =>
  isRefusal(r)
    ? { pass: false, score: null, failMsg: r.reason }
    : { pass: r.pass, score: r.score, failMsg: r.pass ? '' : FACE_MISMATCH };

export type CaptureDeps = { db: Db; faces: FaceService; jobs: JobQueue; dataDir: string };
export type NewCapture = { kind: CaptureKind; userId: string; refId: string; subId?: string; img: FrameImage };

/**
 * Stores a frame as evidence (the storage in use, under a generated key) and queues its comparison
 * (one queue per kind: each service works its own). `inTx` runs the caller's writes in the same
 * transaction (row, job and counters commit together); a failed transaction removes the file again.
 */
export async function saveCapture(
  { db, faces, jobs, dataDir }: CaptureDeps,
  c: NewCapture,
  inTx?: (tx: Tx, id: string) => Promise<void>,
): Promise<string> {
  const image = await saveFaceImage(db, dataDir, c.img.buf);
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(faceCapture).values({
        id,
        kind: c.kind,
        userId: c.userId,
        refId: c.refId,
        subId: c.subId ?? '',
        storage: image.storage,
        imageKey: image.key,
      });
      await faces.enqueueCompare(jobs, tx, c.kind, { userId: c.userId, image, ref: { id } });
      await inTx?.(tx, id);
    });
  } catch (e) {
    await (await storageNamed(db, dataDir, image.storage)).remove(image.key).catch(() => {});
    throw e;
  }
  return id;
}

/**
 * What a service does with a verdict, inside the transaction that records it (its counters); it may
 * return work for after the commit (a forced hand-in, which has its own transaction; a signal).
 */
export type ApplyVerdict = (tx: Tx, row: FaceCaptureRow, v: CaptureVerdict) => Promise<(() => Promise<void>) | void>;

/**
 * Works the comparisons of one kind: records each verdict exactly once (a retried or duplicated job
 * finds the capture decided) together with the service's counters. Returns the worker's stop function.
 */
export function workCaptures(
  { db, faces, jobs }: Omit<CaptureDeps, 'dataDir'>,
  kind: CaptureKind,
  apply: ApplyVerdict,
  o: { pollMs?: number } = {},
) {
  return faces.workCompares(
    jobs,
    kind,
    async (p, r) => {
      const id = String(p.ref.id ?? '');
      const v = verdictOf(r);
      const after = await db.transaction(async (tx) => {
        const [won] = await tx
          .update(faceCapture)
          .set({
            state: v.pass ? CAPTURE_STATE.PASS : CAPTURE_STATE.FAIL,
            score: v.score,
            failMsg: v.failMsg,
            checkTime: sql`now()`,
          })
          .where(and(eq(faceCapture.id, id), eq(faceCapture.state, CAPTURE_STATE.WAITING)))
          .returning();
        return won ? apply(tx, won, v) : undefined;
      });
      if (after) await after();
    },
    o,
  );
}
