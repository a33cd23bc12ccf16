/**
 * What a load run is made of: one client for every call (latency per call name, errors counted with a few samples),
 * the table rows that print them (count, p50, p95, p99, max, and p50 against a baseline's), and the closed loop.
 */
import { performance } from 'node:perf_hooks';
import type { Client, Pool } from 'undici';
import { pct } from './bench-server.mts';

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] ?? 0 };
};
export const row = (name: string, xs: number[], base?: number) => {
  const s = stats(xs);
  const f = (v: number) => (v ?? 0).toFixed(1).padStart(8);
  return `  ${name.padEnd(14)} ${String(s.n).padStart(7)} ${f(s.p50)} ${f(s.p95)} ${f(s.p99)} ${f(s.max)}${base ? `  ${(s.p50 / base).toFixed(1).padStart(5)}×` : ''}`;
};
export const header = `  ${'call'.padEnd(14)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  p50/base`;

/** Calls through `pool` (POST, JSON, the `token` header), each timed under its name. */
/** One call as the front ends send it: a JSON POST with the session token. */
export const postJson = (to: Pool | Client, path: string, body: unknown, token: string) =>
  to.request({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
  });

export function callRecorder(pool: Pool) {
  const lat: Record<string, number[]> = {};
  const errs: Record<string, number> = {};
  const errSamples: string[] = [];
  /**
   * One call; its reply's data when it answers code 0. With `unparsed` the reply is checked by status, envelope start
   * and size only and answers `null` (the load generator shares the two cores: parsing every 77 KB paper view cost it
   * ~1 ms per examinee; a sample is parsed in full).
   */
  async function post<T = any>(
    name: string,
    path: string,
    body: unknown,
    token: string,
    unparsed?: { minBytes: number },
  ): Promise<T | null | undefined> {
    const s = performance.now();
    try {
      const res = await postJson(pool, path, body, token);
      let json: { code: number; msg: string; data: T | null };
      if (unparsed) {
        const text = await res.body.text();
        const ok = res.statusCode === 200 && text.startsWith('{"code":0,') && text.length >= unparsed.minBytes;
        json = ok ? { code: 0, msg: '', data: null } : (JSON.parse(text) as typeof json);
      } else json = (await res.body.json()) as typeof json;
      (lat[name] ??= []).push(performance.now() - s);
      if (json.code === 0) return json.data;
      errs[name] = (errs[name] ?? 0) + 1;
      if (errSamples.length < 8) errSamples.push(`${name}: ${res.statusCode} ${json.msg}`);
    } catch (e) {
      errs[name] = (errs[name] ?? 0) + 1;
      if (errSamples.length < 8) errSamples.push(`${name}: ${(e as Error).message}`);
    }
    return undefined;
  }
  return {
    post,
    lat,
    errs,
    errSamples,
    /** The rows of the named calls that ran. */
    calls: (names: string[], base: number) => names.filter((k) => lat[k]).map((k) => row(k, lat[k], base)),
    errorsOf: (names: string[]) => names.reduce((n, k) => n + (errs[k] ?? 0), 0),
    /** Forgets the latencies (not the errors) before the next phase. */
    reset: () => {
      for (const k of Object.keys(lat)) delete lat[k];
    },
  };
}

/**
 * A closed loop for `ms`: `conns` workers, each taking the next of the `ready` learners round-robin (one call in flight
 * per learner); `cursor` keeps each learner's next item from one loop to the next. The loop's length in ms.
 */
export async function closedLoop(
  ready: number[],
  conns: number,
  cursor: Map<number, number>,
  ms: number,
  perCall: number,
  work: (i: number, k: number) => Promise<void>,
) {
  let next = 0;
  const busy = new Set<number>();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(conns, ready.length) }, async () => {
      while (performance.now() - start < ms) {
        let i = ready[next++ % ready.length];
        for (let t = 0; busy.has(i) && t < ready.length; t++) i = ready[next++ % ready.length];
        busy.add(i);
        const k = cursor.get(i) ?? 0;
        cursor.set(i, k + perCall);
        await work(i, k);
        busy.delete(i);
      }
    }),
  );
  return performance.now() - start;
}
