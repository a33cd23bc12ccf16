/**
 * Watch benchmark (not a test): a big exam under a proctor's eye. N learners (2,000) start papers of one
 * exam, each holds its reminder websocket (token as subprotocol, pinging every 10 s like the exam screen)
 * and saves answers at a steady rate; meanwhile one proctor pages through /api/exam/watch/process-paging
 * (size 32) and calls watch-stat, and, with the same client in the same loop, a trivial authenticated
 * call (/api/sys/user/info) as the baseline. Then force-hand-all for the exam: the time until every paper
 * is handed in and graded (read from the database), and an integrity check: every acknowledged save is
 * in the graded paper, every learner has exactly one try, every socket got the forced hand-in signal.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:59100/postgres BENCH_REDIS_URL=redis://127.0.0.1:59101 \
 *   N=2000 [SAVE_EVERY_SEC=20] [WATCH_SEC=60] [BENCH_PORT=59110] npx tsx infra/bench/watch-scale.mts
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { pct, startBenchServer } from './bench-server.mts';

const N = Number(process.env.N ?? 2000);
const SAVE_EVERY_SEC = Number(process.env.SAVE_EVERY_SEC ?? 20);
const WATCH_SEC = Number(process.env.WATCH_SEC ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 59110);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:59100/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? '';
const EXAM_ID = 'e-watch-bench';
const FORCE_HAND_SIGNAL = '__force_hand__:'; // @exam/contracts FORCE_HAND_SIGNAL (the exam screen's stop)
const REASON = '考试结束统一收卷';
const t00 = performance.now();
const since = () => `${((performance.now() - t00) / 1000).toFixed(0)} s`;

const { base, db, stop, startSec } = await startBenchServer({ port: PORT, adminUrl, redisUrl });
console.log(`server up in ${startSec.toFixed(1)} s (${redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL, in-process kv'})`);
await db.connect();
const {
  rows: [{ fsync, sc }],
} = await db.query(`select current_setting('fsync') fsync, current_setting('synchronous_commit') sc`);
console.log(`PostgreSQL fsync=${fsync} synchronous_commit=${sc}`);

// Setup in SQL (the account and exam screens are not what is measured): N learners with the demo
// learner's password hash and department, and a copy of the demo exam (rules included) open to all.
const {
  rows: [tmpl],
} = await db.query(`select password, dept_code from sys_user where user_name = 'learner'`);
await db.query(
  `insert into sys_user (id, user_name, real_name, password, dept_code)
  select 'wb-' || i, 'wb' || i, '考生' || lpad(i::text, 4, '0'), $1, $2 from generate_series(0, $3 - 1) i`,
  [tmpl.password, tmpl.dept_code, N],
);
await db.query(
  `insert into sys_user_role (user_id, role_id) select 'wb-' || i, 'student' from generate_series(0, $1 - 1) i`,
  [N],
);
await db.query(
  `create temp table x as select * from el_exam where id = 'e-demo-1'; update x set id = $1, title = '监考压测考试';
  insert into el_exam select * from x`.replace('$1', `'${EXAM_ID}'`),
);
await db.query(`create temp table r as select * from el_exam_rule where exam_id = 'e-demo-1';
  update r set id = 'wb-' || id, exam_id = '${EXAM_ID}'; insert into el_exam_rule select * from r`);

type Json = { code: number; msg: string; data: any };
async function rawPost(path: string, body: unknown, token?: string): Promise<Json> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Json;
}
/** Runs `work(i)` for i < n, `width` at a time. */
async function crowd(n: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, width) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

// Learners sign in over HTTP (4 at a time: argon2 is meant to be slow), then start their papers.
const tokens: string[] = [];
await crowd(N, 4, async (i) => {
  const j = await rawPost('/api/sys/user/login', { username: `wb${i}`, password: 'Learner@2026' });
  if (!j.data?.token) throw new Error(`sign-in of wb${i} failed: ${j.msg}`);
  tokens[i] = j.data.token;
});
console.log(`${N} learners signed in (${since()})`);
const proctor = (await rawPost('/api/sys/user/login', { username: 'admin', password: 'Admin@2026' })).data
  .token as string;

