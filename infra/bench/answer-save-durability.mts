/**
 * The cost of a durable answer save on the embedded database (not a test). The same real fill-answer
 * code runs N times on two fresh PGlite databases in turn: PGlite's defaults (fsync off; a COMMIT ends
 * in the page cache) and the kit's durable client (a COMMIT returns once it is on the disk). Rounds
 * alternate between the two so both see the same machine load. Reports ms per save for each.
 *
 *   N=200 ROUNDS=3 npx tsx infra/bench/answer-save-durability.mts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type AuthUser, type Db, loadConfig, schema } from '@exam/server-kit';
import { openDurablePglite } from '../../services/kit/src/db/durable-pglite';
import { ALL_SEEDS } from '../../services/server/src/app';
import { fillAnswer } from '../../services/exam/src/paper/paper-answer';
import { and, eq } from 'drizzle-orm';

const N = Number(process.env.N ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/kit/drizzle');

async function prepare(kind: 'defaults' | 'durable') {
  const dir = mkdtempSync(path.join(tmpdir(), `crash-bench-${kind}-`));
  const client = kind === 'durable' ? await openDurablePglite(dir) : await PGlite.create(dir);
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: MIGRATIONS });
  const config = loadConfig({}, { demoData: true });
  for (const seed of ALL_SEEDS) await seed(db, config);
  const [u] = await db.select().from(schema.sysUser).where(eq(schema.sysUser.userName, 'learner'));
  const user = {
    id: u.id,
    userName: u.userName,
    realName: u.realName,
    deptCode: u.deptCode,
    roleType: 1,
    roles: ['student'],
  } as unknown as AuthUser;
  // A paper of the demo exam holding one short-answer question, written directly: only the save is measured.
  const [shortQu] = await db
    .select({ quId: schema.elQu.id, quType: schema.elQu.quType })
    .from(schema.elQu)
    .where(and(eq(schema.elQu.quType, 4), eq(schema.elQu.parentId, '')))
    .limit(1);
  const paperId = `bench-paper-${kind}`;
  const now = Date.now();
  await db.insert(schema.elPaper).values({
    id: paperId,
    examId: 'e-demo-1',
    userId: user.id,
    startTime: new Date(now),
    limitTime: new Date(now + 3600_000),
    quCount: 1,
    totalScore: 10,
    qus: JSON.stringify([{ quId: shortQu.quId, quType: 4, groupNo: 0, score: 10, optOrder: {}, ver: 0 }]),
  });
  let seq = 0;
  const save = () => fillAnswer(db, user.id, { paperId, quId: shortQu.quId, answer: `作答${++seq}`, seq });
  return {
    save,
    close: async () => {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const variants = { defaults: await prepare('defaults'), durable: await prepare('durable') };
const times: Record<string, number[]> = { defaults: [], durable: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, v] of Object.entries(variants)) {
    for (let i = 0; i < 10; i++) await v.save(); // warm up
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await v.save();
    times[name].push((performance.now() - t0) / N);
  }
}
for (const v of Object.values(variants)) await v.close();
const fmt = (xs: number[]) =>
  `${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} ms/save (rounds: ${xs.map((x) => x.toFixed(2)).join(', ')})`;
console.log(`answer save, ${N} saves × ${ROUNDS} rounds, sequential:`);
console.log(`  PGlite defaults (fsync off): ${fmt(times.defaults)}`);
console.log(`  durable (fsync at COMMIT):   ${fmt(times.durable)}`);
