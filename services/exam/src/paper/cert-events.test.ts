import { CERT_EVENT_QUEUES } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import { graded, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const R = '/api/exam/review';

/** The certificate events queued for an exam (the kit's sys_job rows; no certificate service runs here). */
const events = (examId: string) =>
  ctx.app.db
    .select({ payload: schema.sysJob.payload, state: schema.sysJob.state })
    .from(schema.sysJob)
    .where(
      and(
        eq(schema.sysJob.queue, CERT_EVENT_QUEUES.PAPER_PASSED),
        sql`${schema.sysJob.payload}->>'sourceId' = ${examId}`,
      ),
    );

/** A paper answered by `answers` (question id → option ids, or a text), handed in and graded. */
async function takeExam(examId: string, token: string, answers: Record<string, string[] | string>) {
  const id = (await call(ctx.app, `${P}/create-paper`, { examId }, token)).body.data.id as string;
  for (const [quId, a] of Object.entries(answers))
    await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId, ...(Array.isArray(a) ? { answers: a } : { answer: a }) },
      token,
    );
  expect((await call(ctx.app, `${P}/hand-exam`, { id }, token)).status).toBe(200);
  await graded(ctx.app, [id]);
  return id;
}

describe('certificate events of the exam service', () => {
  it('grading at hand-in queues one event for a passing paper, none for a failing one', async () => {
    const examId = await saveExam(ctx, {
      qualifyScore: 60,
      rules: [{ title: '单选题', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
    });
    await takeExam(examId, ctx.learner, { 'r-t-1-s1': ['r-t-1-s1a'], 'r-t-1-s2': ['r-t-1-s2a'] });
    await takeExam(examId, ctx.learner2, { 'r-t-1-s1': ['r-t-1-s1a'], 'r-t-1-s2': ['r-t-1-s2b'] });
    expect(await events(examId)).toEqual([
      { payload: { userId: 'u-learner', sourceId: examId, score: 100 }, state: 'queued' },
    ]);
  });

  it('a reviewed exam queues nothing at hand-in, and one event when the review publishes a passing score', async () => {
    const examId = await saveExam(ctx, {
      qualifyScore: 60,
      rules: [
        { title: '单选题', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 20 },
        { title: '简答题', quType: 4, quIds: ['r-t-1-q1'], score: 60 },
      ],
    });
    const answers = { 'r-t-1-s1': ['r-t-1-s1a'], 'r-t-1-s2': ['r-t-1-s2a'], 'r-t-1-q1': '注意安全' };
    const pass = await takeExam(examId, ctx.learner, answers);
    const fail = await takeExam(examId, ctx.learner2, answers);
    expect(await events(examId)).toEqual([]);

    await call(ctx.app, `${R}/score`, { paperId: fail, quId: 'r-t-1-q1', score: 10 }, ctx.admin);
    expect((await call(ctx.app, `${R}/finish`, { paperId: fail }, ctx.admin)).body.data).toEqual({
      userScore: 50,
      passed: false,
    });
    expect(await events(examId)).toEqual([]);

    await call(ctx.app, `${R}/score`, { paperId: pass, quId: 'r-t-1-q1', score: 30 }, ctx.admin);
    expect((await call(ctx.app, `${R}/finish`, { paperId: pass }, ctx.admin)).body.data).toEqual({
      userScore: 70,
      passed: true,
    });
    // A second publish is refused and queues nothing more.
    expect((await call(ctx.app, `${R}/finish`, { paperId: pass }, ctx.admin)).status).toBe(400);
    expect(await events(examId)).toEqual([
      { payload: { userId: 'u-learner', sourceId: examId, score: 70 }, state: 'queued' },
    ]);
  });
});
