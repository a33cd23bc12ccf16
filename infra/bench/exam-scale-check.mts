/**
 * What exam-scale.mts checks and samples: answers of the right shape per question type (varying with the
 * save's sequence, so the stored one tells which save won), the integrity check against the database,
 * and the peak resident memory of every supervised process.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type pg from 'pg';

/** `paperId/quId` → sequence of the last acknowledged save. */
export type Ledger = Map<string, number>;

/** An answer for the question as the learner's view shows it (options, blanks, matching items). */
export function answerFor(
  q: { quType: number; answerList: { id: string }[]; blankCount: number; rightList: string[] },
  seq: number,
): Record<string, unknown> {
  const opts = q.answerList ?? [];
  switch (q.quType) {
    case 4:
      return { answer: `作业前检查设备，佩戴防护用品，按规程操作（第${seq}次保存）。` };
    case 5:
      return { blanks: Array.from({ length: q.blankCount }, (_, j) => `答案${(seq + j) % 3}`) };
    case 6:
      return { pairs: opts.map((_, j) => q.rightList[(j + seq) % q.rightList.length]) };
    case 2:
      return { answers: [...new Set([opts[0].id, opts[seq % opts.length].id])] };
    default:
      return { answers: opts.length ? [opts[seq % opts.length].id] : [] };
  }
}

/**
 * Every acknowledged save is the stored one (same sequence) and answered; every paper is handed in and
 * graded (state 1 or 2, answered questions carry a verdict or wait for review); each learner has one try
 * recorded and no question entered the book twice (grading ran once).
 */
export async function integrity(
  db: pg.Client,
  ledger: Ledger,
  papers: { userId: string; paperId: string }[],
): Promise<string[]> {
  const problems: string[] = [];
  const ids = papers.map((p) => p.paperId);
  const { rows: qus } = await db.query(
    `select paper_id, qu_id, seq, answered, is_right, review from el_paper_qu where paper_id = any($1)`,
    [ids],
  );
  const stored = new Map(qus.map((r) => [`${r.paper_id}/${r.qu_id}`, r]));
  for (const [key, seq] of ledger) {
    const r = stored.get(key);
    if (!r) problems.push(`${key}: acknowledged save has no row`);
    else if (Number(r.seq) !== seq || !r.answered)
      problems.push(`${key}: acknowledged seq ${seq}, stored seq ${r.seq} answered ${r.answered}`);
    else if (r.is_right === null && !r.review) problems.push(`${key}: answered but not graded`);
  }
  const { rows: ps } = await db.query(`select id, state, hand_time from el_paper where id = any($1)`, [ids]);
  for (const p of ps)
    if (![1, 2].includes(p.state) || !p.hand_time)
      problems.push(`paper ${p.id}: state ${p.state}, hand time ${p.hand_time}`);
  if (ps.length !== ids.length) problems.push(`${ids.length - ps.length} papers missing`);
  const users = papers.map((p) => p.userId);
  const { rows: tries } = await db.query(
    `select user_id, try_count from el_exam_user where user_id = any($1) and try_count <> 1`,
    [users],
  );
  for (const t of tries) problems.push(`learner ${t.user_id}: ${t.try_count} tries recorded for one paper`);
  const {
    rows: [eu],
  } = await db.query(`select count(*)::int n from el_exam_user where user_id = any($1)`, [users]);
  if (eu.n !== users.length) problems.push(`${users.length - eu.n} learners without their try recorded`);
  const { rows: book } = await db.query(
    `select user_id, qu_id, wrong_count from el_book where user_id = any($1) and ref_type = 'exam' and wrong_count > 1`,
    [users],
  );
  for (const b of book.slice(0, 20)) problems.push(`book ${b.user_id}/${b.qu_id}: entered ${b.wrong_count} times`);
  return problems;
}

/** VmRSS of a process and its direct children (nginx's workers), in KiB; 0 when it is gone. */
function rssKb(pid: number): number {
  try {
    const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return own + kids.reduce((s, k) => s + rssKb(k), 0);
  } catch {
    return 0;
  }
}

/** Samples every supervised process every 250 ms; stop() returns each one's peak (KiB). */
export function rssSampler(procs: Record<string, { child?: { pid?: number } }>) {
  const peak: Record<string, number> = {};
  const sample = () => {
    for (const [name, p] of Object.entries(procs))
      if (p.child?.pid) peak[name] = Math.max(peak[name] ?? 0, rssKb(p.child.pid));
  };
  sample();
  const timer = setInterval(sample, 250);
  return { stop: () => (clearInterval(timer), sample(), peak) };
}

const TICK = 100; // USER_HZ on Linux
/** CPU seconds a process and its direct children (PostgreSQL's backends, nginx's workers) have used. */
function cpuSec(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = (Number(f[11]) + Number(f[12])) / TICK; // utime, stime
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return own + kids.reduce((s, k) => s + cpuSec(k), 0);
  } catch {
    return 0;
  }
}

/**
 * Where the CPU went during a scenario: CPU seconds per process (every replica, nginx, PostgreSQL with its
 * backends, Redis, this load generator), printed against the machine's capacity (cores × wall time).
 */
export function cpuMeter(pids: () => Record<string, number>) {
  // This process spawned the topology, so its own time is read without its children.
  const own = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const snap = () =>
    Object.fromEntries(Object.entries(pids()).map(([k, pid]) => [k, pid === process.pid ? own() : cpuSec(pid)]));
  let from = snap();
  let t = Date.now();
  return {
    /** "exam-1 12.3 s, … of 2 × 10.0 s" since the last call, largest first. */
    lap() {
      const now = snap();
      const wall = (Date.now() - t) / 1000;
      const used = Object.entries(now)
        .map(([k, v]) => [k, v - (from[k] ?? 0)] as const)
        .filter(([, v]) => v > 0.05)
        .sort((a, b) => b[1] - a[1]);
      const sum = used.reduce((s, [, v]) => s + v, 0);
      from = now;
      t = Date.now();
      return `CPU ${sum.toFixed(1)} s of ${availableParallelism()} cores × ${wall.toFixed(1)} s: ${used.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`;
    },
  };
}
