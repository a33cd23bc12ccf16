import { type Db, jobQueue, schema } from '@exam/server-kit';
import { call, createTestApp } from '@exam/server-kit/testing';
import { seed as repoSeed, repoService } from '@exam/svc-repo';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { and, eq, inArray } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { FastifyInstance } from 'fastify';
import { examService, seed as examSeed } from '../index';
import {
  type Ctx,
  examTestApp,
  graded,
  openPaper,
  paperRow,
  SINGLES,
  saveExam,
  seedTestBank,
  singleChoiceExam,
  storeAnswer,
} from '../testing/fixture';
import { gradeBatch, overdueSweeper } from './hand-scheduler';
import { gradePapers } from './paper-grade';
import { readCaches } from '../exam/exam-cache';
import { versionedQus } from './qu-cache';

/** A fresh replica's question cache, so the count includes loading the questions. */
const quCache = () => versionedQus(ctx.app.db, ctx.app.infra.bus, (q) => q);
import { GRADE_QUEUE, handIn } from './paper-hand';

const P = '/api/paper/paper';
let ctx: Ctx;
let replica: FastifyInstance | undefined;
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  ctx = await examTestApp();
  await seedTestBank(ctx.app.db, 'r-big', { single: 100, multiple: 0, judge: 0, short: 0, fill: 0, match: 0, comp: 0 });
  // A second grading worker on the same database: another replica on PostgreSQL, a second worker in this process on PGlite.
  if (process.env.TEST_DATABASE_URL) {
    replica = await createTestApp({
      services: [systemService, repoService, examService],
      seeds: [systemSeed, repoSeed, examSeed],
      databaseUrl: (ctx.app as unknown as { databaseUrl: string }).databaseUrl,
      config: { redisPrefix: (ctx.app.config as { redisPrefix: string }).redisPrefix },
    });
  } else {
    const w = jobQueue(ctx.app.db).workBatches(
      GRADE_QUEUE,
      7,
      gradeBatch(ctx.app.db, readCaches(ctx.app.db, ctx.app.infra.bus).graded, ctx.app.log),
      { pollMs: 50 },
    );
    stops.push(w.stop);
  }
}, 90_000);
afterAll(async () => {
  for (const stop of stops) await stop();
  await replica?.close();
  await ctx.app.close();
});

const singleExam = (over: Record<string, unknown> = {}) => singleChoiceExam(ctx, over);
const open = (examId: string, token = ctx.learner) => openPaper(ctx, examId, token);
const paperOf = (id: string) => paperRow(ctx.app, id);
const jobsOf = async (ids: string[]) =>
  (await ctx.app.db.select().from(schema.sysJob).where(eq(schema.sysJob.queue, GRADE_QUEUE))).filter((j) =>
    ids.includes(String(j.payload.paperId)),
  );
/** The jobs once no worker holds them: a worker marks its jobs done or queued just after the grading commits. */
const settledJobs = async (ids: string[]) => {
  for (let i = 0; i < 100; i++) {
    const jobs = await jobsOf(ids);
    if (jobs.every((j) => j.state !== 'running')) return jobs;
    await new Promise((r) => setTimeout(r, 20));
  }
  return jobsOf(ids);
};
const tries = async (examId: string, userId: string) =>
  (
    await ctx.app.db
      .select()
      .from(schema.elExamUser)
      .where(and(eq(schema.elExamUser.examId, examId), eq(schema.elExamUser.userId, userId)))
  )[0]?.tryCount;
/** Every question of a paper answered wrong (option A is right): each then has one book entry per grading. */
const answerWrong = async (paperId: string) => {
  const qus = await ctx.app.db.select().from(schema.elPaperQu).where(eq(schema.elPaperQu.paperId, paperId));
  for (const q of qus) await storeAnswer(ctx.app, paperId, q.quId, JSON.stringify({ answers: [`${q.quId}b`] }));
};
const wrongCounts = async (examId: string) =>
  (
    await ctx.app.db
      .select()
      .from(schema.elBook)
      .where(and(eq(schema.elBook.refType, 'exam'), eq(schema.elBook.refId, examId)))
  ).map((b) => b.wrongCount);

