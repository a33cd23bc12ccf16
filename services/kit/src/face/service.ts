import { and, count, eq, max } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sysConfigProp, sysUserFace } from '../db/schema';
import { badRequest } from '../errors';
import type { JobQueue } from '../jobs';
import {
  type EnrolledFace,
  type FaceConfig,
  type FaceEngine,
  FaceNotConfigured,
  type FaceRefusal,
  type FaceVerdict,
  faceConfigOf,
  isRefusal,
} from './engine';
import { faceEngineFor } from './engines';
import { imageOf, type StoredImage, storedImageOfUrl } from './images';

export const NOT_ENROLLED = '未录入人脸照片，请联系管理员录入！';

/** What a queued comparison carries: who, which stored image, and the caller's own reference. */
export type FaceJobPayload = {
  userId: string;
  image: StoredImage;
  ref: Record<string, string | number | boolean>;
  /** Compare with this photo instead of the enrolled face (real-name review; nothing is enrolled). */
  reference?: StoredImage;
};
export type FaceResult = FaceVerdict | FaceRefusal;

/** Each purpose has its own queue, so a service works only the comparisons it can act on. */
export const faceQueueName = (purpose: string) => `face:${purpose}`;

/**
 * The kit's face service (issue 13). Domain services call this, never an engine directly:
 * - `enrollUrl` / `enroll`: a user's reference photo through the quality gate → sys_user_face;
 * - `compareWithEnrolled(userId, jpeg)`: one live image against the user's enrolled face;
 * - `identify(jpeg)`: 1:N for face login;
 * - `enqueueCompare` + `workCompares`: comparisons off the request path (exam and study captures).
 * Refusals (no face, two faces, not enrolled …) are returned with a Chinese reason, never thrown; a
 * provider that cannot be used at all throws FaceNotConfigured (the job queue retries it).
 */
