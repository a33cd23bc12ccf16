import { schema } from '@exam/server-kit';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { call, dataUrlJpeg, FACE_PHOTOS } from '@exam/server-kit/testing';
import { graded, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const one = { rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }], qualifyScore: 5 };
const paperRow = async (id: string) =>
  (await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, id)))[0];

describe('leave monitor', () => {
  it('counts leaves on the server and hands in over the limit (limit 2: the third leave ends it)', async () => {
    const examId = await saveExam(ctx, { ...one, leaveOn: true, leaveLimit: 2, leaveSec: 5 });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const leave = () => call(ctx.app, `${P}/leave-incr`, { id }, ctx.learner);
    expect((await leave()).body.data).toEqual({ leaveTimes: 1, overLimit: false });
    expect((await leave()).body.data).toEqual({ leaveTimes: 2, overLimit: false });
    expect((await leave()).body.data).toEqual({ leaveTimes: 3, overLimit: true });
    await graded(ctx.app, [id]);
    const p = await paperRow(id);
    expect([p.state, p.exState, p.exMsg, p.leaveTimes]).toEqual([2, 2, '切屏次数超过限制，系统强制交卷', 3]);
    expect((await leave()).body.code).toBe(20010001);
  });

  it('only counts when the exam has no leave limit', async () => {
    const examId = await saveExam(ctx, one);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    for (let i = 1; i <= 4; i++)
      expect((await call(ctx.app, `${P}/leave-incr`, { id }, ctx.learner)).body.data).toEqual({
        leaveTimes: i,
        overLimit: false,
      });
    const d = (await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner)).body.data;
    expect(d).toMatchObject({ leaveTimes: 4, leaveOn: false });
  });
});

describe('camera capture', () => {
  it('without face check keeps the latest frame for the proctor and counts nothing (face checks: face/exam-face.test.ts)', async () => {
    const examId = await saveExam(ctx, { ...one, camOn: true, camInterval: 1 });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const cap = (base64: string) => call(ctx.app, '/api/paper/capture/save', { paperId: id, base64 }, ctx.learner);
    expect((await cap(dataUrlJpeg(FACE_PHOTOS.c))).body.data).toMatchObject({ isBreak: false, failCount: 0 });
    expect((await cap(dataUrlJpeg(FACE_PHOTOS.noFace))).body.data).toMatchObject({ isBreak: false, failCount: 0 });
    const [stored] = await ctx.app.db.select().from(schema.elPaperCapture).where(eq(schema.elPaperCapture.paperId, id));
    expect(stored).toMatchObject({ captureCount: 2, image: dataUrlJpeg(FACE_PHOTOS.noFace) });
    expect((await cap('AAAA')).status).toBe(400);
    expect(await ctx.app.db.select().from(schema.faceCapture).where(eq(schema.faceCapture.subId, id))).toEqual([]);
  });

  it('refuses frames over the size limit (400)', async () => {
    const examId = await saveExam(ctx, one);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    expect(
      (await call(ctx.app, '/api/paper/capture/save', { paperId: id, base64: 'A'.repeat(400_001) }, ctx.learner))
        .status,
    ).toBe(400);
  });
});
