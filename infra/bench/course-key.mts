/**
 * HLS key benchmark (not a test): V viewers of one encrypted course video fetch the AES key the way a
 * player that fetches it per segment does, against the all-in-one server on a fresh PostgreSQL database
 * (and Redis when given). The key is served on a play token checked from the cache; the baseline, in the
 * same run and at the same concurrency, is /api/sys/user/info (a session lookup and one row read).
 * Reports p50/p99 of both and their ratio, and checks that a forged token gets 403.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:57850/postgres [BENCH_REDIS_URL=redis://127.0.0.1:57851] \
 *   VIEWERS=200 ROUNDS=20 npx tsx infra/bench/course-key.mts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { patternVideo } from '../../services/course/src/seed/demo-media';
import { pct, startBenchServer } from './bench-server.mts';

const VIEWERS = Number(process.env.VIEWERS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 57860);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:57850/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? '';
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(join(tmpdir(), 'course-key-bench-'));

const { db, stop: stopServer } = await startBenchServer({ port: PORT, adminUrl, redisUrl, dataDir: work });
const stop = async () => {
  await stopServer();
  rmSync(work, { recursive: true, force: true });
};
try {
  const post = async (path: string, body: unknown, token?: string) => {
    const r = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
    });
    const j = (await r.json()) as { code: number; msg: string; data: any };
    if (j.code !== 0) throw new Error(`${path}: ${j.msg}`);
    return j.data;
  };
  const adminToken = (await post('/api/sys/user/login', { username: 'admin', password: 'Admin@2026' })).token;

  // One encrypted HLS video: generated, uploaded, transcoded by the server's job queue.
  const mp4 = join(work, 'bench.mp4');
  await patternVideo(mp4, { size: '320x180', rate: 15 });
  const form = new FormData();
  form.append('file', new Blob([readFileSync(mp4)]), 'bench.mp4');
  const up = await fetch(`${base}/api/course/file/upload`, {
    method: 'POST',
    headers: { token: adminToken },
    body: form,
  });
  const fileId = ((await up.json()) as { data: { id: string } }).data.id;
  for (let i = 0; ; i++) {
    const f = await post('/api/course/file/detail', { id: fileId }, adminToken);
    if (f.state === 0) break;
    if (f.state === 2 || i > 600) throw new Error(`transcoding failed: ${f.stateMsg}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const courseId = (
    await post('/api/course/course/save', { title: '密钥基准课程', openType: 1, fileRefs: [{ fileId }] }, adminToken)
  ).id;

  // Viewers: accounts with the demo learner's password, each signed in and holding a play token.
  await db.connect();
  const {
    rows: [tmpl],
  } = await db.query(`select password, dept_code from sys_user where user_name = 'learner'`);
  for (let i = 0; i < VIEWERS; i++) {
    await db.query(`insert into sys_user (id, user_name, real_name, password, dept_code) values ($1, $2, $3, $4, $5)`, [
      `kb-${i}`,
      `kb${i}`,
      `观众${i}`,
      tmpl.password,
      tmpl.dept_code,
    ]);
    await db.query(`insert into sys_user_role (user_id, role_id) values ($1, 'student')`, [`kb-${i}`]);
  }
  const viewers: { token: string; keyUrl: string }[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const token = (await post('/api/sys/user/login', { username: `kb${i}`, password: 'Learner@2026' })).token;
    const viewUrl = (await post('/api/course/file/detail', { id: fileId, courseId }, token)).viewUrl as string;
    const playlist = await (await fetch(`${base}${viewUrl}`, { headers: { token } })).text();
    const keyUrl = /URI="([^"]+)"/.exec(playlist)?.[1];
    if (!keyUrl) throw new Error('no key uri in the playlist');
    viewers.push({ token, keyUrl });
  }

  async function measure(label: string, one: (v: (typeof viewers)[number]) => Promise<void>) {
    const times: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      viewers.map(async (v) => {
        for (let r = 0; r < ROUNDS; r++) {
          const s = performance.now();
          await one(v);
          times.push(performance.now() - s);
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    const res = { label, n: times.length, p50: pct(times, 50), p99: pct(times, 99), rps: times.length / secs };
    console.log(
      `${label.padEnd(28)} n=${res.n}  p50=${res.p50.toFixed(2)} ms  p99=${res.p99.toFixed(2)} ms  ${res.rps.toFixed(0)} req/s`,
    );
    return res;
  }
  const expectOk = (r: Response) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
  };
  console.log(
    `\n${VIEWERS} concurrent viewers, ${ROUNDS} requests each (${redisUrl ? 'Redis' : 'in-process'} cache, PostgreSQL)`,
  );
  // Warm-up, then the baseline and the key endpoint, each twice (the second figure is reported).
  await measure('warm-up user/info', async (v) =>
    expectOk(
      await fetch(`${base}/api/sys/user/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token: v.token },
        body: '{}',
      }),
    ),
  );
  const baseline = await measure('baseline /api/sys/user/info', async (v) => {
    const r = await fetch(`${base}/api/sys/user/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: v.token },
      body: '{}',
    });
    expectOk(r);
    await r.arrayBuffer();
  });
  const key = await measure('HLS key (play token)', async (v) => {
    const r = await fetch(`${base}${v.keyUrl}`, { headers: { token: v.token } });
    expectOk(r);
    if ((await r.arrayBuffer()).byteLength !== 16) throw new Error('key is not 16 bytes');
  });
  console.log(
    `key/baseline p50 ratio ${(key.p50 / baseline.p50).toFixed(2)}, p99 ratio ${(key.p99 / baseline.p99).toFixed(2)}`,
  );
  const forged = await fetch(`${base}/api/course/play/${'0'.repeat(64)}/key`);
  const other = await fetch(`${base}${viewers[0].keyUrl}`, { headers: { token: viewers[1].token } });
  console.log(`forged token → ${forged.status}, another viewer's token → ${other.status}`);
  if (forged.status !== 403 || other.status !== 403) throw new Error('key served without a valid token');
} finally {
  await stop();
}
