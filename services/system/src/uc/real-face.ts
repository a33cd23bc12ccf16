import { badRequest, type Db, frameImage, type StoredImage, storedImageOfUrl } from '@exam/server-kit';

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
export async function realPhoto(
  db: Db,
  dataDir: string,
  url: string | undefined,
): Promise<{ url: string; image: StoredImage } | null> {
  const u = (url ?? '').trim();
  if (!u) return null;
  const image = await storedImageOfUrl(db, dataDir, u);
  if (!image) throw badRequest('人脸照片不存在，请重新上传！');
  return { url: u, image };
}

/** faceAudit auto needs the photo and a live frame; a malformed frame is a 400 (frameImage). */
export function autoInputs(photo: { image: StoredImage } | null, capture: string | undefined) {
  if (!photo) throw badRequest(REAL_MSG.noPhoto);
  if (!capture) throw badRequest(REAL_MSG.noCapture);
  return frameImage(capture);
}
