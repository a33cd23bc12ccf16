// Shared pieces of the crash checks: start and kill servers, sign in, answer a paper, read it back.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_EXAM = 'e-demo-1';
export const wait = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts one service entry (default: the all-in-one embedded server) as one process (node with tsx as a loader), logging to `log`. */
export function startServer({ entry = 'services/server/src/server.ts', env, log }) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.exited = new Promise((r) => child.on('exit', r));
  return child;
}

/** SIGKILL: nothing gets to flush or clean up. */
export async function killHard(child) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await child.exited;
}

export async function waitHealthy(base, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await wait(200);
  }
  throw new Error(`${base} did not become healthy`);
}

/** One call; returns the envelope ({ code, msg, data }), or throws on a network error or a non-JSON reply. */
export async function call(base, url, body, token, timeoutMs = 10_000) {
  const r = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return r.json();
}

export async function ok(base, url, body, token) {
  const r = await call(base, url, body, token);
  if (r.code !== 0) throw Object.assign(new Error(`${url}: ${r.code} ${r.msg}`), { code: r.code });
  return r.data;
}

export const signIn = async (base, username, password = 'Learner@2026') =>
  (await ok(base, '/api/sys/user/login', { username, password })).token;

/**
 * The learner's open paper of the exam (a new one if none) and its questions in order (id, type), read
 * from the exam screen's calls; `known` keeps the questions of papers already read (they never change).
 */
export async function openPaper(base, token, examId = DEMO_EXAM, known = new Map()) {
  const { id } = await ok(base, '/api/paper/paper/create-paper', { examId }, token);
  if (known.has(id)) return { id, qs: known.get(id) };
  const detail = await ok(base, '/api/paper/paper/paper-detail', { id }, token);
  const qs = [];
  for (const item of detail.groupList.flatMap((g) => g.quList)) {
    const q = await ok(base, '/api/paper/paper/qu-detail', { paperId: id, quId: item.quId }, token);
    qs.push({ quId: q.quId, quType: q.quType, options: q.answerList.map((o) => o.id), blankCount: q.blankCount });
  }
  known.set(id, qs);
  return { id, qs };
}

/**
 * Answer `round` of a question: varies with the round so a later save is told apart from an earlier
 * one. Returns the fill-answer body's answer fields.
 */
export function answerFor(q, round) {
  const pick = (n) => q.options[n % q.options.length];
  switch (q.quType) {
    case 1:
    case 3:
      return { answers: [pick(round)] };
    case 2:
      return { answers: [...new Set([pick(round), pick(round + 1)])] };
    case 4:
      return { answer: `第${round}次作答：遵守规程` };
    case 5:
      return { blanks: Array.from({ length: q.blankCount }, (_, i) => `答${round}-${i}`) };
    default:
      return {};
  }
}

/** The stored answer, in the same shape as answerFor's, read back through qu-detail. */
export async function storedAnswer(base, token, paperId, q) {
  const d = await ok(base, '/api/paper/paper/qu-detail', { paperId, quId: q.quId }, token);
  const a = d.myAnswer ?? {};
  switch (q.quType) {
    case 1:
    case 2:
    case 3:
      return { answers: a.answers ?? [] };
    case 4:
      return { answer: a.text ?? '' };
    case 5:
      return { blanks: a.blanks ?? [] };
    default:
      return {};
  }
}

export const sameAnswer = (a, b) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(a).map(([k, v]) => [k, Array.isArray(v) && k === 'answers' ? [...v].sort() : v])),
  ) ===
  JSON.stringify(
    Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Array.isArray(v) && k === 'answers' ? [...v].sort() : v])),
  );
