import { FACE_STUDY_GRACE_SEC, FaceMsgs } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call, FACE_PHOTOS } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { decidedFrame, faceCourse } from '../testing/face';
import { addFile, type Ctx, saveCourse } from '../testing/fixture';

// Study progress on a face-checked course (issue 13): a client that skips the 人脸认证 dialog, or keeps
// studying after its check is overdue or after faceChance failures, earns no study time.
const { elCourseFace, elCourseProgress } = schema;
let ctx: Ctx;
let course: string;
let file: string;
beforeAll(async () => {
  ({ ctx, course, file } = await faceCourse('人脸进度课程'));
}, 120_000);
afterAll(() => ctx.app.close());

const L = '/api/course/file/learn';
const report = (verb: 'heartbeat' | 'save-process', sec: number, courseId = course, fileId = file) =>
  call(
    ctx.app,
    `${L}/${verb}`,
    { courseId, fileId, learnSec: sec, intervals: [[Math.max(0, sec - 2), sec]] },
    ctx.learner,
  );
const covered = async () =>
  (
    await ctx.app.db
      .select()
      .from(elCourseProgress)
      .where(and(eq(elCourseProgress.userId, 'u-learner'), eq(elCourseProgress.fileId, file)))
  )[0]?.coveredSec ?? 0;
const check = (photo: Buffer) => decidedFrame(ctx, course, file, photo);
const passedAgo = (sec: number) =>
  ctx.app.db
    .update(elCourseFace)
    .set({ lastPass: new Date(Date.now() - sec * 1000) })
    .where(and(eq(elCourseFace.courseId, course), eq(elCourseFace.userId, 'u-learner')));

describe('study progress while a face check is due', () => {
  it('refuses forged progress before the first passing check, and records nothing', async () => {
    await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: file }, ctx.learner);
    for (const verb of ['heartbeat', 'save-process'] as const) {
      const r = await report(verb, 2);
      expect([r.status, r.body.msg]).toEqual([400, FaceMsgs.studyDue]);
    }
    expect(await covered()).toBe(0);
  });

  it('counts progress after a pass, within faceInterval plus the grace', async () => {
    await check(FACE_PHOTOS.bLive);
    expect((await report('heartbeat', 2)).status).toBe(200);
    await passedAgo(10 * 60 + FACE_STUDY_GRACE_SEC - 30);
    expect((await report('save-process', 4)).status).toBe(200);
    expect(await covered()).toBeGreaterThan(0);
  });

  it('refuses progress once the check is overdue, until the next pass', async () => {
    await passedAgo(10 * 60 + FACE_STUDY_GRACE_SEC + 5);
    const before = await covered();
    const r = await report('heartbeat', 6);
    expect([r.status, r.body.msg]).toEqual([400, FaceMsgs.studyDue]);
    expect(await covered()).toBe(before);
    await check(FACE_PHOTOS.bLive);
    expect((await report('heartbeat', 6)).status).toBe(200);
  });

  it('refuses progress after faceChance failures in a row (isBreak), even with a recent pass', async () => {
    await check(FACE_PHOTOS.noFace);
    expect((await report('heartbeat', 8)).status).toBe(200); // one failure of two: still studying
    await check(FACE_PHOTOS.noFace);
    const r = await report('heartbeat', 10);
    expect([r.status, r.body.msg]).toEqual([400, FaceMsgs.studyBreak(2)]);
    await check(FACE_PHOTOS.bLive); // a pass resets the run of failures
    expect((await report('heartbeat', 10)).status).toBe(200);
  });

  it('leaves courses without face checks alone', async () => {
    const f2 = await addFile(ctx.app);
    const off = await saveCourse(ctx, { title: '无人脸课程', faceOn: false, fileRefs: [{ fileId: f2 }] });
    await call(ctx.app, `${L}/load-process`, { courseId: off, fileId: f2 }, ctx.learner);
    expect((await report('heartbeat', 1, off, f2)).status).toBe(200);
  });
});
