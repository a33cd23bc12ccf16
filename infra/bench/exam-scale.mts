/**
 * Exams at scale (issue 12; a script, not a test). Starts the distributed mode as start-distributed.mjs
 * runs it (durable PostgreSQL, Redis, every service behind the nginx gateway) on ports of its own, creates
 * N learners (default 5,000), four banks of 600 questions of mixed types and a 100-question exam, and runs
 * through the gateway with one keep-alive client pool:
 *   baseline  a trivial authenticated call (/api/sys/user/info) with the same client;
 *   pgbench   single-row upsert TPS on the same PostgreSQL (same durability);
 *   S1        start storm: every learner released at one barrier opens the paper the way the exam screen
 *             does (create-paper, then the one-call paper view if the contract has one, else paper-detail
 *             and qu-detail per question);
 *   S2        autosave: fill-answer at full speed for a while, then fill-answers (the screen's batch of queued
 *             saves) when the contract has it, then fill-answer at a fixed 150 saves/s;
 *   S3        hand-in cliff: 10 % of papers reach their deadline (the server hands them in), the rest are
 *             handed in within one second; time until every paper is stored as handed in, and graded;
 * then the integrity check (every acknowledged save in its paper, every paper graded once) and each
 * service's peak RSS during S1–S3.
 *
 *   flock /tmp/heavy.lock node --import tsx infra/bench/exam-scale.mts [--n 500] [--conns 200] [--port 59400] [--batch 5]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PaperCalls, QuType } from '@exam/contracts';
import { hashPassword } from '@exam/server-kit';
import { Pool } from 'undici';
import { herdStart } from './herd.mts';
import { callRecorder, closedLoop, header, row, stats } from './load.mts';
import { benchReport, benchSessions, pgbenchUpsert, secs, startBenchTopology, wait } from './distributed.mts';
import { EXAM_ID, PASSWORD, insertBanks, insertExam, insertLearners, userId } from './exam-scale-setup.mts';
import { type Ledger, answerFor, cpuMeter, integrity, rssSampler } from './exam-scale-check.mts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '5000' },
    conns: { type: 'string', default: '200' },
    port: { type: 'string', default: '59400' },
    'save-secs': { type: 'string', default: '15' },
    batch: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
    // `--only s1`: the start storm alone (for profiling it: DIST_NODE_ARGS="--cpu-prof …" and the printed monotonic window);
    // `--only herd`: the start storm as N separate connections (herd.mts).
    only: { type: 'string' },
  },
});
const N = Number(args.n);
const CONNS = Number(args.conns);
const PORT = Number(args.port);
const DIR = `/tmp/bench-scale-${PORT}`;
const t0 = performance.now();

// ---- the distributed mode on ports of our own: PG PORT, Redis PORT+1, gateway PORT+2, services PORT+10…
const { topo, services, db, upSec } = await startBenchTopology(PORT, DIR, {
  DEMO_DATA: '0',
  REDIS_PREFIX: 'scale:',
  LOG_LEVEL: 'warn',
});
let stopped = false;
let pool: Pool | undefined;
const stopAll = async () => {
  if (stopped) return;
  stopped = true;
  await pool?.close().catch(() => {});
  if (!args.keep) await topo.stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  // ---- setup: learners, banks, exam in SQL; sessions through the session store's own API (as sign-in makes them)
  const ts = performance.now();
  await insertLearners(db, N, await hashPassword(PASSWORD));
  await insertBanks(db);
  await insertExam(db);
  const tokens = await benchSessions(
    topo.env,
    'scale:',
    7 * 86400,
    Array.from({ length: N }, (_, i) => userId(i)),
  );
  pool = new Pool(topo.gateway, {
    connections: CONNS,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });

  // ---- one client for every call: latency per call name, errors with a few samples
  const { post, lat, errs, errSamples, calls, errorsOf, reset } = callRecorder(pool);
  // A real sign-in for a few learners: the stored hash and the login path work (not timed: argon2 by design).
  for (let i = 0; i < Math.min(4, N); i++) {
    const r = await post<{ token: string }>(
      'login',
      '/api/sys/user/login',
      { username: `scale${i}`, password: PASSWORD },
      '',
    );
    if (!r?.token) throw new Error(`sign-in through the gateway failed: ${errSamples.join('; ')}`);
  }
  delete lat.login;
  const setupSec = (performance.now() - ts) / 1000;

  const report = benchReport();
  const say = report.say;

  say(
    `exam-scale: N=${N} learners, ${CONNS} keep-alive connections through nginx; services ${services.map((s) => s.name).join(', ')}`,
  );
  say(
    `topology up in ${upSec.toFixed(1)} s; setup (learners, 2,400 questions, exam, sessions) ${setupSec.toFixed(1)} s`,
  );

  // ---- baseline: a trivial authenticated call, 4 per learner, CONNS at a time, after a warm-up that opens the
  // connections and lets every replica compile its hot code (not recorded)
  await Promise.all(
    tokens.slice(0, Math.max(CONNS * 4, 1000)).map((t) => post('warm-up', '/api/sys/user/info', {}, t)),
  );
  delete lat['warm-up'];
  const baseSec = await (async () => {
    let next = 0;
    const s = performance.now();
    await Promise.all(
      Array.from({ length: Math.min(CONNS, N) }, async () => {
        while (next < N) {
          const i = next++;
          for (let k = 0; k < 4; k++) await post('baseline', '/api/sys/user/info', {}, tokens[i]);
        }
      }),
    );
    return (performance.now() - s) / 1000;
  })();
  const baseStats = stats(lat.baseline);
  const baseRps = lat.baseline.length / baseSec;
  say(
    `\nbaseline /api/sys/user/info: ${baseRps.toFixed(0)} req/s, p50 ${baseStats.p50.toFixed(1)} ms, p99 ${baseStats.p99.toFixed(1)} ms, errors ${errs.baseline ?? 0}`,
  );
  reset();

  // ---- pgbench: one-row upsert, same PostgreSQL, same durability
  const PGB_CLIENTS = 16;
  const pgb = await pgbenchUpsert(db, PORT, DIR, PGB_CLIENTS);
  const pgbTps = pgb.tps;
  say(
    `pgbench single-row upsert: ${pgbTps.toFixed(0)} TPS (${PGB_CLIENTS} clients, 10 s; ${pgb.durability})${pgb.failure}`,
  );

  const rss = rssSampler(topo.procs);
  const pidIn = (file: string) => Number(readFileSync(file, 'utf8').split('\n')[0]);
  const cpu = cpuMeter(() => ({
    ...Object.fromEntries(
      Object.entries(topo.procs as Record<string, { child?: { pid?: number } }>).map(([k, p]) => [
        k,
        p.child?.pid ?? 0,
      ]),
    ),
    postgres: pidIn(`${DIR}/pg/postmaster.pid`),
    redis: pidIn(`${DIR}/redis/redis.pid`),
    'load generator': process.pid,
  }));
  const ledger: Ledger = new Map();

  // ---- `--only herd`: the start storm as N separate connections released at once (herd.mts), then stop.
  if (args.only === 'herd') {
    const h = await herdStart({
      gateway: topo.gateway,
      tokens,
      createUrl: PaperCalls.createPaper.url,
      viewUrl: PaperCalls.paperView.url,
      examId: EXAM_ID,
    });
    const u = h.perExaminee;
    say(`\nS1 as ${N} separate connections released at once (busy replies sent again after Retry-After):`);
    say(
      `  screens fully served: ${h.served}/${N}; last at ${secs(h.lastMs)} s; per examinee p50 ${secs(u.p50)} s, p95 ${secs(u.p95)} s, p99 ${secs(u.p99)} s   [target: 0 errors, no reset, no 502, last ≤ 15 s]`,
    );
    say(
      `  busy replies (503, sent again): ${h.busyReplies}; errors ${JSON.stringify(h.errors)} ${h.samples.join(' | ')}`,
    );
    say(`  ${cpu.lap()}`);
    report.save(`${DIR}.txt`);
    await db.end();
    await stopAll();
    process.exit(0);
  }

  // ---- S1: start storm
  const viewCall = Object.values(PaperCalls).find((c) => /paper-view|full-paper|paper-full/.test(c.url));
  type Screen = { paperId: string; qus: any[] };
  type ScreenLayoutQu = { quId: string; quType: number; optOrder: Record<string, string[]> };
  // A 100-question view is ~77 KB; one far shorter is not a whole paper.
  const VIEW_BYTES = { minBytes: 40_000 };
  const screens: (Screen | undefined)[] = Array.from({ length: N });
  const userMs: number[] = [];
  const unparsed: { i: number; paperId: string }[] = [];
  const monoUs = () => process.hrtime.bigint() / 1000n; // the clock of V8's CPU profiles
  {
    const start = performance.now();
    const startUs = monoUs();
    await Promise.all(
      tokens.map(async (token, i) => {
        const paper = await post<{ id: string }>(
          'create-paper',
          PaperCalls.createPaper.url,
          { examId: EXAM_ID },
          token,
        );
        if (!paper) return;
        let qus: any[] = [];
        if (viewCall) {
          // One view in 50 parsed in full; the others checked by status, envelope and size (≥ 100 questions' worth)
          // and their screens made from the stored layouts after the storm (below).
          const full = i % 50 === 0;
          const v = await post<any>('paper-view', viewCall.url, { id: paper.id }, token, full ? undefined : VIEW_BYTES);
          if (v === null) {
            unparsed.push({ i, paperId: paper.id });
            userMs.push(performance.now() - start);
            return;
          }
          qus = v ? (v.quList ?? v.groupList?.flatMap((g: any) => g.quList) ?? []) : [];
        } else {
          const d = await post<any>('paper-detail', PaperCalls.paperDetail.url, { id: paper.id }, token);
          for (const item of d?.groupList.flatMap((g: any) => g.quList) ?? []) {
            const q = await post<any>(
              'qu-detail',
              PaperCalls.quDetail.url,
              { paperId: paper.id, quId: item.quId },
              token,
            );
            if (q) qus.push(q);
          }
        }
        if (qus.length === 100) {
          // Only what saving needs: 5,000 full views would weigh on this process.
          screens[i] = {
            paperId: paper.id,
            qus: qus.map((q) => ({
              quId: q.quId,
              quType: q.quType,
              answerList: q.answerList.map((o: any) => ({ id: o.id })),
              blankCount: q.blankCount,
              rightList: q.rightList,
            })),
          };
          userMs.push(performance.now() - start);
        }
      }),
    );
    const total = performance.now() - start;
    const names = ['create-paper', 'paper-view', 'paper-detail', 'qu-detail'];
    const reqs = names.reduce((n, k) => n + (lat[k]?.length ?? 0), 0);
    const u = stats(userMs);
    say(
      `\nS1 start storm (${viewCall ? `one-call view ${viewCall.url}` : 'paper-detail + qu-detail per question'}): ${reqs} requests in ${secs(total)} s (${(reqs / (total / 1000)).toFixed(0)} req/s, ${(reqs / (total / 1000) / baseRps).toFixed(2)}× baseline req/s)`,
    );
    say(
      `  screens fully served: ${userMs.length}/${N}; last at ${secs(u.max)} s; per examinee p50 ${secs(u.p50)} s, p95 ${secs(u.p95)} s, p99 ${secs(u.p99)} s   [target: last ≤ 10 s, p99 ≤ 3 s, 0 errors]`,
    );
    say(header);
    for (const l of calls(names, baseStats.p50)) say(l);
    say(`  errors ${errorsOf(names)}`);
    say(`  ${cpu.lap()}`);
    say(`  (monotonic µs ${startUs}–${monoUs()})`);
    reset();
  }
  if (args.only === 's1') {
    report.save(`${DIR}.txt`);
    await db.end();
    await stopAll();
    process.exit(0);
  }

  // ---- the screens of the views checked but not parsed, from their stored layouts (what the view is built from:
  // the option order per question; a matching question's right-hand items from its options), not timed
  if (unparsed.length) {
    const { rows } = await db.query<{ id: string; qus: string }>('select id, qus from el_paper where id = any($1)', [
      unparsed.map((u) => u.paperId),
    ]);
    const layouts = new Map(rows.map((r) => [r.id, JSON.parse(r.qus) as ScreenLayoutQu[]]));
    const matchIds = [
      ...new Set(
        [...layouts.values()]
          .flat()
          .filter((l) => l.quType === QuType.MATCH)
          .map((l) => l.quId),
      ),
    ];
    const rights = new Map<string, string[]>();
    for (const r of (
      await db.query<{ qu_id: string; answer: string }>(
        'select qu_id, answer from el_qu_answer where qu_id = any($1) order by sort',
        [matchIds],
      )
    ).rows)
      rights.set(r.qu_id, [...(rights.get(r.qu_id) ?? []), r.answer]);
    for (const { i, paperId } of unparsed) {
      const qus = (layouts.get(paperId) ?? []).map((l) => {
        const ids = l.optOrder[l.quId] ?? [];
        return {
          quId: l.quId,
          quType: l.quType,
          answerList: l.quType === QuType.FILL ? [] : ids.map((id) => ({ id })),
          blankCount: l.quType === QuType.FILL ? ids.length : 0,
          rightList: rights.get(l.quId) ?? [],
        };
      });
      if (qus.length === 100) screens[i] = { paperId, qus };
    }
  }

  // ---- S2: autosave. Each learner saves its questions in order (one save in flight per learner); seq grows per paper.
  const seqs = new Map<string, number>();
  async function save(i: number, k: number) {
    const sc = screens[i]!;
    const q = sc.qus[k % sc.qus.length];
    const seq = (seqs.get(sc.paperId) ?? 0) + 1;
    seqs.set(sc.paperId, seq);
    const r = await post<{ seq: number; stale: boolean }>(
      'fill-answer',
      PaperCalls.fillAnswer.url,
      { paperId: sc.paperId, quId: q.quId, seq, ...answerFor(q, seq) },
      tokens[i],
    );
    const key = `${sc.paperId}/${q.quId}`;
    if (r && !r.stale && seq > (ledger.get(key) ?? 0)) ledger.set(key, seq);
  }
  // The exam screen's batch: the saves it queued for one paper in one call (fill-answers), when the contract has it.
  const batchCall = (PaperCalls as Record<string, { url: string }>).fillAnswers;
  async function saveBatch(i: number, k: number, size: number) {
    const sc = screens[i]!;
    let seq = seqs.get(sc.paperId) ?? 0;
    const items = Array.from({ length: size }, (_, j) => {
      const q = sc.qus[(k + j) % sc.qus.length];
      seq++;
      return { quId: q.quId, seq, ...answerFor(q, seq) };
    });
    seqs.set(sc.paperId, seq);
    const r = await post<{ list: { quId: string; stale: boolean }[] }>(
      'fill-answers',
      batchCall.url,
      { paperId: sc.paperId, items },
      tokens[i],
    );
    for (const [j, res] of (r?.list ?? []).entries()) {
      const key = `${sc.paperId}/${res.quId}`;
      if (!res.stale && items[j].seq > (ledger.get(key) ?? 0)) ledger.set(key, items[j].seq);
    }
  }
  const ready = screens.flatMap((s, i) => (s ? [i] : []));
  if (!ready.length) throw new Error(`no paper was served: ${errSamples.join('; ')}`);
  const cursor = new Map<number, number>();
  const loop = (ms: number, perCall: number, work: (i: number, k: number) => Promise<void>) =>
    closedLoop(ready, CONNS, cursor, ms, perCall, work);
  {
    const SUSTAIN_MS = Number(args['save-secs']) * 1000;
    const ratio = (sps: number) => `${pgbTps ? ((100 * sps) / pgbTps).toFixed(0) : '?'} % of pgbench's upsert TPS`;
    const total = await loop(SUSTAIN_MS, 1, save);
    const n = lat['fill-answer']?.length ?? 0;
    const sps = n / (total / 1000);
    say(
      `\nS2 autosave, sustained fill-answer (${CONNS} in flight, ${secs(total)} s): ${sps.toFixed(0)} saves/s = ${ratio(sps)}   [target ≥ 60 %]`,
    );
    say(header);
    for (const l of calls(['fill-answer'], baseStats.p50)) say(l);
    say(`  errors ${errs['fill-answer'] ?? 0}`);
    say(`  ${cpu.lap()}`);
    reset();
    if (batchCall) {
      const BATCH = Number(args.batch);
      const t = await loop(SUSTAIN_MS, BATCH, (i, k) => saveBatch(i, k, BATCH));
      const calls5 = lat['fill-answers']?.length ?? 0;
      const bps = (calls5 * BATCH) / (t / 1000);
      say(
        `S2 autosave, sustained fill-answers with ${BATCH} queued saves per call: ${bps.toFixed(0)} saves/s (${(calls5 / (t / 1000)).toFixed(0)} calls/s) = ${ratio(bps)}`,
      );
      say(header);
      for (const l of calls(['fill-answers'], baseStats.p50)) say(l);
      say(`  errors ${errs['fill-answers'] ?? 0}`);
      say(`  ${cpu.lap()}`);
      reset();
    }
    const errsBefore = errs['fill-answer'] ?? 0;
    // Open loop at 150 saves/s for 10 s: each tick starts the saves due, whatever the replies do.
    const RATE = 150;
    const DURATION = 10_000;
    const inflight: Promise<void>[] = [];
    const s2 = performance.now();
    let sent = 0;
    while (performance.now() - s2 < DURATION) {
      const due = Math.floor(((performance.now() - s2) / 1000) * RATE);
      for (; sent < due; sent++) {
        const i = ready[sent % ready.length];
        const k = cursor.get(i) ?? 0;
        cursor.set(i, k + 1);
        inflight.push(save(i, k));
      }
      await wait(2);
    }
    await Promise.all(inflight);
    const f = stats(lat['fill-answer'] ?? []);
    say(
      `S2 autosave at ${RATE} saves/s for ${DURATION / 1000} s: ${f.n} saves, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, errors ${(errs['fill-answer'] ?? 0) - errsBefore}   [target p99 ≤ 100 ms]`,
    );
    say(`  ${cpu.lap()}`);
    reset();
  }

  // ---- S3: hand-in cliff. 10 % reach their deadline (moved into the past: the server's sweeper hands them in);
  // the others hand in spread over one second.
  {
    const byServer = ready.filter((_, k) => k % 10 === 9);
    const byLearner = ready.filter((_, k) => k % 10 !== 9);
    const start = performance.now();
    const startUs = monoUs();
    await db.query(`update el_paper set limit_time = now() - interval '20 seconds' where id = any($1)`, [
      byServer.map((i) => screens[i]!.paperId),
    ]);
    const hands = byLearner.map(async (i, k) => {
      await wait((k / byLearner.length) * 1000);
      await post('hand-exam', PaperCalls.handExam.url, { id: screens[i]!.paperId }, tokens[i]);
    });
    let storedAt = 0;
    let gradedAt = 0;
    const deadline = start + 120_000;
    while ((!storedAt || !gradedAt) && performance.now() < deadline) {
      const {
        rows: [c],
      } = await db.query(
        `select count(*) filter (where state <> 0)::int stored, count(*) filter (where state in (1, 2))::int graded from el_paper where exam_id = $1`,
        [EXAM_ID],
      );
      if (!storedAt && c.stored >= ready.length) storedAt = performance.now() - start;
      if (!gradedAt && c.graded >= ready.length) gradedAt = performance.now() - start;
      await wait(100);
    }
    await Promise.all(hands);
    const h = stats(lat['hand-exam'] ?? []);
    say(
      `\nS3 hand-in cliff: ${byLearner.length} hand-ins within 1 s + ${byServer.length} deadline hand-ins by the server`,
    );
    say(
      `  all stored as handed in after ${storedAt ? secs(storedAt) : '> 120'} s [target ≤ 10 s], all graded after ${gradedAt ? secs(gradedAt) : '> 120'} s [target ≤ 20 s]`,
    );
    say(header);
    say(row('hand-exam', lat['hand-exam'] ?? [], baseStats.p50));
    say(`  errors ${errs['hand-exam'] ?? 0}; hand-exam p99 ${h.p99.toFixed(0)} ms`);
    say(`  ${cpu.lap()}`);
    say(`  (monotonic µs ${startUs}–${monoUs()})`);
  }
  const peaks = rss.stop();

  // ---- integrity and memory
  const problems = await integrity(
    db,
    ledger,
    ready.map((i) => ({ userId: userId(i), paperId: screens[i]!.paperId })),
  );
  say(
    `\nintegrity: ${ledger.size} acknowledged saves checked, ${ready.length} papers; ${problems.length ? `${problems.length} PROBLEMS:\n    ${problems.slice(0, 10).join('\n    ')}` : 'nothing lost, every paper graded exactly once'}`,
  );
  say(
    `peak RSS during S1–S3 (MiB): ${Object.entries(peaks)
      .map(([k, v]) => `${k} ${(v / 1024).toFixed(0)}`)
      .join(', ')}`,
  );
  if (errSamples.length) say(`error samples:\n    ${errSamples.join('\n    ')}`);
  say(`wall time ${secs(performance.now() - t0)} s`);
  report.save(`${DIR}.txt`);
  await db.end();
} finally {
  await stopAll();
}
process.exit(0);