describe('save racing hand-in', () => {
  it('every save acknowledged before the mark is in the graded paper; every later one is refused with 20010001', async () => {
    let acked = 0;
    let refused = 0;
    for (let round = 0; round < 4; round++) {
      const examId = await singleExam();
      const id = await open(examId);
      const saves = Array.from({ length: 24 }, (_, k) => ({
        quId: SINGLES[k % 6],
        opt: k % 2 ? 'b' : 'a',
        seq: k + 1,
      }));
      const sent = saves.map((s, k) => ({
        s,
        res: (async () => {
          // The hand-in leaves in the middle of the stream.
          await new Promise((r) => setTimeout(r, k));
          return call(
            ctx.app,
            `${P}/fill-answer`,
            { paperId: id, quId: s.quId, answers: [`${s.quId}${s.opt}`], seq: s.seq },
            ctx.learner,
          );
        })(),
      }));
      const hand = (async () => {
        await new Promise((r) => setTimeout(r, 8 + round * 3));
        return call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner);
      })();
      const during = await Promise.all(sent.map(async ({ s, res }) => ({ s, r: await res })));
      expect((await hand).status).toBe(200);
      // Saves that leave after the hand-in's answer are refused whatever the timing of the ones during it
      // (on a loaded machine the whole stream can land before the hand-in, or after it).
      const after = await Promise.all(
        [25, 26, 27].map(async (seq) => {
          const s = { quId: SINGLES[seq % 6], opt: 'b', seq };
          return {
            s,
            r: await call(
              ctx.app,
              `${P}/fill-answer`,
              { paperId: id, quId: s.quId, answers: [`${s.quId}${s.opt}`], seq },
              ctx.learner,
            ),
          };
        }),
      );
      for (const { r } of after) expect([r.status, r.body.code]).toEqual([409, 20010001]);
      const results = [...during, ...after];
      for (const { r } of results)
        expect(
          r.status === 200 || (r.status === 409 && r.body.code === 20010001 && r.body.msg === '考试已结束！'),
        ).toBe(true);
      acked += results.filter(({ r }) => r.status === 200).length;
      refused += results.filter(({ r }) => r.status === 409).length;
      await graded(ctx.app, [id]);
      const rows = await ctx.app.db.select().from(schema.elPaperQu).where(eq(schema.elPaperQu.paperId, id));
      for (const quId of SINGLES) {
        const acked = results
          .filter(({ s, r }) => s.quId === quId && r.status === 200 && r.body.data.stale === false)
          .map(({ s }) => s);
        const last = acked.sort((a, b) => b.seq - a.seq)[0];
        const row = rows.find((x) => x.quId === quId)!;
        expect([quId, row.answer ? JSON.parse(row.answer).answers[0] : null]).toEqual([
          quId,
          last ? `${quId}${last.opt}` : null,
        ]);
        // Graded on what was stored: option a is right.
        expect([quId, row.isRight]).toEqual([quId, last?.opt === 'a']);
      }
      const p = await paperOf(id);
      expect(p.userScore).toBe(rows.filter((x) => x.isRight).length * 10);
    }
    // Saves were acknowledged before the hand-in (the streams start before it leaves) and refused after it.
    expect([acked > 0, refused > 0]).toEqual([true, true]);
  }, 60_000);
});

