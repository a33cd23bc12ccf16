import { SAVE_GRACE_SEC } from '@exam/contracts';
import { schema, withLock } from '@exam/server-kit';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { handIn } from './paper-hand';

const BATCH = 200;

/**
 * Hands in papers whose deadline (plus the save grace) has passed, every few seconds. The lock keeps
 * one sweep running across all replicas; handIn's row lock and state check make each paper handed
 * in exactly once even if a learner or another path hands it in at the same moment.
 */
export async function handScheduler(app: FastifyInstance) {
  const everyMs = Number(process.env.EXAM_SWEEP_MS ?? 5000);
  const { elPaper } = schema;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const sweep = () =>
    withLock(app.infra.kv, 'exam:hand-overdue', Math.max(30_000, everyMs * 4), async () => {
      const due = new Date(Date.now() - SAVE_GRACE_SEC * 1000);
      const rows = await app.db.select({ id: elPaper.id }).from(elPaper)
        .where(and(eq(elPaper.state, 0), lt(elPaper.limitTime, due))).orderBy(asc(elPaper.limitTime)).limit(BATCH);
      for (const r of rows) {
        if (stopped) break;
        await handIn(app.db, r.id, 'timeout');
      }
      return rows.length;
    });

  const timer = setInterval(() => {
    running = running.then(sweep).catch((err) => app.log.error({ err }, 'overdue hand-in sweep failed'));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
