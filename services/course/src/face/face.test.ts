import { COURSE_CAPTURE_URL, FaceMsgs } from '@exam/contracts';
import { FACE_REASONS, NOT_ENROLLED, retentionSweep, schema } from '@exam/server-kit';
import { call, decided, FACE_PHOTOS } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { decidedFrame, faceCourse, saveFrame } from '../testing/face';
import { addFile, type Ctx, saveCourse } from '../testing/fixture';

let ctx: Ctx;
let course: string;
let file: string;
beforeAll(async () => {
  ({ ctx, course, file } = await faceCourse('人脸学习课程'));
}, 120_000);
afterAll(() => ctx.app.close());

const F = '/api/course/face';
const save = (photo: Buffer | string, token = ctx.learner, courseId = course, fileId = file) =>
  saveFrame(ctx, courseId, fileId, photo, token);
/** One study check: the frame, then its verdict once the queue has compared it. */
async function check(photo: Buffer, token = ctx.learner) {
  const id = await decidedFrame(ctx, course, file, photo, token);
  return (await call(ctx.app, `${F}/validate-face`, { id }, token)).body.data;
}
const image = (id: string, token?: string) =>
  ctx.app.inject({ method: 'POST', url: `${COURSE_CAPTURE_URL}/${id}`, headers: token ? { token } : {} });

