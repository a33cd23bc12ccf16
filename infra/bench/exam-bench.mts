/**
 * Exam benchmark (not a test): N simulated examinees take the demo exam against a real PostgreSQL.
 * The all-in-one server runs in its own process on a fresh, empty database (migrations and demo seed
 * on start); this process is the load: every examinee signs in, then create-paper, paper-detail,
 * qu-detail + fill-answer for every question, hand-exam. Reports p50/p95/p99 per call and throughput
 * (sign-in excluded), then checks in the database that every paper was handed in exactly once.
 * Baseline: first, at the same concurrency, every examinee calls /api/sys/user/info (a session lookup
 * and one row read) 4 times; each exam call's p50 is also given as a ratio to that baseline's p50, so
 * figures from machines of different speed can be compared.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55440/postgres [BENCH_REDIS_URL=redis://127.0.0.1:56390] \
 *   N=500 CONCURRENCY=100 [DB_POOL_MAX=10] npx tsx infra/bench/exam-bench.mts
 *
 * The database bench_<random> is dropped at the end (KEEP_DB=1 keeps it).
 */
import { performance } from 'node:perf_hooks';
import { pct, startBenchServer } from './bench-server.mts';

const N = Number(process.env.N ?? 100);
const CONCURRENCY = Math.min(N, Number(process.env.CONCURRENCY ?? 100));
const PORT = Number(process.env.BENCH_PORT ?? 18990);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55440/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? '';
const EXAM_ID = 'e-demo-1';
const base = `http://127.0.0.1:${PORT}`;

const { db, stop, startSec } = await startBenchServer({ port: PORT, adminUrl, redisUrl });
console.log(`server up on an empty database in ${startSec.toFixed(1)} s (migrations + demo seed)`);

