import { FORCE_HAND_SIGNAL, reminderChannel } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { graded, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const W = '/api/exam/watch';
const open = async (examId: string, token: string) =>
  (await call(ctx.app, '/api/paper/paper/create-paper', { examId }, token)).body.data.id as string;
const paper = async (id: string) =>
  (await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, id)))[0];
const tries = async (examId: string, userId: string) =>
  (
    await ctx.app.db
      .select()
      .from(schema.elExamUser)
      .where(and(eq(schema.elExamUser.examId, examId), eq(schema.elExamUser.userId, userId)))
  )[0]?.tryCount ?? 0;
const listen = async (examId: string, userId: string) => {
  const got: string[] = [];
  await ctx.app.infra.bus.subscribe(reminderChannel(examId, userId), (m) => got.push(m));
  return got;
};
/** Redis delivers a published message a moment after the call returns: wait for it, then a little for any duplicate. */
const received = async (got: string[]) => {
  for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  return got;
};

describe('force-hand', () => {
  it('refuses bad input with the spec messages, unknown ids with 404, learners with 403', async () => {
    const examId = await saveExam(ctx);
    const id = await open(examId, ctx.learner);
    const cases: [string, unknown, number, string?][] = [
      [`${W}/force-hand`, { paperId: id }, 400, '收卷理由必须填写！'],
      [`${W}/force-hand`, { paperId: id, message: '   ' }, 400, '收卷理由必须填写！'],
      [`${W}/force-hand`, { paperId: 'nope', message: '作弊' }, 404, '试卷不存在！'],
      [`${W}/force-hand`, { message: '作弊' }, 400],
      [`${W}/force-hand-all`, { examId, message: '作弊' }, 400, '考卷状态必须选择！'],
      [`${W}/force-hand-all`, { examId, exState: null, message: '作弊' }, 400, '考卷状态必须选择！'],
      [`${W}/force-hand-all`, { examId, exState: 1 }, 400, '收卷理由必须填写！'],
      [`${W}/force-hand-all`, { examId, exState: 9, message: 'x' }, 400],
      [`${W}/force-hand-all`, { examId: 'nope', exState: 1, message: 'x' }, 404, '考试不存在或已删除！'],
    ];
    for (const [url, body, status, msg] of cases) {
      const r = await call(ctx.app, url, body, ctx.admin);
      expect([url, r.status]).toEqual([url, status]);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect((await call(ctx.app, `${W}/force-hand`, { paperId: id, message: '作弊' }, ctx.learner)).status).toBe(403);
    expect(
      (await call(ctx.app, `${W}/force-hand-all`, { examId, exState: 1, message: '作弊' }, ctx.learner2)).status,
    ).toBe(403);
    expect((await call(ctx.app, `${W}/force-hand`, { paperId: id, message: '作弊' })).status).toBe(401);
    expect((await paper(id)).state).toBe(0); // nothing half-done
  });

  it("hands in once, records the reason and signals the learner's screen; a second call changes nothing", async () => {
    const examId = await saveExam(ctx);
    const id = await open(examId, ctx.learner);
    const got = await listen(examId, 'u-learner');
    const [a, b] = await Promise.all([
      call(ctx.app, `${W}/force-hand`, { paperId: id, message: '发现作弊' }, ctx.admin),
      call(ctx.app, `${W}/force-hand`, { paperId: id, message: '发现作弊' }, ctx.admin),
    ]);
    expect([a.body.data.handed + b.body.data.handed]).toEqual([1]);
    await graded(ctx.app, [id]);
    const p = await paper(id);
    expect(p).toMatchObject({ state: 1, exState: 2, exMsg: '发现作弊' }); // the short answer waits for review
    expect(await tries(examId, 'u-learner')).toBe(1);
    expect(await received(got)).toEqual([`${FORCE_HAND_SIGNAL}发现作弊`]);
    const again = await call(ctx.app, `${W}/force-hand`, { paperId: id, message: '再来一次' }, ctx.admin);
    expect(again.body.data.handed).toBe(0);
    expect((await paper(id)).exMsg).toBe('发现作弊');
    expect(await tries(examId, 'u-learner')).toBe(1);
    // The learner's screen then finds the paper over.
    expect((await call(ctx.app, '/api/paper/paper/hand-exam', { id }, ctx.learner)).status).not.toBe(500);
    expect(await tries(examId, 'u-learner')).toBe(1);
  });

  it("races the learner's own hand-in and a save: graded once, whoever wins", async () => {
    for (let i = 0; i < 3; i++) {
      const examId = await saveExam(ctx);
      const id = await open(examId, ctx.learner2);
      const [, mine, forced] = await Promise.all([
        call(ctx.app, '/api/paper/paper/fill-answer', { paperId: id, quId: 'x', answers: [] }, ctx.learner2),
        call(ctx.app, '/api/paper/paper/hand-exam', { id }, ctx.learner2),
        call(ctx.app, `${W}/force-hand`, { paperId: id, message: '统一收卷' }, ctx.admin),
      ]);
      expect([mine.status, forced.status]).toEqual([200, 200]);
      expect(await tries(examId, 'u-learner2')).toBe(1);
      const p = await paper(id);
      expect(p.state).not.toBe(0);
      // The proctor's reason is recorded only when the proctor's call did the hand-in.
      expect(p.exMsg === '统一收卷').toBe(forced.body.data.handed === 1);
    }
  });

  it('force-hand-all hands every open paper in once with the chosen state, and leaves other exams alone', async () => {
    const examId = await saveExam(ctx);
    const other = await saveExam(ctx);
    const [p1, p2, p3] = [
      await open(examId, ctx.learner),
      await open(examId, ctx.learner2),
      await open(other, ctx.learner),
    ];
    const got = await listen(examId, 'u-learner2');
    const [r1, r2] = await Promise.all([
      call(ctx.app, `${W}/force-hand-all`, { examId, exState: 3, message: '考试结束统一收卷' }, ctx.admin),
      call(ctx.app, `${W}/force-hand-all`, { examId, exState: 3, message: '考试结束统一收卷' }, ctx.admin),
    ]);
    expect(r1.body.data.handed + r2.body.data.handed).toBe(2);
    for (const id of [p1, p2]) expect(await paper(id)).toMatchObject({ exState: 3, exMsg: '考试结束统一收卷' });
    expect((await paper(p3)).state).toBe(0);
    expect([await tries(examId, 'u-learner'), await tries(examId, 'u-learner2')]).toEqual([1, 1]);
    expect(await received(got)).toEqual([`${FORCE_HAND_SIGNAL}考试结束统一收卷`]);
  });
});
