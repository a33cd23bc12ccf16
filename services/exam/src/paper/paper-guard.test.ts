import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type Ctx, FAKE_JPEG, examTestApp, saveExam } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await examTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const P = '/api/paper/paper';
const one = { rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }], qualifyScore: 5 };
const paperRow = async (id: string) => (await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, id)))[0];

describe('leave monitor', () => {
  it('counts leaves on the server and hands in over the limit (limit 2: the third leave ends it)', async () => {
    const examId = await saveExam(ctx, { ...one, leaveOn: true, leaveLimit: 2, leaveSec: 5 });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const leave = () => call(ctx.app, `${P}/leave-incr`, { id }, ctx.learner);
    expect((await leave()).body.data).toEqual({ leaveTimes: 1, overLimit: false });
    expect((await leave()).body.data).toEqual({ leaveTimes: 2, overLimit: false });
    expect((await leave()).body.data).toEqual({ leaveTimes: 3, overLimit: true });
    const p = await paperRow(id);
    expect([p.state, p.exState, p.exMsg, p.leaveTimes]).toEqual([2, 2, '切屏次数超过限制，系统强制交卷', 3]);
    expect((await leave()).body.code).toBe(20010001);
  });

  it('only counts when the exam has no leave limit', async () => {
    const examId = await saveExam(ctx, one);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    for (let i = 1; i <= 4; i++) expect((await call(ctx.app, `${P}/leave-incr`, { id }, ctx.learner)).body.data).toEqual({ leaveTimes: i, overLimit: false });
    const d = (await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner)).body.data;
    expect(d).toMatchObject({ leaveTimes: 4, leaveOn: false });
  });
});

describe('camera capture', () => {
  it('counts consecutive failures against face chances, resets on a good frame, ends the paper at the limit', async () => {
    const examId = await saveExam(ctx, { ...one, camOn: true, camInterval: 1, faceOn: true, faceChance: 2 });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const cap = (base64: string) => call(ctx.app, '/api/paper/capture/save', { paperId: id, base64 }, ctx.learner);
    expect((await cap('AAAA')).body.data).toEqual({ isBreak: false, failCount: 1, faceChance: 2 });
    expect((await cap(`data:image/jpeg;base64,${FAKE_JPEG}`)).body.data).toEqual({ isBreak: false, failCount: 0, faceChance: 2 });
    const [stored] = await ctx.app.db.select().from(schema.elPaperCapture).where(eq(schema.elPaperCapture.paperId, id));
    expect(stored.image.length).toBeLessThan(4000);
    expect((await cap('AAAA')).body.data).toEqual({ isBreak: false, failCount: 1, faceChance: 2 });
    expect((await cap('')).body.data).toEqual({ isBreak: true, failCount: 2, faceChance: 2 });
    const p = await paperRow(id);
    expect([p.state, p.exState, p.exMsg]).toEqual([2, 2, '人脸识别连续失败，系统强制交卷']);
    expect((await cap(FAKE_JPEG)).body.code).toBe(20010001);
  });

  it('refuses frames over the size limit (400)', async () => {
    const examId = await saveExam(ctx, one);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    expect((await call(ctx.app, '/api/paper/capture/save', { paperId: id, base64: 'A'.repeat(400_001) }, ctx.learner)).status).toBe(400);
  });
});
