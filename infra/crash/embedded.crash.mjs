// Crash suite, embedded mode (`npm start`'s PGlite): learners answer while the server process is
// SIGKILLed at random moments; after each kill it is started again. At the end every acknowledged answer
// and hand-in must be in the database, each handed-in paper graded once and whole.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { checkDatabase, newLedger, startLearners, waitGraded } from './learners.mjs';
import { killHard, ROOT, startServer, wait, waitHealthy } from './lib.mjs';

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const PORT = Number(process.env.CRASH_EMBEDDED_PORT ?? 57020);
const DIR = path.join(ROOT, '.tmp/crash/embedded');

test(`embedded mode: ${KILLS} SIGKILLs of the server while learners answer lose no acknowledged answer`, {
  timeout: 420_000,
}, async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const base = `http://127.0.0.1:${PORT}`;
  const env = { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: path.join(DIR, 'data'), DEMO_DATA: '1' };
  const log = path.join(DIR, 'server.log');
  let server = startServer({ env, log });
  const ledger = newLedger();
  let stopLearners;
  try {
    await waitHealthy(base);
    stopLearners = startLearners({ base: () => base, users: ['learner', 'learner2'], ledger, handEvery: 8 });
    for (let k = 0; k < KILLS; k++) {
      const before = ledger.acked;
      // Kill only once saves are flowing again, at a random moment among them.
      for (let i = 0; i < 200 && ledger.acked < before + 3; i++) await wait(50);
      await wait(Math.random() * 800);
      await killHard(server);
      server = startServer({ env, log });
      await waitHealthy(base);
    }
    for (let i = 0; i < 100 && ledger.handsAcked === 0; i++) await wait(100);
    await stopLearners();
    stopLearners = undefined;
    // The last stop is a kill too, then one more start: hand-ins acknowledged before the kill are queued for
    // grading, and the queue grades them after the restart. What is read below is what a crash left, graded.
    await killHard(server);
    server = startServer({ env, log });
    await waitHealthy(base);
    await waitGraded(base, ledger);
  } finally {
    await stopLearners?.();
    await killHard(server);
  }
  const db = new PGlite(path.join(DIR, 'data/pgdata'));
  try {
    const { checked, problems, handed } = await checkDatabase(
      async (sql, params) => (await db.query(sql, params)).rows,
      ledger,
    );
    console.log(
      `embedded: ${KILLS + 1} kills, ${checked} acknowledged answers checked (${ledger.acked} acknowledged saves), ${ledger.handsAcked} acknowledged hand-ins, ${handed} handed-in papers checked for single grading`,
    );
    assert.deepEqual(problems, []);
    assert.ok(checked > 0 && ledger.handsAcked > 0, 'the run saved answers and handed papers in');
  } finally {
    await db.close();
  }
});
