import { FACE_SIGNAL, reminderChannel } from '@exam/contracts';
import { FACE_REASONS, NOT_ENROLLED, schema } from '@exam/server-kit';
import { call, dataUrlJpeg, decided, enrollFace, FACE_PHOTOS } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { type Ctx, examTestApp, FAKE_JPEG, saveExam } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await examTestApp();
  await enrollFace(ctx.app, 'u-learner', FACE_PHOTOS.b);
}, 120_000);
afterAll(() => ctx.app.close());

const P = '/api/paper/paper';
/** Hand-in may finish grading in the background (paper state 4): wait until none is left. */
async function graded() {
  for (
    let i = 0;
    i < 300 &&
    (await ctx.app.db.select({ id: schema.elPaper.id }).from(schema.elPaper).where(eq(schema.elPaper.state, 4))).length;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 50));
  }
}
const one = { rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }], qualifyScore: 5 };
const { elPaper, elExamUser, faceCapture } = schema;
const paperRow = async (id: string) => (await ctx.app.db.select().from(elPaper).where(eq(elPaper.id, id)))[0];
const create = (examId: string, token = ctx.learner) => call(ctx.app, `${P}/create-paper`, { examId }, token);
const entry = (examId: string, photo: Buffer, token = ctx.learner) =>
  call(ctx.app, '/api/paper/face/check', { examId, base64: dataUrlJpeg(photo) }, token);
const verdict = async (id: string, token = ctx.learner) => {
  await decided(ctx.app.db, [id]);
  return (await call(ctx.app, '/api/paper/face/result', { id }, token)).body;
};
/** A face-check exam and an open paper of the learner, entered by a passing entry check. */
async function openPaper(faceChance: number) {
  const examId = await saveExam(ctx, { ...one, camOn: true, camInterval: 1, faceOn: true, faceChance });
  await verdict((await entry(examId, FACE_PHOTOS.bLive)).body.data.id);
  return { examId, id: (await create(examId)).body.data.id as string };
}
const capture = (paperId: string, photo: Buffer | string, token = ctx.learner) =>
  call(
    ctx.app,
    '/api/paper/capture/save',
    { paperId, base64: typeof photo === 'string' ? photo : dataUrlJpeg(photo) },
    token,
  );
const captureIds = async (paperId: string) =>
  (
    await ctx.app.db
      .select({ id: faceCapture.id })
      .from(faceCapture)
      .where(and(eq(faceCapture.kind, 'exam'), eq(faceCapture.subId, paperId)))
  ).map((r) => r.id);

describe('face check at exam entry', () => {
  it('create-paper needs a passing check of the enrolled face; another face fails it; a check is spent by one paper', async () => {
    const examId = await saveExam(ctx, { ...one, faceOn: true, faceChance: 3 });
    expect([(await create(examId)).status, (await create(examId)).body.msg]).toEqual([400, '请先完成人脸识别！']);
    const other = await entry(examId, FACE_PHOTOS.c);
    expect(other.status).toBe(200);
    expect(await verdict(other.body.data.id)).toMatchObject({ data: { done: true, pass: false, faceToken: '' } });
    expect((await create(examId)).body.msg).toBe('请先完成人脸识别！');
    const own = await verdict((await entry(examId, FACE_PHOTOS.bLive)).body.data.id);
    expect(own.data).toMatchObject({ done: true, pass: true, failMsg: '', realName: expect.any(String) });
    const paper = await create(examId);
    expect(paper.status).toBe(200);
    expect(await paperRow(paper.body.data.id)).toMatchObject({ byApply: false, state: 0 });
    await call(ctx.app, `${P}/hand-exam`, { id: paper.body.data.id }, ctx.learner);
    await graded();
    // The pass went into that paper: the next one needs a new check.
    expect((await create(examId)).body.msg).toBe('请先完成人脸识别！');
  });

  it('refuses a learner without an enrolled face, malformed images and other learners’ check ids', async () => {
    const examId = await saveExam(ctx, { ...one, faceOn: true, faceChance: 3 });
    expect([
      (await entry(examId, FACE_PHOTOS.b, ctx.learner2)).status,
      (await entry(examId, FACE_PHOTOS.b, ctx.learner2)).body.msg,
    ]).toEqual([400, NOT_ENROLLED]);
    for (const base64 of ['AAAA', FAKE_JPEG, 'data:image/jpeg;base64,%%%', '']) {
      expect((await call(ctx.app, '/api/paper/face/check', { examId, base64 }, ctx.learner)).status).toBe(400);
    }
    const noFaceExam = await saveExam(ctx, one);
    expect((await entry(noFaceExam, FACE_PHOTOS.b)).body.msg).toBe('本考试无需人脸识别！');
    // An exam the learner cannot see (other people's, disabled) is not there for the check either (issue 35).
    const theirs = await saveExam(ctx, { ...one, faceOn: true, faceChance: 3, openType: 3, userIds: ['u-learner2'] });
    const off = await saveExam(ctx, { ...one, faceOn: true, faceChance: 3, state: 1 });
    for (const hidden of [theirs, off])
      expect(await entry(hidden, FACE_PHOTOS.bLive)).toMatchObject({
        status: 404,
        body: { msg: '考试不存在或已删除！' },
      });
    const mine = (await entry(examId, FACE_PHOTOS.bLive)).body.data.id;
    expect((await call(ctx.app, '/api/paper/face/result', { id: mine }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, '/api/paper/face/result', { id: mine })).status).toBe(401);
    await decided(ctx.app.db, [mine]);
  });
});