type Qu = { quId: string; quType: number; options: string[]; blanks: number };
const papers: { id: string; qus: Qu[] }[] = [];
await crowd(N, 16, async (i) => {
  const c = await rawPost('/api/paper/paper/create-paper', { examId: EXAM_ID }, tokens[i]);
  if (c.code !== 0) throw new Error(`create-paper wb${i}: ${c.msg}`);
  const qus: Qu[] = [];
  const d = await rawPost('/api/paper/paper/paper-detail', { id: c.data.id }, tokens[i]);
  for (const g of d.data.groupList)
    for (const q of g.quList) qus.push({ quId: q.quId, quType: q.quType, options: [], blanks: 0 });
  // Option ids come with each question (shuffled per paper); read the first few like a learner would.
  for (const q of qus.slice(0, 6)) {
    const x = (await rawPost('/api/paper/paper/qu-detail', { paperId: c.data.id, quId: q.quId }, tokens[i])).data;
    q.options = x.answerList.map((o: { id: string }) => o.id);
    q.blanks = x.blankCount;
  }
  papers[i] = { id: c.data.id, qus };
});
console.log(`${N} papers started (${since()})`);

// Reminder sockets, as the exam screen opens them.
const wsBase = base.replace('http', 'ws');
const forced: boolean[] = Array(N).fill(false);
const forcedAt: number[] = [];
const sockets: WebSocket[] = [];
let unexpectedClose = 0;
await crowd(N, 50, async (i) => {
  const ws = new WebSocket(`${wsBase}/api/socket/exam/wb-${i}/${EXAM_ID}/pc`, ['token', tokens[i]]);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.on('message', (d) => {
    if (d.toString().startsWith(FORCE_HAND_SIGNAL) && !forced[i]) {
      forced[i] = true;
      forcedAt.push(performance.now());
    }
  });
  ws.on('close', () => {
    if (!forced[i]) unexpectedClose++;
  });
  ws.send('ping');
  sockets[i] = ws;
});
const pings = setInterval(() => {
  for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send('ping');
}, 10_000);
console.log(`${N} reminder sockets open (${since()})`);