describe('exactly once', () => {
  it('a second (and fifth) hand-in of the same paper is harmless: one job, one try, one book entry each', async () => {
    const examId = await singleExam();
    const id = await open(examId, ctx.learner2);
    await answerWrong(id);
    const hands = await Promise.all(
      Array.from({ length: 5 }, () => call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner2)),
    );
    expect(hands.map((h) => h.status)).toEqual([200, 200, 200, 200, 200]);
    await graded(ctx.app, [id]);
    expect((await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner2)).body.data).toEqual({ id, state: 2 });
    expect((await jobsOf([id])).map((j) => [j.state, j.attempts])).toEqual([['done', 1]]);
    expect(await tries(examId, 'u-learner2')).toBe(1);
    expect(await wrongCounts(examId)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('the sweeper and the learner handing in at the same moment grade the paper once', async () => {
    const sweeper = overdueSweeper({ db: ctx.app.db, kv: ctx.app.infra.kv, everyMs: 1000 });
    for (let i = 0; i < 3; i++) {
      const examId = await singleExam();
      const id = await open(examId);
      await answerWrong(id);
      await ctx.app.db
        .update(schema.elPaper)
        .set({ limitTime: new Date(Date.now() - 16_000) })
        .where(eq(schema.elPaper.id, id));
      const [, mine] = await Promise.all([
        sweeper.sweepOnce(),
        call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner),
        sweeper.sweepOnce(),
      ]);
      expect(mine.status).toBe(200);
      await graded(ctx.app, [id]);
      expect((await jobsOf([id])).length).toBe(1);
      expect(await tries(examId, 'u-learner')).toBe(1);
      expect(await wrongCounts(examId)).toEqual([1, 1, 1, 1, 1, 1]);
      expect((await paperOf(id)).state).toBe(2);
    }
  });

  it('many papers worked by two workers at once are each graded exactly once', async () => {
    const examIds = await Promise.all(Array.from({ length: 12 }, () => singleExam()));
    const ids: string[] = [];
    for (const examId of examIds) for (const t of [ctx.learner, ctx.learner2]) ids.push(await open(examId, t));
    for (const id of ids) await answerWrong(id);
    // Marked without waking this process's worker first: both workers find them by polling.
    await Promise.all(ids.map((id) => handIn(ctx.app.db, id, 'user')));
    await graded(ctx.app, ids);
    const jobs = await settledJobs(ids);
    expect(jobs.length).toBe(ids.length);
    expect(jobs.every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
    for (const examId of examIds) {
      expect([await tries(examId, 'u-learner'), await tries(examId, 'u-learner2')]).toEqual([1, 1]);
      expect(await wrongCounts(examId)).toEqual(Array(12).fill(1));
    }
  }, 60_000);
});

describe('a paper whose grading fails', () => {
  it('does not block the others, is logged and retried, and is graded once after repair', async () => {
    const examId = await singleExam();
    const other = await singleExam();
    const broken = await open(examId);
    const fine = [await open(examId, ctx.learner2), await open(other)];
    // A stored answer that no longer parses makes grading of that paper throw.
    await storeAnswer(ctx.app, broken, 'r-t-1-s1', '{broken');
    const logged: unknown[] = [];
    const spies = [ctx.app, replica]
      .filter((a) => a !== undefined)
      .map((a) => rs.spyOn(a.log, 'error').mockImplementation((o: unknown) => void logged.push(o)));
    await Promise.all([broken, ...fine].map((id) => handIn(ctx.app.db, id, 'user')));
    await graded(ctx.app, fine);
    expect((await Promise.all(fine.map(paperOf))).map((p) => p.state)).toEqual([2, 2]);
    for (let i = 0; i < 100 && !logged.length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(logged).toContainEqual(expect.objectContaining({ paperId: broken, attempt: 1, failed: false }));
    const [job] = await settledJobs([broken]);
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job.lastError).not.toBe('');
    expect((await paperOf(broken)).state).toBe(4);
    // The learner sees 阅卷中 and 待出分 meanwhile.
    expect((await call(ctx.app, `${P}/paper-result`, { id: broken }, ctx.learner)).body.data).toMatchObject({
      state: 4,
      state_dictText: '阅卷中',
      passed: null,
    });

    await storeAnswer(ctx.app, broken, 'r-t-1-s1', JSON.stringify({ answers: ['r-t-1-s1a'] }));
    await ctx.app.db
      .update(schema.sysJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sysJob.id, job.id));
    await graded(ctx.app, [broken]);
    for (const s of spies) s.mockRestore();
    expect(await paperOf(broken)).toMatchObject({ state: 2, userScore: 10 });
    expect(await tries(examId, 'u-learner')).toBe(1);
    expect((await settledJobs([broken]))[0]).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('statements per hand-in and per grading', () => {
  /** A second handle on the same database that counts the statements it sends. */
  function counting(): { db: Db; n: () => number } {
    let n = 0;
    const logger = { logQuery: () => void n++ };
    const client = (ctx.app.db as unknown as { $client: unknown }).$client;
    const db = (process.env.TEST_DATABASE_URL
      ? drizzlePg(client as never, { schema, logger })
      : drizzlePglite(client as never, { schema, logger })) as unknown as Db;
    return { db, n: () => n };
  }
  /** A paper put in 阅卷中 without a job, so only the counted call grades it. */
  async function markedPaper(rules: object[]) {
    const id = await open(await saveExam(ctx, { qualifyScore: 1, rules }));
    await ctx.app.db.update(schema.elPaper).set({ state: 4 }).where(eq(schema.elPaper.id, id));
    return id;
  }

  it('a hand-in is one statement, and grading a 100-question paper takes as many as a 2-question one', async () => {
    const c = counting();
    const id = await open(await singleExam());
    expect((await handIn(c.db, id, 'user')).handed).toBe(true);
    expect(c.n()).toBe(1);
    await graded(ctx.app, [id]);

    const big = await markedPaper([{ title: '单选', quType: 1, repoIds: ['r-big'], count: 100, score: 1 }]);
    const small = await markedPaper([{ title: '单选', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 1 }]);
    const g1 = counting();
    expect(await gradePapers(g1.db, quCache(), [big])).toEqual([big]);
    const g2 = counting();
    expect(await gradePapers(g2.db, quCache(), [small])).toEqual([small]);
    expect(g1.n()).toBe(g2.n());
    // Reads: papers, their questions, exams, question contents (3); writes: results, papers, stats, book (3).
    expect(g1.n()).toBeLessThanOrEqual(12);
    expect((await paperOf(big)).state).toBe(2);
    // Left blank, the paper stays one row: every result is the default (wrong, 0, no review), read so by the view.
    const rows = await ctx.app.db.select().from(schema.elPaperQu).where(eq(schema.elPaperQu.paperId, big));
    expect(rows).toHaveLength(100);
    expect(
      rows.filter((r) => r.isRight === false && r.actualScore === 0 && !r.review && r.result === '{}'),
    ).toHaveLength(100);
    const answerRows = await ctx.app.db
      .select()
      .from(schema.elPaperAnswer)
      .where(inArray(schema.elPaperAnswer.paperId, [big, small]));
    expect(answerRows).toEqual([]);
  });

  it('a paper starts as one row; a question gets its answer row at its first save, and keeps its result after grading', async () => {
    const id = await open(await singleExam());
    const answerRows = () => ctx.app.db.select().from(schema.elPaperAnswer).where(eq(schema.elPaperAnswer.paperId, id));
    expect(await answerRows()).toEqual([]);
    const save = { paperId: id, quId: SINGLES[0], answers: [`${SINGLES[0]}a`], seq: 1 };
    expect((await call(ctx.app, `${P}/fill-answer`, save, ctx.learner)).status).toBe(200);
    expect((await answerRows()).map((r) => [r.quId, r.answered, r.seq])).toEqual([[SINGLES[0], true, 1]]);
    await handIn(ctx.app.db, id, 'user');
    await graded(ctx.app, [id]);
    expect((await answerRows()).map((r) => [r.quId, r.isRight])).toEqual([[SINGLES[0], true]]);
  });
});
