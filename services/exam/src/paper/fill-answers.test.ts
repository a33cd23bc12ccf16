import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { and, eq, like } from 'drizzle-orm';
import { examTestAppPerFile, graded, openPaper, singleChoiceExam } from '../testing/fixture';

// The exam screen's batch of queued saves (fill-answers); the save racing hand-in is in paper-queue.test.ts.
const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const open = async () => openPaper(ctx, await singleChoiceExam(ctx));

describe("fill-answers (the screen's batch)", () => {
  it('stores a batch in one call, drops a stale item, keeps the last of a question, and tells the time left', async () => {
    const id = await open();
    await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-s3', answers: ['r-t-1-s3a'], seq: 10 },
      ctx.learner,
    );
    const r = await call(
      ctx.app,
      `${P}/fill-answers`,
      {
        paperId: id,
        items: [
          { quId: 'r-t-1-s1', answers: ['r-t-1-s1b'], seq: 11 },
          { quId: 'r-t-1-s1', answers: ['r-t-1-s1a'], seq: 12 },
          { quId: 'r-t-1-s2', mark: true, seq: 13 },
          { quId: 'r-t-1-s3', answers: ['r-t-1-s3c'], seq: 9 },
        ],
      },
      ctx.learner,
    );
    expect(r.status).toBe(200);
    expect(r.body.data.leftSeconds).toBeGreaterThan(1700);
    const by = Object.fromEntries(r.body.data.list.map((x: { quId: string }) => [x.quId, x]));
    expect(by['r-t-1-s1']).toMatchObject({ answered: true, seq: 12, stale: false });
    expect(by['r-t-1-s2']).toMatchObject({ answered: false, mark: true, stale: false });
    expect(by['r-t-1-s3']).toMatchObject({ answered: true, seq: 10, stale: true });
    const rows = await ctx.app.db.select().from(schema.elPaperQu).where(eq(schema.elPaperQu.paperId, id));
    expect(rows.find((x) => x.quId === 'r-t-1-s1')!.answer).toBe(JSON.stringify({ answers: ['r-t-1-s1a'] }));
    expect(rows.find((x) => x.quId === 'r-t-1-s3')!.answer).toBe(JSON.stringify({ answers: ['r-t-1-s3a'] }));
    // The single call answers leftSeconds too.
    const one = await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-s4', answers: ['r-t-1-s4a'], seq: 14 },
      ctx.learner,
    );
    expect(one.body.data).toMatchObject({ quId: 'r-t-1-s4', stale: false, leftSeconds: expect.any(Number) });
  });

  it("refuses another learner's paper (404), a closed paper (20010001), a bad item as a whole (400, nothing stored), malformed bodies (400)", async () => {
    const id = await open();
    const item = { quId: 'r-t-1-s1', answers: ['r-t-1-s1a'], seq: 1 };
    expect((await call(ctx.app, `${P}/fill-answers`, { paperId: id, items: [item] }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, `${P}/fill-answers`, { paperId: 'nope', items: [item] }, ctx.learner)).status).toBe(
      404,
    );
    const bad = await call(
      ctx.app,
      `${P}/fill-answers`,
      { paperId: id, items: [item, { quId: 'r-t-1-s2', answers: ['r-t-1-s1a'] }] },
      ctx.learner,
    );
    expect([bad.status, bad.body.msg]).toEqual([400, '答案选项不属于该试题！']);
    expect(
      (
        await ctx.app.db
          .select()
          .from(schema.elPaperQu)
          .where(and(eq(schema.elPaperQu.paperId, id), like(schema.elPaperQu.answer, '%s1a%')))
      ).length,
    ).toBe(0);
    for (const body of [
      { paperId: id, items: [] },
      { paperId: id },
      { items: [item] },
      { paperId: id, items: Array(51).fill(item) },
      { paperId: id, items: [{ answers: [] }] },
      { paperId: id, items: [{ ...item, seq: -1 }] },
      '{"paperId":',
    ]) {
      expect((await call(ctx.app, `${P}/fill-answers`, body, ctx.learner)).status).toBe(400);
    }
    expect((await call(ctx.app, `${P}/fill-answers`, { paperId: id, items: [item] })).status).toBe(401);
    await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner);
    const late = await call(ctx.app, `${P}/fill-answers`, { paperId: id, items: [item] }, ctx.learner);
    expect([late.status, late.body.code, late.body.msg]).toEqual([409, 20010001, '考试已结束！']);
    await graded(ctx.app, [id]);
  });
});
