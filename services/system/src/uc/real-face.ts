import { badRequest, type FaceJobPayload, type FaceResult, type FaceService, frameImage, isRefusal, type JobQueue, schema, type StoredImage, storedImageOfUrl } from '@exam/server-kit';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { REAL } from './real-state';

/** The queue of automatic real-name comparisons (`face:real`). */
export const REAL_FACE = 'real';
export const REAL_MSG = {
  noPhoto: '请上传本人照片！',
  noCapture: '请完成人脸采集！',
  noMatch: '人脸比对未通过，请确保照片和人脸采集均为本人！',
  refused: (reason: string) => `人脸比对未通过：${reason}`,
  uncertain: '人脸比对结果不确定，等待管理员审核',
} as const;

/** The photo an upload URL names (400 on a URL that is not one of our uploads); none given → null. */
export async function realPhoto(app: FastifyInstance, url: string | undefined): Promise<{ url: string; image: StoredImage } | null> {
  const u = (url ?? '').trim();
  if (!u) return null;
  const image = await storedImageOfUrl(app.db, app.config.dataDir, u);
  if (!image) throw badRequest('人脸照片不存在，请重新上传！');
  return { url: u, image };
}

/** faceAudit auto needs the photo and a live frame; a malformed frame is a 400 (frameImage). */
export function autoInputs(photo: { image: StoredImage } | null, capture: string | undefined) {
  if (!photo) throw badRequest(REAL_MSG.noPhoto);
  if (!capture) throw badRequest(REAL_MSG.noCapture);
  return frameImage(capture);
}

/**
 * Applies the verdict of an automatic review to the request it was made for (still pending, same capture):
 * pass → verified, the name and ID card copied to the user and the photo enrolled as the user's face;
 * the uncertain band → stays pending for an administrator; anything else → refused with the reason.
 */
export function applyRealVerdict(app: FastifyInstance, faces: FaceService) {
  const { sysUserReal, sysUser } = schema;
  return async (p: FaceJobPayload, r: FaceResult) => {
    const mine = and(eq(sysUserReal.userId, p.userId), eq(sysUserReal.state, REAL.PENDING), eq(sysUserReal.captureKey, p.image.key));
    const [row] = await app.db.select().from(sysUserReal).where(mine);
    if (!row) return;
    if (!isRefusal(r) && r.uncertain) {
      await app.db.update(sysUserReal).set({ auditMsg: REAL_MSG.uncertain }).where(mine);
      return;
    }
    if (isRefusal(r) || !r.pass) {
      const auditMsg = isRefusal(r) ? REAL_MSG.refused(r.reason) : REAL_MSG.noMatch;
      await app.db.update(sysUserReal).set({ state: REAL.REJECTED, auditMsg, updateTime: new Date() }).where(mine);
      return;
    }
    // The gate already passed in the comparison; an engine error here retries the job.
    const enrol = p.reference ? await faces.prepareEnroll(p.userId, p.reference) : undefined;
    const done = await app.db.transaction(async (tx) => {
      const [decided] = await tx.update(sysUserReal).set({ state: REAL.PASSED, auditMsg: '', updateTime: new Date() }).where(mine).returning();
      if (!decided) return false;
      await tx.update(sysUser).set({ realName: decided.realName, idCard: decided.idCard, updateTime: new Date() }).where(eq(sysUser.id, p.userId));
      await enrol?.(tx);
      return true;
    });
    if (done) await app.sessions.invalidateAuth(p.userId);
  };
}

/** Works the automatic real-name comparisons in the background (one job per submission); returns the stop function. */
export function workRealFaces(app: FastifyInstance, faces: FaceService, jobs: JobQueue) {
  return faces.workCompares(jobs, REAL_FACE, applyRealVerdict(app, faces));
}
