import { SAVE_GRACE_SEC } from '@exam/contracts';
import { type Db, type KeyValue, schema, withLock } from '@exam/server-kit';
import { and, asc, eq, lt, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { handIn } from './paper-hand';

const BATCH = 200;
const LOCK = 'exam:hand-overdue';
const MAX_RETRY_MS = 10 * 60_000;

/**
 * One sweep hands in papers whose deadline (plus the save grace) has passed. The lock keeps one sweep
 * running across all replicas; handIn's row lock and state check make each paper handed in exactly once
 * even if a learner or another path hands it in at the same moment (or a lock outlived by a stuck
 * hand-in lets a second sweep start).
 * - Each paper on its own: one whose hand-in fails is logged and left for a later sweep, with a growing
 *   pause, so it neither stops the batch nor, being the oldest, comes first in every batch.
 * - The batch stops at half the lock's lifetime, so the lock cannot expire in the middle of it;
 *   what is left is the next sweep's.
 */
export function overdueSweeper({ db, kv, log, everyMs }: { db: Db; kv: KeyValue; log: Pick<FastifyBaseLogger, 'error'>; everyMs: number }) {
  const { elPaper } = schema;
  const lockMs = Math.max(60_000, everyMs * 4);
  const failures = new Map<string, { count: number; retryAt: number }>();
  let stopped = false;

  const sweepOnce = () =>
    withLock(kv, LOCK, lockMs, async () => {
      const started = Date.now();
      const due = new Date(started - SAVE_GRACE_SEC * 1000);
      const waiting = [...failures].filter(([, f]) => f.retryAt > started).map(([id]) => id);
      const rows = await db.select({ id: elPaper.id }).from(elPaper)
        .where(and(eq(elPaper.state, 0), lt(elPaper.limitTime, due), waiting.length ? notInArray(elPaper.id, waiting) : undefined))
        .orderBy(asc(elPaper.limitTime)).limit(BATCH);
      // A failed paper that is due again but no longer listed was handed in another way: forget it.
      const listed = new Set(rows.map((r) => r.id));
      for (const [id, f] of failures) if (f.retryAt <= started && !listed.has(id)) failures.delete(id);
      let handed = 0;
      for (const r of rows) {
        if (stopped || Date.now() - started > lockMs / 2) break;
        try {
          await handIn(db, r.id, 'timeout');
          failures.delete(r.id);
          handed++;
        } catch (err) {
          const count = (failures.get(r.id)?.count ?? 0) + 1;
          failures.set(r.id, { count, retryAt: Date.now() + Math.min(everyMs * 2 ** count, MAX_RETRY_MS) });
          log.error({ err, paperId: r.id, attempt: count }, 'overdue hand-in of a paper failed; a later sweep retries it');
        }
      }
      return handed;
    });

  return { sweepOnce, stop: () => { stopped = true; } };
}

/** Sweeps every few seconds; the next sweep is planned when one ends, so sweeps never overlap or queue up. */
export async function handScheduler(app: FastifyInstance) {
  const everyMs = Number(process.env.EXAM_SWEEP_MS ?? 5000);
  const sweeper = overdueSweeper({ db: app.db, kv: app.infra.kv, log: app.log, everyMs });
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(() => {
      current = sweeper.sweepOnce().then(
        () => {},
        (err) => app.log.error({ err }, 'overdue hand-in sweep failed'),
      ).finally(() => {
        current = undefined;
        if (!stopped) plan();
      });
    }, everyMs);
    timer.unref();
  };
  plan();
  app.addHook('onClose', async () => {
    stopped = true;
    sweeper.stop();
    clearTimeout(timer);
    await current;
  });
}