describe('study face checks', () => {
  it('passes the enrolled learner, fails another face and a frame without one, leaves study after faceChance failures in a row', async () => {
    expect(await check(FACE_PHOTOS.bLive)).toMatchObject({
      done: true,
      pass: true,
      failMsg: '',
      isBreak: false,
      failCount: 0,
      faceChance: 2,
    });
    const other = await check(FACE_PHOTOS.c);
    expect(other).toMatchObject({
      done: true,
      pass: false,
      failMsg: FACE_REASONS.noMatch,
      isBreak: false,
      failCount: 1,
      faceChance: 2,
    });
    // A pass resets the count: failures are consecutive.
    expect(await check(FACE_PHOTOS.bLive)).toMatchObject({ pass: true, failCount: 0 });
    expect(await check(FACE_PHOTOS.noFace)).toMatchObject({
      pass: false,
      failMsg: FACE_REASONS.noFace,
      failCount: 1,
      isBreak: false,
    });
    expect(await check(FACE_PHOTOS.c)).toMatchObject({ pass: false, failCount: 2, isBreak: true });
    // The next frame's reply already says so.
    const next = await save(FACE_PHOTOS.bLive);
    expect(next.body.data).toMatchObject({ isBreak: true, failCount: 2, faceChance: 2 });
    await decided(ctx.app.db, [next.body.data.id]);
    const [row] = await ctx.app.db.select().from(schema.elCourseFace).where(eq(schema.elCourseFace.courseId, course));
    expect(row).toMatchObject({ userId: 'u-learner', failCount: 0, passCount: 3, totalFails: 3 });
    expect(FaceMsgs.studyBreak(2)).toBe('连续2次人脸识别失败！');
  });

  it('refuses malformed frames (400), courses without face checks, files of other courses, learners without a face, other learners’ ids', async () => {
    for (const base64 of ['AAAA', 'data:image/jpeg;base64,/9j/' + 'A'.repeat(3000), ''])
      expect((await save(base64)).status).toBe(400);
    const plain = await saveCourse(ctx, { title: '无人脸课程', fileRefs: [{ fileId: file }] });
    expect((await save(FACE_PHOTOS.bLive, ctx.learner, plain)).body.msg).toBe('本课程无需人脸识别！');
    expect((await save(FACE_PHOTOS.bLive, ctx.learner, course, await addFile(ctx.app))).status).toBe(404);
    expect([
      (await save(FACE_PHOTOS.b, ctx.learner2)).status,
      (await save(FACE_PHOTOS.b, ctx.learner2)).body.msg,
    ]).toEqual([400, NOT_ENROLLED]);
    const mine = (await save(FACE_PHOTOS.bLive)).body.data.id;
    expect((await call(ctx.app, `${F}/validate-face`, { id: mine }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, `${F}/validate-face`, { id: mine })).status).toBe(401);
    await decided(ctx.app.db, [mine]);
  });

  it('shows admins each learner’s checks and captures; a learner reads only their own captures', async () => {
    const learners = await call(
      ctx.app,
      `${F}/face-paging`,
      { current: 1, size: 10, params: { courseId: course } },
      ctx.admin,
    );
    expect(learners.body.data.records).toEqual([
      expect.objectContaining({ userId: 'u-learner', passCount: expect.any(Number), realName: expect.any(String) }),
    ]);
    expect((await call(ctx.app, `${F}/face-paging`, { params: { courseId: course } }, ctx.learner)).status).toBe(403);
    const all = (
      await call(
        ctx.app,
        `${F}/capture-paging`,
        { current: 1, size: 50, params: { courseId: course, userId: 'u-learner' } },
        ctx.admin,
      )
    ).body.data;
    expect(all.total).toBeGreaterThanOrEqual(7);
    expect(all.records[0]).toMatchObject({
      userId: 'u-learner',
      fileId: file,
      image: `${COURSE_CAPTURE_URL}/${all.records[0].id}`,
    });
    expect(all.records.map((r: { state_dictText: string }) => r.state_dictText)).toContain('未通过');
    // A learner: their own list only; another's user id is refused.
    const own = (await call(ctx.app, `${F}/capture-paging`, { params: { courseId: course } }, ctx.learner)).body.data;
    expect(own.total).toBe(all.total);
    expect(
      (await call(ctx.app, `${F}/capture-paging`, { params: { courseId: course, userId: 'u-learner' } }, ctx.learner2))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx.app, `${F}/capture-paging`, { params: { courseId: course } }, ctx.learner2)).body.data.total,
    ).toBe(0);
    // Image bytes: the learner and the admin, not another learner.
    const id = all.records[0].id;
    const bytes = await image(id, ctx.admin);
    expect([bytes.statusCode, bytes.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await image(id, ctx.learner)).statusCode).toBe(200);
    expect((await image(id, ctx.learner2)).statusCode).toBe(404);
    expect((await image(id)).statusCode).toBe(401);
  });

  it('removes evidence images older than the retention period set in the face config, keeping the verdicts', async () => {
    const { faceCapture, sysConfigProp } = schema;
    const id = (await save(FACE_PHOTOS.bLive)).body.data.id;
    await decided(ctx.app.db, [id]);
    await ctx.app.db
      .update(faceCapture)
      .set({ createTime: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(faceCapture.id, id));
    await ctx.app.db
      .insert(sysConfigProp)
      .values({ id: 'face-local', type: 'face', provider: 'local', current: true, data: { retainDays: 7 } })
      .onConflictDoUpdate({
        target: [sysConfigProp.type, sysConfigProp.provider],
        set: { data: { retainDays: 7 }, current: true },
      });
    expect(await retentionSweep(ctx.app.db, ctx.app.infra.kv, ctx.app.config.dataDir)).toBe(1);
    const [row] = await ctx.app.db.select().from(faceCapture).where(eq(faceCapture.id, id));
    expect(row).toMatchObject({ imageKey: '', state: 1 });
    expect((await image(id, ctx.admin)).statusCode).toBe(404);
    const listed = (
      await call(ctx.app, `${F}/capture-paging`, { current: 1, size: 100, params: { courseId: course } }, ctx.admin)
    ).body.data.records;
    expect(listed.find((r: { id: string }) => r.id === id)).toMatchObject({ image: '', state: 1 });
    // Newer ones stay.
    expect(listed.filter((r: { image: string }) => r.image).length).toBe(listed.length - 1);
  });
});