describe('exam captures', () => {
  it('compares each capture with the enrolled face in the queue: another face and a camera-error frame count, a pass resets', async () => {
    const { id } = await openPaper(3);
    expect((await capture(id, FACE_PHOTOS.c)).body.data).toEqual({ isBreak: false, failCount: 0, faceChance: 3 });
    await decided(ctx.app.db);
    expect((await paperRow(id)).faceFails).toBe(1);
    // The next reply carries the verdict of the earlier capture.
    expect((await capture(id, FACE_PHOTOS.noFace)).body.data).toEqual({ isBreak: false, failCount: 1, faceChance: 3 });
    await decided(ctx.app.db);
    const rows = await ctx.app.db.select().from(faceCapture).where(eq(faceCapture.subId, id));
    expect(rows.map((r) => [r.state, r.failMsg]).sort()).toEqual(
      [
        [2, FACE_REASONS.noFace],
        [2, expect.stringContaining('人脸比对')],
      ].sort(),
    );
    expect((await paperRow(id)).faceFails).toBe(2);
    await capture(id, FACE_PHOTOS.bLive);
    await decided(ctx.app.db);
    expect((await paperRow(id)).faceFails).toBe(0);
    // The proctor's grid keeps the latest frame.
    const [latest] = await ctx.app.db.select().from(schema.elPaperCapture).where(eq(schema.elPaperCapture.paperId, id));
    expect(latest).toMatchObject({ ok: true, captureCount: 3 });
    expect(latest.image.startsWith('data:image/jpeg;base64,')).toBe(true);
  });

  it('at the limit hands the paper in exactly once, tells the screen on the reminder channel, and answers isBreak after', async () => {
    const { examId, id } = await openPaper(2);
    const got: string[] = [];
    await ctx.app.infra.bus.subscribe(reminderChannel(examId, 'u-learner'), (m: string) => got.push(m));
    const [before] = await ctx.app.db
      .select()
      .from(elExamUser)
      .where(and(eq(elExamUser.examId, examId), eq(elExamUser.userId, 'u-learner')));
    // Four failing captures at once: the second verdict ends the paper, the rest find it handed in.
    const rs = await Promise.all([1, 2, 3, 4].map(() => capture(id, FACE_PHOTOS.c)));
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await decided(ctx.app.db, await captureIds(id));
    await graded();
    const p = await paperRow(id);
    expect([p.state === 0, p.exState, p.exMsg, p.faceFails]).toEqual([false, 2, '人脸识别连续失败，系统强制交卷', 2]);
    const [after] = await ctx.app.db
      .select()
      .from(elExamUser)
      .where(and(eq(elExamUser.examId, examId), eq(elExamUser.userId, 'u-learner')));
    expect(after.tryCount - (before?.tryCount ?? 0)).toBe(1);
    for (let i = 0; i < 50 && !got.some((m) => m.includes('"isBreak":true')); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(got.filter((m) => m.startsWith(FACE_SIGNAL)).map((m) => JSON.parse(m.slice(FACE_SIGNAL.length)))).toEqual([
      { isBreak: false, failCount: 1, faceChance: 2 },
      { isBreak: true, failCount: 2, faceChance: 2 },
    ]);
    expect((await capture(id, FACE_PHOTOS.bLive)).body.data).toEqual({ isBreak: true, failCount: 2, faceChance: 2 });
  });

  it('refuses malformed frames (400), other learners’ papers (404), and keeps no image of a refused frame', async () => {
    const { id } = await openPaper(3);
    for (const base64 of ['AAAA', FAKE_JPEG, 'A'.repeat(400_001), ''])
      expect((await capture(id, base64)).status).toBe(400);
    expect((await capture(id, FACE_PHOTOS.c, ctx.learner2)).status).toBe(404);
    expect((await capture('nope', FACE_PHOTOS.c)).status).toBe(404);
    expect(await captureIds(id)).toEqual([]);
    expect((await paperRow(id)).faceFails).toBe(0);
  });
});
