// Crash suite, distributed mode: the production topology of start-distributed.mjs (durable PostgreSQL,
// Redis with its append-only file, two compiled replicas per service, nginx gateway) on ports of its own.
// Learners answer through the gateway while one exam replica is SIGKILLed again and again, PostgreSQL stopped the way a
// crash stops it (immediate: no checkpoint, WAL recovery on start) and Redis SIGKILLed; the supervisor
// brings each back by itself. At the end every acknowledged answer and hand-in must be in the database.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { pgBin, postgresUp, redisUp, stopPostgres } from '../scripts/local-servers.mjs';
import { SERVICES, startTopology, waitHealthy } from '../scripts/start-distributed.mjs';
import { checkDatabase, newLedger, startLearners, waitGradedDb } from './learners.mjs';
import { remindersAcrossReplicas } from './replicas.mjs';
import { ROOT, wait } from './lib.mjs';

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const BASE_PORT = Number(process.env.CRASH_DIST_PORT ?? 57100);
const DIR = path.join(ROOT, '.tmp/crash/distributed');
const missing = !pgBin() ? 'PostgreSQL' : ['redis-server', 'nginx'].find((c) => spawnSync('which', [c]).status !== 0);

const until = async (what, ok, timeoutMs = 60_000) => {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await wait(100)) if (await ok()) return;
  throw new Error(`${what} did not come back`);
};

test(`distributed mode: ${KILLS} kills of the exam replica, PostgreSQL and Redis lose no acknowledged answer`, {
  timeout: 420_000,
  skip: missing && `${missing} is not installed`,
}, async () => {
  rmSync(DIR, { recursive: true, force: true });
  const services = SERVICES.map((s, i) => ({ ...s, port: BASE_PORT + 10 + i }));
  const supervisorLines = [];
  const t = await startTopology({
    dir: DIR,
    pgPort: BASE_PORT,
    redisPort: BASE_PORT + 1,
    gatewayPort: BASE_PORT + 2,
    services,
    log: path.join(DIR, 'services.log'),
    say: (line) => supervisorLines.push(line),
    extraEnv: { REDIS_PREFIX: 'crash:' },
  });
  const exam = services.find((s) => s.name === 'exam-1');
  const ledger = newLedger();
  let stopLearners;
  const kinds = { exam: 0, postgres: 0, redis: 0 };
  try {
    await until(
      'the gateway',
      () =>
        fetch(`${t.gateway}/runtime-config.json`).then(
          (r) => r.ok,
          () => false,
        ),
      30_000,
    );
    // Two replicas of every service behind the gateway: a reminder sent through either watch replica (or the
    // gateway) reaches the learner's socket, wherever the gateway placed it.
    const watch = services.filter((s) => s.pkg === 'watch').map((s) => `http://127.0.0.1:${s.port}`);
    assert.ok(
      watch.length >= 2 && services.filter((s) => s.pkg === 'exam').length >= 2,
      'every service runs two replicas',
    );
    const { sent, received } = await remindersAcrossReplicas(t.gateway, [...watch, t.gateway]);
    assert.deepEqual([...received].sort(), [...sent].sort());
    stopLearners = startLearners({ base: () => t.gateway, users: ['learner', 'learner2'], ledger, handEvery: 8 });
    for (let k = 0; k < KILLS; k++) {
      const before = ledger.acked;
      for (let i = 0; i < 300 && ledger.acked < before + 3; i++) await wait(50);
      await wait(Math.random() * 800);
      const kind = ['exam', 'postgres', 'redis'][k % 3];
      kinds[kind]++;
      if (kind === 'exam') {
        process.kill(t.procs['exam-1'].child.pid, 'SIGKILL');
        await wait(300);
        await waitHealthy(exam.port, 60_000);
      } else if (kind === 'postgres') {
        stopPostgres({ dir: t.pg.dir, mode: 'immediate' });
        await until('PostgreSQL', () => postgresUp(t.pg));
      } else {
        process.kill(Number(readFileSync(path.join(t.redis.dir, 'redis.pid'), 'utf8')), 'SIGKILL');
        await wait(300);
        await until('Redis', () => redisUp(t.redis));
      }
    }
    for (let i = 0; i < 100 && ledger.handsAcked === 0; i++) await wait(100);
    await stopLearners();
    stopLearners = undefined;
    // The last word is a crash too: what is read below is what PostgreSQL recovered from its WAL.
    stopPostgres({ dir: t.pg.dir, mode: 'immediate' });
    await until('PostgreSQL', () => postgresUp(t.pg));
    const db = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await db.connect();
    try {
      const query = async (sql, params) => (await db.query(sql, params)).rows;
      // Hand-ins acknowledged before the crash are graded by the queue once PostgreSQL is back.
      await waitGradedDb(query);
      const { checked, problems, handed } = await checkDatabase(query, ledger);
      console.log(
        `distributed: ${KILLS + 1} kills (exam replica ${kinds.exam}, PostgreSQL ${kinds.postgres + 1}, Redis ${kinds.redis}), ${checked} acknowledged answers checked (${ledger.acked} acknowledged saves), ${ledger.handsAcked} acknowledged hand-ins, ${handed} handed-in papers checked for single grading`,
      );
      console.log(supervisorLines.map((l) => `  ${l}`).join('\n'));
      assert.deepEqual(problems, []);
      assert.ok(checked > 0 && ledger.handsAcked > 0, 'the run saved answers and handed papers in');
      assert.equal(
        t.procs['exam-1'].restarts,
        kinds.exam,
        'the supervisor restarted the exam replica after each kill, and it never fell over by itself',
      );
      // A PostgreSQL or Redis crash must not take a service down: they wait and reconnect.
      assert.deepEqual(
        Object.entries(t.procs)
          .filter(([name, p]) => name !== 'exam-1' && p.restarts > 0)
          .map(([name]) => name),
        [],
      );
    } finally {
      await db.end();
    }
  } finally {
    await stopLearners?.();
    await t.stop();
  }
});
