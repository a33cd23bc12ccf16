/**
 * What every benchmark needs first: a fresh PostgreSQL database of its own, the all-in-one server on it
 * (migrations and demo seed), and a way to stop both; plus the percentile every report uses.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** The p-th percentile of ascending `xs`. */
export const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function startBenchServer(opts: { port: number; adminUrl: string; redisUrl: string; dataDir?: string }) {
  const dbName = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: url.toString() });
  const base = `http://127.0.0.1:${opts.port}`;
  const t0 = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'services/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: opts.redisUrl,
      REDIS_PREFIX: `${dbName}:`,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await db.end().catch(() => {});
    if (!process.env.KEEP_DB) await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  };
  // Migrations and the demo seed (a transcoded video) can take a while on 2 cores.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 1200) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, db, stop, startSec: (performance.now() - t0) / 1000 };
}
