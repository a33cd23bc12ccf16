import { schema } from '@exam/server-kit';
import { call, createTestApp } from '@exam/server-kit/testing';
import { seed as repoSeed, repoService } from '@exam/svc-repo';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { examService, seed as examSeed } from '../index';
import { type Ctx, examTestApp, saveExam, storeAnswer } from '../testing/fixture';

// Sweep every 200 ms so the test does not wait the production interval.
process.env.EXAM_SWEEP_MS = '200';

let ctx: Ctx;
let replica: FastifyInstance | undefined;
beforeAll(async () => {
  ctx = await examTestApp();
  // With PostgreSQL (and Redis), a second replica on the same database and lock space sweeps too.
  if (process.env.TEST_DATABASE_URL) {
    replica = await createTestApp({
      services: [systemService, repoService, examService],
      seeds: [systemSeed, repoSeed, examSeed],
      databaseUrl: (ctx.app as unknown as { databaseUrl: string }).databaseUrl,
      config: { redisPrefix: (ctx.app.config as { redisPrefix: string }).redisPrefix },
    });
  }
}, 60_000);
afterAll(async () => {
  await replica?.close();
  await ctx.app.close();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('overdue hand-in', () => {
  it('hands in papers past deadline + grace by itself, each exactly once, and leaves the rest open', async () => {
    const examId = await saveExam(ctx, {
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
      qualifyScore: 50,
    });
    const ids: string[] = [];
    for (const token of [ctx.learner, ctx.learner2])
      ids.push((await call(ctx.app, '/api/paper/paper/create-paper', { examId }, token)).body.data.id);
    await call(
      ctx.app,
      '/api/paper/paper/fill-answer',
      { paperId: ids[0], quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] },
      ctx.learner,
    );
    const fresh = (await call(ctx.app, '/api/paper/paper/create-paper', { examId: await saveExam(ctx) }, ctx.learner))
      .body.data.id;
    await ctx.app.db
      .update(schema.elPaper)
      .set({ limitTime: new Date(Date.now() - 16_000) })
      .where(inArray(schema.elPaper.id, ids));
    let rows: (typeof schema.elPaper.$inferSelect)[] = [];
    for (let i = 0; i < 50; i++) {
      await wait(200);
      rows = await ctx.app.db.select().from(schema.elPaper).where(inArray(schema.elPaper.id, ids));
      // Marked by the sweep (4 阅卷中), then graded by the queue.
      if (rows.every((r) => r.state !== 0 && r.state !== 4)) break;
    }
    expect(rows.map((r) => [r.state, r.exMsg])).toEqual([
      [2, '考试时间到，系统自动交卷'],
      [2, '考试时间到，系统自动交卷'],
    ]);
    expect(rows.find((r) => r.id === ids[0])!.userScore).toBe(50);
    await wait(600); // further sweeps change nothing
    const stats = await ctx.app.db.select().from(schema.elExamUser).where(eq(schema.elExamUser.examId, examId));
    expect(stats.map((s) => s.tryCount)).toEqual([1, 1]);
    expect((await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, fresh)))[0].state).toBe(0);
  });
});

describe('an overdue paper whose grading fails', () => {
  it('is handed in with the others, logged and retried by the queue, and does not stop the other overdue papers', async () => {
    const rules = [{ title: '单选', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }];
    const [examA, examB] = [
      await saveExam(ctx, { rules, qualifyScore: 50 }),
      await saveExam(ctx, { rules, qualifyScore: 50 }),
    ];
    const open = async (examId: string, token: string) =>
      (await call(ctx.app, '/api/paper/paper/create-paper', { examId }, token)).body.data.id as string;
    const broken = await open(examA, ctx.learner);
    const others = [await open(examA, ctx.learner2), await open(examB, ctx.learner)];
    // A stored answer that no longer parses makes grading throw: the oldest paper, first in every batch.
    await storeAnswer(ctx.app, broken, 'r-t-1-s1', '{broken');
    await ctx.app.db
      .update(schema.elPaper)
      .set({ limitTime: new Date(Date.now() - 60_000) })
      .where(eq(schema.elPaper.id, broken));
    await ctx.app.db
      .update(schema.elPaper)
      .set({ limitTime: new Date(Date.now() - 20_000) })
      .where(inArray(schema.elPaper.id, others));
    const logged: unknown[] = [];
    const spies = [ctx.app, replica]
      .filter((a) => a !== undefined)
      .map((a) => rs.spyOn(a.log, 'error').mockImplementation((o: unknown) => void logged.push(o)));
    const states = async (ids: string[]) =>
      (await ctx.app.db.select().from(schema.elPaper).where(inArray(schema.elPaper.id, ids))).map((r) => r.state);
    for (let i = 0; i < 50 && ((await states(others)).some((s) => s !== 2) || !logged.length); i++) await wait(200);
    expect(await states(others)).toEqual([2, 2]);
    // Handed in (no more saves), waiting for its grading to succeed.
    expect(await states([broken])).toEqual([4]);
    expect(logged).toContainEqual(expect.objectContaining({ paperId: broken, attempt: 1 }));

    // Repaired, its retry (due at once here instead of after the backoff) grades it, once.
    await storeAnswer(ctx.app, broken, 'r-t-1-s1', JSON.stringify({ answers: ['r-t-1-s1a'] }));
    await ctx.app.db
      .update(schema.sysJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.sysJob.queue, 'exam.grade'), eq(schema.sysJob.state, 'queued')));
    for (let i = 0; i < 75 && (await states([broken]))[0] !== 2; i++) await wait(200);
    for (const s of spies) s.mockRestore();
    const [paper] = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, broken));
    expect([paper.state, paper.userScore]).toEqual([2, 50]);
    const [stats] = await ctx.app.db
      .select()
      .from(schema.elExamUser)
      .where(and(eq(schema.elExamUser.examId, examA), eq(schema.elExamUser.userId, paper.userId)));
    expect(stats.tryCount).toBe(1);
  });
});