// Examinees: accounts with the demo learner's password, created in the database, signed in over HTTP.
await db.connect();
const {
  rows: [tmpl],
} = await db.query(`select password, dept_code from sys_user where user_name = 'learner'`);
for (let i = 0; i < N; i++) {
  await db.query(`insert into sys_user (id, user_name, real_name, password, dept_code) values ($1, $2, $3, $4, $5)`, [
    `bench-${i}`,
    `bench${i}`,
    `考生${i}`,
    tmpl.password,
    tmpl.dept_code,
  ]);
  await db.query(`insert into sys_user_role (user_id, role_id) values ($1, 'student')`, [`bench-${i}`]);
}
const tokens: string[] = [];
const signIn = async (i: number) => {
  const r = await fetch(`${base}/api/sys/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `bench${i}`, password: 'Learner@2026' }),
  });
  const j = (await r.json()) as { data: { token: string }; msg: string };
  if (!j.data?.token) throw new Error(`sign-in failed: ${j.msg}`);
  tokens[i] = j.data.token;
};
for (let i = 0; i < N; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].filter((k) => k < N).map(signIn));

const lat: Record<string, number[]> = {};
let errors = 0;
const errorSamples: string[] = [];
async function post(name: string, path: string, body: unknown, token: string) {
  const s = performance.now();
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  (lat[name] ??= []).push(performance.now() - s);
  if (json.code !== 0) {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(`${name}: ${res.status} ${json.msg}`);
  }
  return json.data;
}

/** Some answer of the right shape for each type (correctness is not the point here). */
function answerFor(q: any): Record<string, unknown> {
  if (q.quType === 4) return { answer: '注意安全，规范操作。' };
  if (q.quType === 5) return { blanks: Array.from({ length: q.blankCount }, () => '答案') };
  if (q.quType === 6)
    return { pairs: q.answerList.map((_: unknown, i: number) => q.rightList[i % q.rightList.length]) };
  if (q.quType === 99)
    return {
      subs: Object.fromEntries(
        q.subList.map((s: any) => [s.quId, s.answerList.length ? { answers: [s.answerList[0].id] } : { text: 'x' }]),
      ),
    };
  return { answers: q.answerList.length ? [q.answerList[0].id] : [] };
}

async function baseline(token: string) {
  for (let k = 0; k < 4; k++) await post('baseline', '/api/sys/user/info', {}, token);
}

async function examinee(token: string) {
  const { id } = await post('create-paper', '/api/paper/paper/create-paper', { examId: EXAM_ID }, token);
  const detail = await post('paper-detail', '/api/paper/paper/paper-detail', { id }, token);
  let seq = 0;
  for (const g of detail.groupList) {
    for (const item of g.quList) {
      const q = await post('qu-detail', '/api/paper/paper/qu-detail', { paperId: id, quId: item.quId }, token);
      await post(
        'fill-answer',
        '/api/paper/paper/fill-answer',
        { paperId: id, quId: item.quId, seq: ++seq, ...answerFor(q) },
        token,
      );
    }
  }
  await post('hand-exam', '/api/paper/paper/hand-exam', { id }, token);
}

/** Runs `work` for every examinee, CONCURRENCY at a time. */
async function crowd(work: (token: string) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) await work(tokens[next++]);
    }),
  );
}
await crowd(baseline);
const baseLat = lat.baseline.sort((a, b) => a - b);
delete lat.baseline;
const started = performance.now();
await crowd(examinee);
const seconds = (performance.now() - started) / 1000;

const total = Object.values(lat).reduce((n, xs) => n + xs.length, 0);
console.log(
  `\nN=${N} examinees, ${CONCURRENCY} at a time, DB pool ${process.env.DB_POOL_MAX ?? 10}, ${redisUrl ? 'Redis' : 'in-process kv'}`,
);
console.log('call          count    p50 ms   p95 ms   p99 ms   max ms   p50/baseline');
const row = (name: string, xs: number[]) =>
  `${name.padEnd(13)} ${String(xs.length).padStart(5)} ${[50, 95, 99].map((p) => pct(xs, p).toFixed(1).padStart(8)).join(' ')} ${xs[xs.length - 1].toFixed(1).padStart(8)}`;
console.log(`${row('baseline info', baseLat)}       1.0×`);
for (const [name, xs] of Object.entries(lat)) {
  xs.sort((a, b) => a - b);
  console.log(`${row(name, xs)} ${(pct(xs, 50) / pct(baseLat, 50)).toFixed(1).padStart(9)}×`);
}
console.log(
  `\n${total} requests in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(0)} req/s, ${(N / seconds).toFixed(1)} examinees/s; errors ${errors}`,
);
for (const e of errorSamples) console.log(`  e.g. ${e}`);

// Hand-in queues the grading (state 4 阅卷中): wait until every paper is graded (1 待阅卷 or 2 已考完).
const gradeStart = performance.now();
for (let i = 0; i < 600; i++) {
  const {
    rows: [g],
  } = await db.query(`select count(*) filter (where state in (1, 2))::int graded from el_paper where exam_id = $1`, [
    EXAM_ID,
  ]);
  if (g.graded >= N) break;
  await new Promise((r) => setTimeout(r, 50));
}
console.log(`all papers graded ${((performance.now() - gradeStart) / 1000).toFixed(2)} s after the last request`);
const {
  rows: [check],
} = await db.query(
  `select count(*)::int papers, count(*) filter (where state = 0)::int open, count(*) filter (where state in (1, 2))::int graded, (select coalesce(sum(try_count), 0)::int from el_exam_user where exam_id = $1) tries
   from el_paper where exam_id = $1`,
  [EXAM_ID],
);
console.log(
  `check: ${check.papers} papers, ${check.open} still open, ${check.graded} graded, ${check.tries} tries recorded (expected ${N}, 0, ${N}, ${N})`,
);
// Saves and grading rewrite answer rows: how many of those updates stayed on their page (HOT, no index write).
await new Promise((r) => setTimeout(r, 1000)); // the server's backends report their counts at most every second
const {
  rows: [hot],
} = await db.query(
  `select n_tup_upd::int upd, n_tup_hot_upd::int hot from pg_stat_user_tables where relname = 'el_paper_answer'`,
);
console.log(
  `el_paper_answer updates: ${hot.upd}, HOT ${hot.hot} (${((100 * hot.hot) / Math.max(1, hot.upd)).toFixed(0)} %)`,
);
await stop();
