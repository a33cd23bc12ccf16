import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysJob } from '../db/schema';
import { createTestApp } from '../testing';
import { jobQueue } from './queue';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [], seeds: [] });
}, 60_000);
afterAll(() => app.close());

const jobOf = async (id: string) => (await app.db.select().from(sysJob).where(eq(sysJob.id, id)))[0];

describe('job queue', () => {
  it('runs a job once, even with two workers claiming at the same time', async () => {
    const a = jobQueue(app.db);
    const b = jobQueue(app.db);
    const id = await a.enqueue(app.db, 'q.once', { n: 1 });
    const ran: string[] = [];
    const [ra, rb] = await Promise.all([
      a.runOne('q.once', async (j) => {
        ran.push(`a${j.payload.n}`);
      }),
      b.runOne('q.once', async (j) => {
        ran.push(`b${j.payload.n}`);
      }),
    ]);
    expect([ra, rb].filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    expect((await jobOf(id)).state).toBe('done');
    expect(
      await a.runOne('q.once', async () => {
        ran.push('again');
      }),
    ).toBe(false);
  });

  it('retries a failing job with backoff, then marks it failed with the error', async () => {
    const q = jobQueue(app.db);
    const id = await q.enqueue(app.db, 'q.fail', {}, { maxAttempts: 2 });
    await q.runOne('q.fail', async () => {
      throw new Error('boom 1');
    });
    let j = await jobOf(id);
    expect(j).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom 1' });
    expect(j.runAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing to run.
    expect(await q.runOne('q.fail', async () => {})).toBe(false);
    await app.db
      .update(sysJob)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(sysJob.id, id));
    await q.runOne('q.fail', async () => {
      throw new Error('boom 2');
    });
    j = await jobOf(id);
    expect(j).toMatchObject({ state: 'failed', attempts: 2, lastError: 'boom 2' });
  });

  it("hands a closed worker's claim back, and takes over a crashed worker's claim once it expires", async () => {
    const closing = jobQueue(app.db);
    const id = await closing.enqueue(app.db, 'q.restart', {});
    expect((await closing.claim('q.restart'))?.id).toBe(id);
    const next = jobQueue(app.db);
    expect(await next.runOne('q.restart', async () => {})).toBe(false); // still held
    await closing.release();
    expect(await next.runOne('q.restart', async () => {})).toBe(true);

    const crashed = jobQueue(app.db, { lockSec: 1 });
    const id2 = await crashed.enqueue(app.db, 'q.restart', {});
    await crashed.claim('q.restart');
    expect(await next.runOne('q.restart', async () => {})).toBe(false);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await next.runOne('q.restart', async () => {})).toBe(true);
    expect(await jobOf(id2)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('works a queue in the background and stops cleanly', async () => {
    const q = jobQueue(app.db);
    const seen: number[] = [];
    const stop = q.work(
      'q.bg',
      async (j) => {
        seen.push(Number(j.payload.n));
      },
      { pollMs: 50 },
    );
    for (let n = 1; n <= 3; n++) await q.enqueue(app.db, 'q.bg', { n });
    for (let i = 0; i < 100 && seen.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(seen.sort()).toEqual([1, 2, 3]);
  });

  it('claims batches once across two workers, closes the good ones together and retries only the failed one', async () => {
    const a = jobQueue(app.db);
    const b = jobQueue(app.db);
    const ids: string[] = [];
    for (let n = 0; n < 9; n++) ids.push(await a.enqueue(app.db, 'q.batch', { n }));
    const [ja, jb] = await Promise.all([a.claimBatch('q.batch', 5), b.claimBatch('q.batch', 5)]);
    expect(ja.length + jb.length).toBe(9);
    expect(new Set([...ja, ...jb].map((j) => j.id)).size).toBe(9);
    const bad = ja[0];
    await a.finishBatch(ja, new Map([[bad.id, new Error('bad paper')]]));
    await b.finishBatch(jb, new Map());
    const rows = await Promise.all(ids.map(jobOf));
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(8);
    expect(await jobOf(bad.id)).toMatchObject({ state: 'queued', attempts: 1, lastError: 'bad paper' });
  });

  it('works batches in the background, woken at once, and stops cleanly', async () => {
    const q = jobQueue(app.db);
    const seen: number[][] = [];
    const w = q.workBatches(
      'q.bgb',
      10,
      async (jobs) => {
        seen.push(jobs.map((j) => Number(j.payload.n)));
        return new Map();
      },
      { pollMs: 60_000 },
    );
    for (let n = 1; n <= 4; n++) await q.enqueue(app.db, 'q.bgb', { n });
    w.wake();
    for (let i = 0; i < 100 && seen.flat().length < 4; i++) await new Promise((r) => setTimeout(r, 20));
    await w.stop();
    expect(seen.flat().sort()).toEqual([1, 2, 3, 4]);
  });

  it("enqueues several jobs in one statement, inside the caller's transaction", async () => {
    const q = jobQueue(app.db);
    expect(await q.enqueueAll(app.db, 'q.all', [])).toEqual([]);
    const ids = await app.db.transaction((tx) => q.enqueueAll(tx, 'q.all', [{ n: 1 }, { n: 2 }], { maxAttempts: 5 }));
    const rows = await Promise.all(ids.map(jobOf));
    expect(rows.map((r) => [r.payload, r.state, r.maxAttempts])).toEqual([
      [{ n: 1 }, 'queued', 5],
      [{ n: 2 }, 'queued', 5],
    ]);
    // Rolled back with the caller's transaction: nothing queued.
    const lost = await app.db
      .transaction(async (tx) => {
        await q.enqueueAll(tx, 'q.all', [{ n: 3 }]);
        throw new Error('rollback');
      })
      .catch(() => 'rolled back');
    expect(lost).toBe('rolled back');
    expect(await app.db.select().from(sysJob).where(eq(sysJob.queue, 'q.all'))).toHaveLength(2);
  });
});