// Saves: each learner one every SAVE_EVERY_SEC on average, spread evenly. Acknowledged (code 0, not
// stale) saves are remembered: the latest per question must be what the graded paper holds.
const acked = new Map<string, { seq: number; answer: string }>();
let handStarted = false;
let saves = 0;
let saveErrors = 0;
let refused = 0;
const saveLat: number[] = [];
let seq = 0;
function answerOf(q: Qu, k: number): Record<string, unknown> {
  if (q.quType === 4) return { answer: `第${k}次作答` };
  if (q.quType === 5) return { blanks: Array.from({ length: q.blanks }, () => `答${k}`) };
  if (q.quType === 2) return { answers: q.options.slice(0, 1 + (k % Math.max(1, q.options.length))) };
  return { answers: q.options.length ? [q.options[k % q.options.length]] : [] };
}
const canonical = (a: Record<string, unknown>) => JSON.stringify(a.answer !== undefined ? { text: a.answer } : a);
let saving = true;
const inflight = new Set<Promise<void>>();
async function saveOne(i: number) {
  const p = papers[i];
  const q = p.qus[Math.floor(Math.random() * Math.min(6, p.qus.length))];
  const k = ++seq;
  const body = answerOf(q, k);
  const s = performance.now();
  const j = await rawPost(
    '/api/paper/paper/fill-answer',
    { paperId: p.id, quId: q.quId, seq: k, ...body },
    tokens[i],
  ).catch(() => null);
  saves++;
  if (!j) return void saveErrors++;
  if (j.code === 0) {
    saveLat.push(performance.now() - s);
    // Replies may arrive out of order: the highest acknowledged seq is what the paper must hold.
    const key = `${p.id}|${q.quId}`;
    if (!j.data.stale && (acked.get(key)?.seq ?? -1) < k) acked.set(key, { seq: k, answer: canonical(body) });
  } else if (handStarted)
    refused++; // the paper was handed in: refused, not acknowledged
  else saveErrors++;
}
const saver = (async () => {
  const gapMs = (SAVE_EVERY_SEC * 1000) / N;
  let next = performance.now();
  let i = 0;
  while (saving) {
    next += gapMs;
    const pr = saveOne(i++ % N).finally(() => inflight.delete(pr));
    inflight.add(pr);
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
})();

// The proctor's loop: a page of the grid, the stats bar, the baseline; sequential, one client.
const lat: Record<'process-paging' | 'watch-stat' | 'baseline', number[]> = {
  'process-paging': [],
  'watch-stat': [],
  baseline: [],
};
let proctorErrors = 0;
async function timed(name: keyof typeof lat, path: string, body: unknown) {
  const s = performance.now();
  const j = await rawPost(path, body, proctor);
  lat[name].push(performance.now() - s);
  if (j.code !== 0) proctorErrors++;
  return j.data;
}
const watchStart = performance.now();
let page = 1;
let sawOnline = 0;
let lastTotal = 0;
while (performance.now() - watchStart < WATCH_SEC * 1000) {
  const r = await timed('process-paging', '/api/exam/watch/process-paging', {
    current: page,
    size: 32,
    params: { examId: EXAM_ID, handState: 0 },
  });
  sawOnline = Math.max(sawOnline, r.records.filter((x: { online: boolean }) => x.online).length);
  lastTotal = r.total;
  page = page >= r.pages ? 1 : page + 1;
  await timed('watch-stat', '/api/exam/watch/watch-stat', { id: EXAM_ID });
  await timed('baseline', '/api/sys/user/info', {});
}
const savesInWindow = saves;
const watchSecs = (performance.now() - watchStart) / 1000;
console.log(
  `proctor polled for ${watchSecs.toFixed(0)} s (${since()}); grid total ${lastTotal}, up to ${sawOnline} of 32 online on a page`,
);

// Force-hand-all while saves keep coming: the acknowledged ones must all be in the graded papers.
handStarted = true;
const f0 = performance.now();
const fh = await rawPost('/api/exam/watch/force-hand-all', { examId: EXAM_ID, exState: 3, message: REASON }, proctor);
const callSecs = (performance.now() - f0) / 1000;
let doneSecs = 0;
for (;;) {
  // Graded: 1 待阅卷 or 2 已考完 (0 is open; 4 阅卷中 is handed in and waiting for the grading queue).
  const {
    rows: [c],
  } = await db.query(
    `select count(*) filter (where p.state not in (1, 2))::int waiting,
      (select count(*)::int from el_exam_user where exam_id = $1 and try_count >= 1) tried
    from el_paper p where p.exam_id = $1`,
    [EXAM_ID],
  );
  if (c.waiting === 0 && c.tried === N) {
    doneSecs = (performance.now() - f0) / 1000;
    break;
  }
  if (performance.now() - f0 > 180_000) throw new Error(`force-hand-all not done after 180 s: ${JSON.stringify(c)}`);
  await new Promise((r) => setTimeout(r, 100));
}
saving = false;
await saver;
await Promise.all(inflight);
for (let i = 0; i < 50 && forcedAt.length < N; i++) await new Promise((r) => setTimeout(r, 100));
const signalSecs = forcedAt.length ? (Math.max(...forcedAt) - f0) / 1000 : NaN;
clearInterval(pings);

// Integrity, from the database.
const {
  rows: [g],
} = await db.query(
  `select count(*)::int papers, count(*) filter (where state in (1, 2))::int handed,
    count(*) filter (where ex_state = 3 and ex_msg = $2)::int reasoned,
    (select count(*)::int from el_exam_user where exam_id = $1 and try_count = 1) once,
    (select count(*)::int from el_exam_user where exam_id = $1 and try_count > 1) twice,
    count(*) filter (where hand_time is null)::int ungraded
  from el_paper where exam_id = $1`,
  [EXAM_ID, REASON],
);
// Graded once: where grading is a queue (sys_job), one job per paper, done; none where it is inline.
const {
  rows: [jobs],
} = await db.query(
  `select count(*)::int n, count(distinct j.payload->>'paperId')::int papers,
    count(*) filter (where j.state = 'done')::int done, coalesce(max(j.attempts), 0)::int attempts
  from sys_job j join el_paper p on p.id = j.payload->>'paperId' where p.exam_id = $1`,
  [EXAM_ID],
);
const gradedOnce = jobs.n === 0 || (jobs.n === N && jobs.papers === N && jobs.done === N);
const { rows: stored } = await db.query(
  `select q.paper_id, q.qu_id, q.answer
  from el_paper_qu q join el_paper p on p.id = q.paper_id where p.exam_id = $1 and q.answer is not null`,
  [EXAM_ID],
);
const inDb = new Map(stored.map((r) => [`${r.paper_id}|${r.qu_id}`, r]));
let lost = 0;
for (const [key, a] of acked) {
  const r = inDb.get(key);
  if (!r || JSON.stringify(JSON.parse(r.answer)) !== a.answer) lost++;
}
const rowOf = (name: string, xs: number[], b: number) => {
  xs.sort((x, y) => x - y);
  return `| ${name} | ${xs.length} | ${[50, 95, 99].map((p) => pct(xs, p).toFixed(1)).join(' | ')} | ${xs[xs.length - 1].toFixed(1)} | ${(pct(xs, 99) / b).toFixed(1)}× |`;
};
const base99 = [...lat.baseline].sort((x, y) => x - y)[
  Math.min(lat.baseline.length - 1, Math.floor(0.99 * lat.baseline.length))
];
console.log(
  `\nN=${N} learners, ${N} reminder sockets, saves ${(savesInWindow / watchSecs).toFixed(0)}/s during the window (p99 ${
    saveLat.length
      ? pct(
          saveLat.sort((x, y) => x - y),
          99,
        ).toFixed(0)
      : '-'
  } ms), ${process.env.DB_POOL_MAX ?? 10} DB connections`,
);
console.log('| call | count | p50 ms | p95 ms | p99 ms | max ms | p99 / baseline p99 |');
console.log('|---|---|---|---|---|---|---|');
console.log(rowOf('baseline /api/sys/user/info', lat.baseline, base99));
console.log(rowOf('process-paging (size 32)', lat['process-paging'], base99));
console.log(rowOf('watch-stat', lat['watch-stat'], base99));
console.log(`proctor errors ${proctorErrors}`);
console.log(
  `\nforce-hand-all: reply ${callSecs.toFixed(1)} s (handed ${fh.data?.handed}, code ${fh.code} ${fh.code ? fh.msg : ''}); all ${N} graded (state 1/2) after ${doneSecs.toFixed(1)} s; last socket signal at ${signalSecs.toFixed(1)} s`,
);
console.log(
  `integrity: ${g.handed}/${g.papers} handed in, ${g.ungraded} without a hand-in time, ${g.reasoned} with the proctor's state and reason, tries once ${g.once}, more than once ${g.twice};`,
);
console.log(
  `  ${acked.size} questions with an acknowledged answer (from ${saves} saves, ${refused} refused after the hand-in, ${saveErrors} errors): ${lost} missing or different in the graded papers;`,
);
console.log(
  `  grading jobs: ${jobs.n} for ${jobs.papers} papers, ${jobs.done} done, at most ${jobs.attempts} attempt(s) each${jobs.n ? '' : ' (graded inline)'}`,
);
console.log(`  force-hand signal on ${forcedAt.length}/${N} sockets, ${unexpectedClose} closed before it`);
const ok =
  gradedOnce &&
  g.handed === N &&
  g.once === N &&
  g.twice === 0 &&
  g.ungraded === 0 &&
  lost === 0 &&
  forcedAt.length === N &&
  fh.data?.handed === N;
console.log(ok ? 'INTEGRITY OK' : 'INTEGRITY FAILED');
for (const ws of sockets) ws.terminate();
await stop();
process.exit(ok ? 0 : 1);
