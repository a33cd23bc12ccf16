import { readCaches } from '../exam/exam-cache';
import { type Db, type Job, type KeyValue, jobQueue, withLock } from '@exam/server-kit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type GradeQus, gradePapers } from './paper-grade';
import { GRADE_QUEUE, handInOverdue, onHandedIn } from './paper-hand';

const LOCK = 'exam:hand-overdue';

/**
 * One sweep hands in every paper past its deadline (plus the save grace) with one statement, which
 * enqueues their grading like any hand-in. The lock keeps one sweep at a time across replicas (two
 * statements marking overlapping sets could deadlock); the statement's own state check makes each
 * paper handed in once even beside a learner's hand-in at the same moment.
 */
export function overdueSweeper({ db, kv, everyMs }: { db: Db; kv: KeyValue; everyMs: number }) {
  const lockMs = Math.max(60_000, everyMs * 4);
  return { sweepOnce: () => withLock(kv, LOCK, lockMs, () => handInOverdue(db)) };
}

/**
 * Grades a claimed batch together; when that fails, each paper alone, so one failing paper neither
 * blocks nor fails the others. Its job is retried with backoff by the queue, and reported (logged with
 * `failed: true`) once its attempts are spent; its paper stays 阅卷中 for an administrator to see.
 */
export function gradeBatch(db: Db, qus: GradeQus, log: Pick<FastifyBaseLogger, 'error'>) {
  return async (jobs: Job[]) => {
    const errors = new Map<string, unknown>();
    const paperOf = (j: Job) => String(j.payload.paperId ?? '');
    try {
      await gradePapers(db, qus, jobs.map(paperOf));
      return errors;
    } catch {
      for (const j of jobs) {
        try {
          await gradePapers(db, qus, [paperOf(j)]);
        } catch (err) {
          errors.set(j.id, err);
          const failed = j.attempts >= j.maxAttempts;
          log.error(
            { err, paperId: paperOf(j), attempt: j.attempts, failed },
            failed ? 'grading a paper failed for good; it stays 阅卷中' : 'grading a paper failed; it is retried',
          );
        }
      }
      return errors;
    }
  };
}

/**
 * Every replica sweeps overdue papers every few seconds and works the grading queue (claims with
 * FOR UPDATE SKIP LOCKED, so each job runs in one place). A hand-in on this replica wakes its worker
 * at once; others' hand-ins are picked up by the poll.
 */
export async function handScheduler(app: FastifyInstance) {
  const everyMs = Number(process.env.EXAM_SWEEP_MS ?? 5000);
  const batch = Number(process.env.EXAM_GRADE_BATCH ?? 50);
  const sweeper = overdueSweeper({ db: app.db, kv: app.infra.kv, everyMs });
  // A batch takes well under a second: a crashed worker's claim is taken over after 15 s instead of the
  // queue's default 2 minutes. Grading twice cannot follow from a claim taken over early: a batch grades
  // only papers still in 4, locked FOR UPDATE.
  const jobs = jobQueue(app.db, { lockSec: Number(process.env.EXAM_GRADE_CLAIM_SEC ?? 15) });
  // One loop per replica by default: with both cores busy grading is CPU-bound, and a second loop only took
  // CPU from the hand-in requests (exam-scale N=5,000: stored 14.2 s with two, 11.4 s with one, graded ~39 s both).
  const loops = Math.max(1, Number(process.env.EXAM_GRADE_LOOPS ?? 1));
  let workers: ReturnType<typeof jobs.workBatches>[] = [];
  let unhook = () => false;
  let stopped = false;
  let current: Promise<void> | undefined;
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(() => {
      current = sweeper
        .sweepOnce()
        .then(
          () => {},
          (err) => app.log.error({ err }, 'overdue hand-in sweep failed'),
        )
        .finally(() => {
          current = undefined;
          if (!stopped) plan();
        });
    }, everyMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    workers = Array.from({ length: loops }, () =>
      jobs.workBatches(GRADE_QUEUE, batch, gradeBatch(app.db, readCaches(app.db, app.infra.bus).graded, app.log), {
        pollMs: Number(process.env.EXAM_GRADE_POLL_MS ?? 1000),
        // A lone hand-in is graded at once; during a cliff the next claims wait to take full batches.
        fillMs: Number(process.env.EXAM_GRADE_FILL_MS ?? 200),
        onError: (err) => app.log.error({ err }, 'grading queue poll failed'),
      }),
    );
    unhook = onHandedIn(() => workers.forEach((w) => w.wake()));
    plan();
  });
  // Before the database closes: the sweep and the batch in hand finish, claims left are handed back.
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    unhook();
    await current;
    await Promise.all(workers.map((w) => w.halt()));
    await jobs.release();
  });
}