export function faceService({ db, dataDir }: { db: Db; dataDir: string }) {
  async function config(): Promise<FaceConfig> {
    const [row] = await db
      .select()
      .from(sysConfigProp)
      .where(and(eq(sysConfigProp.type, 'face'), eq(sysConfigProp.current, true)));
    return faceConfigOf(row);
  }
  const engine = async () => faceEngineFor(await config());

  const enrolledRow = async (userId: string, provider: string, model: string) =>
    (
      await db
        .select()
        .from(sysUserFace)
        .where(and(eq(sysUserFace.userId, userId), eq(sysUserFace.provider, provider), eq(sysUserFace.model, model)))
    )[0];

  /**
   * Gate + template of a photo already in storage (throws 400 with the gate's reason, or when the
   * provider is not configured); the returned writer stores it, e.g. inside the caller's transaction.
   */
  async function prepareEnroll(userId: string, image: StoredImage): Promise<(tx: Db | Tx) => Promise<void>> {
    const bytes = await imageOf(db, dataDir, image);
    if (!bytes) throw badRequest('人脸照片不存在，请重新上传！');
    let e: FaceEngine;
    try {
      e = await engine();
    } catch (err) {
      if (err instanceof FaceNotConfigured) throw badRequest(err.message);
      throw err;
    }
    const r = await e.enroll(bytes, { userId });
    if (isRefusal(r)) throw badRequest(r.reason);
    return async (tx) => {
      // A new photo makes every older template stale, whatever model made it.
      await tx.delete(sysUserFace).where(eq(sysUserFace.userId, userId));
      await tx.insert(sysUserFace).values({
        userId,
        provider: e.provider,
        model: e.model,
        template: r.template,
        imageStorage: image.storage,
        imageKey: image.key,
      });
    };
  }
  async function enroll(userId: string, image: StoredImage, tx: Db | Tx = db): Promise<void> {
    await (await prepareEnroll(userId, image))(tx);
  }

  /** The enrolled face for the engine in use, re-made from the stored photo after a provider or model change. */
  async function enrolledFace(userId: string): Promise<EnrolledFace | null> {
    const e = await engine();
    let row = await enrolledRow(userId, e.provider, e.model);
    if (!row) {
      const [any] = await db.select().from(sysUserFace).where(eq(sysUserFace.userId, userId)).limit(1);
      if (!any) return null;
      await enroll(userId, { storage: any.imageStorage, key: any.imageKey }).catch(() => undefined);
      row = await enrolledRow(userId, e.provider, e.model);
      if (!row) return null;
    }
    const image = { storage: row.imageStorage, key: row.imageKey };
    return {
      userId,
      template: row.template,
      image: async () => (await imageOf(db, dataDir, image)) ?? Buffer.alloc(0),
    };
  }

  /** Enrolled templates of the engine in use, cached per process until a row changes (count + newest time). */
  let cache: { key: string; faces: EnrolledFace[] } | undefined;
  async function candidates(provider: string, model: string): Promise<EnrolledFace[]> {
    const where = and(eq(sysUserFace.provider, provider), eq(sysUserFace.model, model));
    const [stamp] = await db
      .select({ n: count(), at: max(sysUserFace.updateTime) })
      .from(sysUserFace)
      .where(where);
    const key = `${provider}|${model}|${stamp?.n}|${stamp?.at?.valueOf()}`;
    if (cache?.key !== key) {
      const rows = await db
        .select({ userId: sysUserFace.userId, template: sysUserFace.template })
        .from(sysUserFace)
        .where(where);
      cache = { key, faces: rows };
    }
    return cache.faces;
  }

  /** One live image against the user's enrolled face (the refusal NOT_ENROLLED when there is none). */
  async function compareWithEnrolled(userId: string, jpeg: Buffer): Promise<FaceResult> {
    const face = await enrolledFace(userId);
    if (!face) return { reason: NOT_ENROLLED };
    return (await engine()).compare(jpeg, face);
  }

  /** Two images of which neither is enrolled (real-name review: live capture against the uploaded photo). */
  async function compareImages(live: Buffer, reference: Buffer): Promise<FaceResult> {
    // The engine's image-to-image call: never enroll, which would replace a cloud group's person for the user.
    return (await engine()).compareImages(live, reference);
  }

  return {
    config,
    engine,
    enroll,
    prepareEnroll,
    /** `prepareEnroll` for the photo a stored upload's URL names (user edit dialog, real-name page); 400 on a foreign URL. */
    async prepareEnrollUrl(userId: string, url: string) {
      const image = await storedImageOfUrl(db, dataDir, url);
      if (!image) throw badRequest('人脸照片不存在，请重新上传！');
      return prepareEnroll(userId, image);
    },
    async unenroll(userId: string, tx: Db | Tx = db) {
      await tx.delete(sysUserFace).where(eq(sysUserFace.userId, userId));
    },
    async isEnrolled(userId: string) {
      return (await db.select({ n: count() }).from(sysUserFace).where(eq(sysUserFace.userId, userId)))[0]!.n > 0;
    },
    compareWithEnrolled,
    compareImages,
    /** 1:N over every enrolled face of the engine in use (face login). */
    async identify(jpeg: Buffer) {
      const e = await engine();
      return e.identify(jpeg, () => candidates(e.provider, e.model));
    },
    /** Queues a comparison inside the caller's transaction (the capture row and its job commit together). */
    async enqueueCompare(queue: JobQueue, tx: Db | Tx, purpose: string, payload: FaceJobPayload) {
      return queue.enqueue(tx, faceQueueName(purpose), payload, { maxAttempts: 3 });
    },
    /**
     * Works one purpose's comparisons: `onResult` gets the payload and the verdict or refusal (a refusal
     * is a failed check, e.g. no face). A missing image is a refusal too; engine errors are retried.
     * Returns the stop function of the queue worker.
     */
    workCompares(
      queue: JobQueue,
      purpose: string,
      onResult: (p: FaceJobPayload, r: FaceResult) => Promise<void>,
      o: { pollMs?: number } = {},
    ) {
      return queue.work(
        faceQueueName(purpose),
        async (job) => {
          const p = job.payload as unknown as FaceJobPayload;
          const bytes = await imageOf(db, dataDir, p.image);
          const reference = p.reference ? await imageOf(db, dataDir, p.reference) : undefined;
          const result: FaceResult = !bytes
            ? { reason: '抓拍图片不存在！' }
            : reference === null
              ? { reason: '人脸照片不存在，请重新上传！' }
              : reference
                ? await compareImages(bytes, reference)
                : await compareWithEnrolled(p.userId, bytes);
          await onResult(p, result);
        },
        o,
      );
    },
  };
}
export type FaceService = ReturnType<typeof faceService>;
