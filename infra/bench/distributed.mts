/**
 * What the benchmarks on the distributed mode share: the topology on ports of their own, sessions made through the
 * session store's own API (as sign-in makes them), PostgreSQL's own upsert baseline, and the report they print and keep.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createSessions, openDb, openInfra } from '@exam/server-kit';
import pg from 'pg';
import { pgBin } from '../scripts/local-servers.mjs';
import { SERVICES, startTopology } from '../scripts/start-distributed.mjs';

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const secs = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The distributed mode as start-distributed.mjs runs it (durable PostgreSQL, Redis, every service behind the nginx
 * gateway), fresh under `dir`: PostgreSQL on `port`, Redis on port+1, the gateway on port+2, the services from port+10;
 * with a client of its database and the seconds it took to come up.
 */
export async function startBenchTopology(port: number, dir: string, extraEnv: Record<string, string>) {
  const t0 = performance.now();
  rmSync(dir, { recursive: true, force: true });
  const services = SERVICES.map((s, i) => ({ ...s, port: port + 10 + i }));
  const topo = await startTopology({
    dir,
    pgPort: port,
    redisPort: port + 1,
    gatewayPort: port + 2,
    services,
    log: `${dir}.log`,
    extraEnv,
    say: (l: string) => console.error(l),
  });
  const db = new pg.Client({ connectionString: topo.env.DATABASE_URL });
  try {
    await db.connect();
  } catch (e) {
    await topo.stop();
    throw e;
  }
  return { topo, services, db, upSec: (performance.now() - t0) / 1000 };
}

/** Session tokens for `userIds`, 200 at a time, in the topology's store (Redis keys under `redisPrefix`). */
export async function benchSessions(
  env: { DATABASE_URL: string; REDIS_URL: string },
  redisPrefix: string,
  maxSec: number,
  userIds: string[],
): Promise<string[]> {
  const kitDb = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: '', migrate: false });
  const infra = await openInfra(env.REDIS_URL, redisPrefix);
  const sessions = createSessions({ db: kitDb.db, kv: infra.kv, bus: infra.bus, ttlSec: 12 * 3600, maxSec });
  const tokens: string[] = [];
  for (let i = 0; i < userIds.length; i += 200) {
    const batch = userIds.slice(i, i + 200);
    tokens.push(...(await Promise.all(batch.map((id) => sessions.create(id)))));
  }
  await infra.close();
  await kitDb.close();
  return tokens;
}

/**
 * pgbench's single-row upsert on the topology's PostgreSQL for 10 s (`clients` clients, 2 threads): the TPS the
 * database itself reaches at its durability, which the save figures are measured against.
 */
export async function pgbenchUpsert(db: pg.Client, port: number, dir: string, clients: number) {
  await db.query(
    `create table if not exists bench_upsert (id int primary key, v text not null, n int not null default 0)`,
  );
  writeFileSync(
    `${dir}/upsert.sql`,
    `\\set id random(1, 100000)\ninsert into bench_upsert (id, v, n) values (:id, md5(:id::text), 1) on conflict (id) do update set v = excluded.v, n = bench_upsert.n + 1;\n`,
  );
  const pgb = spawnSync(
    `${pgBin()}/pgbench`,
    [
      '-n',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      '10',
      '-f',
      `${dir}/upsert.sql`,
      'exam',
    ],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(pgb.stdout)?.[1] ?? 0);
  const {
    rows: [d],
  } = await db.query(
    `select current_setting('fsync') f, current_setting('synchronous_commit') s, current_setting('full_page_writes') w`,
  );
  return {
    tps,
    durability: `fsync ${d.f}, synchronous_commit ${d.s}, full_page_writes ${d.w}`,
    /** pgbench's complaint, for the report, when it measured nothing. */
    failure: tps ? '' : `\n${pgb.stderr}`,
  };
}

/** Report lines: printed as they come, kept for `save` (the run's .txt beside its log). */
export function benchReport() {
  const lines: string[] = [];
  return {
    say(l = '') {
      console.log(l);
      lines.push(l);
    },
    save(path: string) {
      writeFileSync(path, `${lines.join('\n')}\n`);
    },
  };
}
