import { call, dataUrlJpeg, decided, enrollFace, FACE_PHOTOS } from '@exam/server-kit/testing';
import { expect } from '@rstest/core';
import { addFile, type Ctx, courseTestApp, saveCourse } from './fixture';

/** A face-checked course (a check every 10 minutes, two chances) with one file; the learner enrolled with person B. */
export async function faceCourse(title: string) {
  const ctx = await courseTestApp();
  await enrollFace(ctx.app, 'u-learner', FACE_PHOTOS.b);
  const file = await addFile(ctx.app);
  const course = await saveCourse(ctx, {
    title,
    faceOn: true,
    faceInterval: 10,
    faceChance: 2,
    fileRefs: [{ fileId: file }],
  });
  return { ctx, course, file };
}

/** A study check's frame as the 人脸认证 dialog sends it (a photo, or a data URL as given). */
export const saveFrame = (ctx: Ctx, courseId: string, fileId: string, photo: Buffer | string, token = ctx.learner) =>
  call(
    ctx.app,
    '/api/course/face/save',
    { courseId, fileId, base64: typeof photo === 'string' ? photo : dataUrlJpeg(photo) },
    token,
  );

/** One study check sent and compared by the queue: the frame's id. */
export async function decidedFrame(ctx: Ctx, courseId: string, fileId: string, photo: Buffer, token = ctx.learner) {
  const saved = await saveFrame(ctx, courseId, fileId, photo, token);
  expect(saved.status).toBe(200);
  await decided(ctx.app.db, [saved.body.data.id]);
  return saved.body.data.id as string;
}
