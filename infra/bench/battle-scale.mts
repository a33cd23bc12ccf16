/**
 * Battles at scale (issue 39; a script, not a test). The distributed mode on ports of its own (durable PostgreSQL,
 * Redis, two replicas of every service behind the nginx gateway), N learners (default 2,000) and the scale banks, then:
 *   baseline  a trivial authenticated call (/api/sys/user/info) with the same client, and pgbench's upsert;
 *   hosted    one contest of N players: all join by code and hold the battle socket through the gateway (round robin:
 *             the room spans both replicas); per question, the time from its opening (the server's stored clock) to
 *             each socket's receipt; N answers in a 5 s burst (all recorded and scored); the host closes the question:
 *             the time from the reveal to each socket's receipt of it (with the leaders and its own place);
 *   duels     the same N learners tap 开始匹配 at one barrier: time until each knows its room (the match reply or the
 *             socket's 'matched'), then every room checked in the database (two players, nobody twice).
 * Memory per connection: the battle replicas' RSS with the sockets open minus before, per socket.
 *
 *   flock /tmp/heavy.lock node --import tsx infra/bench/battle-scale.mts [--n 2000] [--questions 3] [--port 59600] [--duels-only]
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  BATTLE_SOCKET_PATH,
  BattleHostCalls,
  BattleMode,
  BattlePlayCalls,
  type RoundState,
  RoundPhase,
  WS_TOKEN_PROTOCOL,
} from '@exam/contracts';
import { hashPassword } from '@exam/server-kit';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { pct } from './bench-server.mts';
import { callRecorder } from './load.mts';
import { benchReport, benchSessions, pgbenchUpsert, startBenchTopology, wait } from './distributed.mts';
import { PASSWORD, insertBanks, insertLearners, userId } from './exam-scale-setup.mts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    questions: { type: 'string', default: '3' },
    conns: { type: 'string', default: '200' },
    port: { type: 'string', default: '59600' },
    // Only the duels (a quicker run while working on matching).
    'duels-only': { type: 'boolean', default: false },
  },
});
const N = Number(args.n);
const Q = Number(args.questions);
const PORT = Number(args.port);
const DIR = `/tmp/bench-battle-${PORT}`;

const { topo, services, db } = await startBenchTopology(PORT, DIR, {
  DEMO_DATA: '0',
  REDIS_PREFIX: 'bb:',
  LOG_LEVEL: 'warn',
});
db.on('error', () => undefined); // the topology stops PostgreSQL under it at the end
const pool = new Pool(topo.gateway, { connections: Number(args.conns), pipelining: 1, keepAliveTimeout: 60_000 });
const client = callRecorder(pool);
const errs = client.errSamples;
/** A call through the gateway, timed under its path (load.mts). */
const post = <T,>(path: string, body: unknown, token: string) => client.post<T>(path, path, body, token);
const sockets: WebSocket[] = [];
const stopAll = async () => {
  for (const s of sockets) s.terminate();
  await pool.close().catch(() => {});
  await topo.stop();
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (v = 0) => v.toFixed(0);
  return `n ${s.length}, p50 ${f(pct(s, 50))} ms, p99 ${f(pct(s, 99))} ms, max ${f(s.at(-1))} ms`;
};
const rssMb = (pid?: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const battleRss = () =>
  Object.entries(topo.procs as Record<string, { child?: { pid?: number } }>)
    .filter(([name]) => name.startsWith('battle'))
    .reduce((sum, [, p]) => sum + rssMb(p.child?.pid), 0);
/** Runs `fn` over `items` with at most `width` at a time. */
async function limited<T>(items: T[], width: number, fn: (x: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

const report = benchReport();
const say = report.say;
try {
  // ---- setup in SQL: learners, the scale banks, a hosted contest and a duel over them; sessions from the store
  await insertLearners(db, N, await hashPassword(PASSWORD));
  await insertBanks(db);
  const base = `repo_ids, qu_types, levels, qu_count, qu_seconds, right_score, speed_bonus, open_type, state`;
  const banks = `'["scale-r1","scale-r2","scale-r3","scale-r4"]'::jsonb, '[]'::jsonb, '[]'::jsonb`;
  await db.query(`insert into el_battle (id, title, mode, ${base}) values
    ('bb-hosted', '规模主持赛', ${BattleMode.HOSTED}, ${banks}, ${Q}, 20, 100, 50, 1, 0),
    ('bb-duel', '规模双人赛', ${BattleMode.DUEL}, ${banks}, 5, 15, 100, 50, 1, 0)`);
  // The host: an account with the super admin role (the demo admin is not seeded here).
  await db.query(
    `insert into sys_user (id, user_name, real_name, password) values ('bb-host', 'bbhost', '主持人', 'x')`,
  );
  await db.query(`insert into sys_user_role (user_id, role_id) values ('bb-host', 'sa')`);
  const ids = Array.from({ length: N }, (_, i) => userId(i));
  const [host, ...tokens] = await benchSessions(topo.env, 'bb:', 7 * 86400, ['bb-host', ...ids]);
  say(`battle-scale: N=${N}, ${Q} hosted questions; services ${services.map((s) => s.name).join(', ')}`);

  // ---- baselines
  const trivial: number[] = [];
  for (let i = 0; i < 300; i++) {
    const s = performance.now();
    await post('/api/sys/user/info', {}, tokens[i % N]!);
    trivial.push(performance.now() - s);
  }
  const pgb = await pgbenchUpsert(db, PORT, DIR, 16);
  say(
    `baseline: trivial call ${stats(trivial)}; pgbench upsert ${pgb.tps.toFixed(0)} tps (${pgb.durability})${pgb.failure}`,
  );

  // ---- the players' sockets, through the gateway, every message timed on arrival
  type Got = { at: number; state?: RoundState; type: string; roundId?: string };
  const inbox: Got[][] = tokens.map(() => []);
  const rss0 = battleRss();
  await limited(tokens, 100, async (token, i) => {
    const ws = new WebSocket(`${topo.gateway.replace('http', 'ws')}${BATTLE_SOCKET_PATH}`, [WS_TOKEN_PROTOCOL, token]);
    ws.on('message', (d) => {
      const text = d.toString();
      if (text === 'pong') return;
      const m = JSON.parse(text) as { type: string; state?: RoundState; roundId?: string };
      inbox[i]!.push({ at: Date.now(), ...m });
    });
    ws.on('error', () => undefined);
    await new Promise<void>((ok, fail) => {
      ws.once('open', () => ok());
      ws.once('error', fail);
    });
    sockets.push(ws);
  });
  await wait(1000);
  const perSocketKb = ((battleRss() - rss0) * 1024) / N;
  say(
    `sockets: ${sockets.length} open on the battle replicas; memory ${perSocketKb.toFixed(1)} KB per connection (RSS growth / sockets)`,
  );

  // ---- hosted contest
  if (!args['duels-only']) await hosted();
  async function hosted() {
    const opened = await post<{ roundId: string; code: string }>(
      BattleHostCalls.open.url,
      { battleId: 'bb-hosted' },
      host!,
    );
    if (!opened) throw new Error(`open: ${errs.join('; ')}`);
    const { roundId, code } = opened;
    const tj = performance.now();
    await limited(tokens, 100, async (t) => void (await post(BattlePlayCalls.join.url, { code }, t)));
    say(`hosted: ${N} joined in ${((performance.now() - tj) / 1000).toFixed(1)} s`);
    // A joined player's open socket follows the round (the join announces it on the player's own channel).
    await wait(2000);
    await post(BattleHostCalls.start.url, { roundId }, host!);
    const openAt = async (seq: number, phase: number) => {
      for (;;) {
        const { rows } = await db.query(`select seq, phase, phase_at from el_battle_round where id = $1`, [roundId]);
        if (rows[0].seq === seq && rows[0].phase === phase) return Number(rows[0].phase_at);
        await wait(50);
      }
    };
    const receipt = (seq: number, phase: number) =>
      inbox.map((b) => b.find((m) => m.state?.seq === seq && m.state.phase === phase)?.at ?? Number.NaN);
    for (let seq = 0; seq < Q; seq++) {
      const opensAt = await openAt(seq, RoundPhase.QUESTION);
      await wait(1500);
      const pushed = receipt(seq, RoundPhase.QUESTION);
      const missing = pushed.filter(Number.isNaN).length;
      say(
        `  question ${seq + 1}: pushed to all ${stats(pushed.filter((x) => !Number.isNaN(x)).map((x) => x - opensAt))}; not received ${missing}`,
      );
      const q = inbox[0]!.find((m) => m.state?.seq === seq && m.state.phase === RoundPhase.QUESTION)!.state!.question!;
      // N answers spread over 5 s: each player picks an option (the first, or the first two of a multiple choice).
      const ts = performance.now();
      let accepted = 0;
      await Promise.all(
        tokens.map(async (t, i) => {
          await wait(Math.random() * 5000);
          const answers =
            q.quType === 2 ? q.answerList.slice(0, 2).map((o) => o.id) : [q.answerList[i % q.answerList.length]!.id];
          if (await post(BattlePlayCalls.answer.url, { roundId, seq, answers }, t)) accepted++;
        }),
      );
      const burst = (performance.now() - ts) / 1000;
      const {
        rows: [c],
      } = await db.query(
        `select count(*)::int n, count(*) filter (where "right")::int r from el_battle_answer where round_id = $1 and seq = $2`,
        [roundId, seq],
      );
      say(`  answers: ${accepted} accepted in ${burst.toFixed(1)} s, ${c.n} stored (${c.r} right)`);
      // Everyone answered: the server closed it already; else the host does.
      const {
        rows: [now],
      } = await db.query(`select phase from el_battle_round where id = $1`, [roundId]);
      if (now.phase === RoundPhase.QUESTION) await post(BattleHostCalls.next.url, { roundId }, host!);
      const revealAt = await openAt(seq, RoundPhase.REVEAL);
      await wait(1500);
      const shown = receipt(seq, RoundPhase.REVEAL);
      const withPlace = inbox.filter(
        (b) => b.find((m) => m.state?.seq === seq && m.state.phase === RoundPhase.REVEAL)?.state?.me?.rank,
      ).length;
      say(
        `  reveal with leaders: ${stats(shown.filter((x) => !Number.isNaN(x)).map((x) => x - revealAt))}; with their own place ${withPlace}`,
      );
      if (seq + 1 < Q) await post(BattleHostCalls.next.url, { roundId }, host!);
    }
    await post(BattleHostCalls.close.url, { roundId }, host!);
    const {
      rows: [scored],
    } = await db.query(
      `select count(*)::int n, count(*) filter (where p.score = (select coalesce(sum(a.score), 0) from el_battle_answer a where a.round_id = p.round_id and a.user_id = p.user_id))::int ok
     from el_battle_player p where round_id = $1`,
      [roundId],
    );
    say(`hosted: ${scored.ok} of ${scored.n} players' scores equal the sum of their stored answers`);
  }

  // ---- baselines of the duel burst: N trivial calls at one barrier, to the system and to the battle service
  for (const path of ['/api/sys/user/info', BattlePlayCalls.current.url]) {
    const tb = Date.now();
    const done: number[] = [];
    await Promise.all(tokens.map(async (t) => void ((await post(path, {}, t)) && done.push(Date.now() - tb))));
    say(`burst baseline ${path}: ${stats(done)}`);
  }

  // ---- duels: everyone taps 开始匹配 at once
  inbox.forEach((b) => (b.length = 0));
  await wait(500);
  const t0 = Date.now();
  const matchedAt: number[] = Array(N).fill(Number.NaN);
  const replied: number[] = [];
  await Promise.all(
    tokens.map(async (t, i) => {
      const r = await post<{ roundId: string }>(BattlePlayCalls.match.url, { battleId: 'bb-duel' }, t);
      replied.push(Date.now() - t0);
      if (r?.roundId) matchedAt[i] = Date.now();
    }),
  );
  await wait(3000);
  inbox.forEach((b, i) => {
    const m = b.find((x) => x.type === 'matched');
    if (m && Number.isNaN(matchedAt[i]!)) matchedAt[i] = m.at;
  });
  const got = matchedAt.filter((x) => !Number.isNaN(x)).map((x) => x - t0);
  const {
    rows: [rooms],
  } =
    await db.query(`select count(distinct round_id)::int rooms, count(*)::int players, count(distinct user_id)::int users,
      (select count(*) from (select round_id from el_battle_player where battle_id = 'bb-duel' group by round_id having count(*) <> 2) x)::int odd
    from el_battle_player where battle_id = 'bb-duel'`);
  say(`duels: time to a room ${stats(got)}; unmatched ${N - got.length}`);
  // Apart: the match call's own reply, and the socket's news for the learner who waited (where the time goes).
  const byNews = inbox.flatMap((b) => b.filter((m) => m.type === 'matched').map((m) => m.at - t0));
  say(`duels: match replies ${stats(replied)}; 'matched' on the socket ${stats(byNews)}`);
  say(
    `duels: ${rooms.rooms} rooms, ${rooms.players} places for ${rooms.users} learners (double-booked ${rooms.players - rooms.users}), rooms not of two ${rooms.odd}`,
  );
  if (errs.length) say(`errors (first ${errs.length}): ${errs.join(' | ')}`);
  report.save(`${DIR}.txt`);
} finally {
  await stopAll();
}
