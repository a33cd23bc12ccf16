// `npm run start:distributed`: the production topology on one machine. PostgreSQL and Redis on private
// ports (durable: fsync and synchronous commit on, Redis with its append-only file), every domain service
// compiled (build-services.mjs) and run as two replicas, plain node processes, behind an nginx gateway on
// port 8090 that spreads calls over the replicas (keep-alive upstreams) and serves the static shells and
// remotes. A supervisor restarts whatever stops: a replica or the gateway that exits, PostgreSQL or Redis
// that no longer answers. Ctrl-C stops it all; `npm run stop:distributed` cleans up after a killed run.
// The crash suite (infra/crash) and the scale benchmark (infra/bench) start the same topology on their own
// ports through `startTopology`.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REMOTES, replicas, runtimeConfigOf } from '../deploy/routes.mjs';
import { buildServices, MIGRATE_ENTRY } from './build-services.mjs';
import {
  ensurePackages,
  postgresUp,
  redisUp,
  startPostgres,
  startRedis,
  stopPostgres,
  stopRedis,
} from './local-servers.mjs';
import { nginxConf } from './nginx-conf.mjs';
import { checkCertPair, selfSignedCert } from './tls.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * Two replicas of every service (a replica can die or be redeployed while the other serves), from the routing table
 * (infra/deploy/routes.mjs: names, ports, PostgreSQL pools). They start together once the migrate entry has applied
 * the migrations and the first-start data; a replica never migrates or seeds.
 */
export const SERVICES = replicas(2);
export { REMOTES };
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

export async function waitHealthy(port, timeoutMs = 120_000) {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await wait(300)) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`service on port ${port} did not start`);
}

/** Runs the migrate entry (MIGRATE_ENTRY) to its end; rejects when it fails. */
function migrate({ env, tsx, logFd }) {
  const args = tsx ? ['--import', 'tsx', MIGRATE_ENTRY.entry] : ['--enable-source-maps', MIGRATE_ENTRY.out];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: logFd === undefined ? 'inherit' : ['ignore', logFd, logFd],
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrations failed (exit ${code})`)))),
  );
}

/**
 * Keeps one process running: when it exits without being asked to, it is started again after a pause
 * that doubles with each quick exit (0.5 s up to 30 s) and starts over once a run lasted a minute.
 */
function supervise({ name, cmd, args, env, logFd, say }) {
  const s = { name, child: undefined, restarts: 0, stopping: false };
  let pause = 500;
  const start = () => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env,
      stdio: logFd === undefined ? 'inherit' : ['ignore', logFd, logFd],
    });
    const startedAt = Date.now();
    s.child = child;
    s.exited = new Promise((r) => child.on('exit', r));
    child.on('exit', (code, signal) => {
      if (s.stopping) return;
      if (Date.now() - startedAt > 60_000) pause = 500;
      say(`[supervisor] ${name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}); restarting in ${pause} ms`);
      setTimeout(() => {
        if (s.stopping) return;
        s.restarts++;
        start();
      }, pause);
      pause = Math.min(pause * 2, 30_000);
    });
  };
  start();
  s.stop = async () => {
    s.stopping = true;
    s.child?.kill('SIGTERM');
    await Promise.race([s.exited, wait(5000)]);
    s.child?.kill('SIGKILL');
  };
  return s;
}

/**
 * Starts PostgreSQL, Redis, the services and the gateway under `dir`, and supervises them.
 * `services` gives names, packages and ports; `log` a file for the children's output (else inherited).
 * `tls` ({ port, cert, key }) adds the gateway's HTTP/2 listener (nginx-conf.mjs).
 * Returns the URLs, the supervised processes by name, and stop().
 */
export async function startTopology({
  dir,
  pgPort,
  redisPort,
  gatewayPort,
  tls,
  services = SERVICES,
  log,
  extraEnv = {},
  say = console.error,
  watchMs = 1000,
}) {
  mkdirSync(dir, { recursive: true });
  const pg = { dir: path.join(dir, 'pg'), port: pgPort };
  const redis = { dir: path.join(dir, 'redis'), port: redisPort };
  const adminUrl = startPostgres(pg);
  const dbName = 'exam';
  if (
    !spawnSync('psql', [adminUrl, '-Atc', `select 1 from pg_database where datname='${dbName}'`])
      .stdout.toString()
      .trim()
  ) {
    spawnSync('psql', [adminUrl, '-qc', `create database ${dbName}`], { stdio: 'inherit' });
  }
  const env = {
    ...process.env,
    DATABASE_URL: adminUrl.replace(/\/postgres$/, `/${dbName}`),
    REDIS_URL: startRedis(redis),
    DEMO_DATA: process.env.DEMO_DATA ?? '1',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // The gateway's own addresses: where third-party sign-in may send a browser back (never a request's Host).
    SITE_URL:
      process.env.SITE_URL ??
      [gatewayPort, tls?.port]
        .filter(Boolean)
        .flatMap((p) => ['127.0.0.1', 'localhost'].map((h) => `${p === tls?.port ? 'https' : 'http'}://${h}:${p}`))
        .join(','),
    ...extraEnv,
  };
  const logFd = log ? openSync(log, 'a') : undefined;
  const procs = {};
  const stopping = { now: false };
  const topology = { env, pg, redis, procs, gateway: `http://127.0.0.1:${gatewayPort}` };
  topology.stop = async () => {
    stopping.now = true;
    clearInterval(watchdog);
    await Promise.all(Object.values(procs).map((p) => p.stop()));
    stopRedis(redis);
    stopPostgres(pg);
    if (logFd !== undefined) closeSync(logFd);
  };
  // PostgreSQL and Redis run as daemons: a watchdog (the service manager's job in production) starts one
  // that stopped answering. Their data survive: both are durable (local-servers.mjs).
  const watchdog = setInterval(() => {
    if (stopping.now) return;
    try {
      if (!postgresUp(pg)) {
        say('[supervisor] PostgreSQL is down; starting it (recovery from its WAL)');
        startPostgres(pg);
      }
      if (!redisUp(redis)) {
        say('[supervisor] Redis is down; starting it (from its append-only file)');
        startRedis(redis);
      }
    } catch (err) {
      say(`[supervisor] restart failed, trying again: ${err.message}`);
    }
  }, watchMs);
  try {
    // Compiled once per start (about a second per service); DIST_TSX=1 runs the TypeScript through tsx instead.
    const tsx = process.env.DIST_TSX === '1';
    // Node flags of every replica. A larger young generation: a replica building 100-question views and grading
    // batches allocates fast; fewer scavenges cost less CPU (exam-scale N=5,000: the start storm 40.9 s instead
    // of 47.0 s, the exam replicas' CPU 43 s instead of 49 s; one run each). DIST_NODE_ARGS replaces them.
    const nodeArgs = (process.env.DIST_NODE_ARGS ?? '--max-semi-space-size=64').split(/\s+/).filter(Boolean);
    if (!tsx) await buildServices([...new Set(services.map((s) => s.pkg))]);
    const startOne = (svc) => {
      // One node process per replica, so a killed pid is the whole replica.
      procs[svc.name] = supervise({
        name: svc.name,
        cmd: process.execPath,
        args: [
          ...nodeArgs,
          ...(tsx
            ? ['--import', 'tsx', `services/${svc.pkg}/src/server.ts`]
            : ['--enable-source-maps', `services/${svc.pkg}/dist/server.mjs`]),
        ],
        env: { ...env, MIGRATE: '0', PORT: String(svc.port), ...(svc.pool ? { DB_POOL_MAX: String(svc.pool) } : {}) },
        logFd,
        say,
      });
      return waitHealthy(svc.port);
    };
    // Migrations and every service's first-start data once (as a cluster's migrate Job), then all replicas together.
    await migrate({ env, tsx, logFd });
    await Promise.all(services.map(startOne));
    // Static hosting gets the same runtime configuration file the embedded server answers with.
    writeFileSync(path.join(dir, 'runtime-config.json'), JSON.stringify(runtimeConfigOf(), null, 2));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxConf({ root: ROOT, dir, port: gatewayPort, tls, services, remotes: REMOTES }),
    );
    mkdirSync(path.join(dir, 'nginx-tmp'), { recursive: true });
    procs.nginx = supervise({
      name: 'nginx',
      cmd: 'nginx',
      args: ['-p', dir, '-c', path.join(dir, 'nginx.conf')],
      env,
      logFd,
      say,
    });
  } catch (err) {
    await topology.stop();
    throw err;
  }
  return topology;
}

async function main() {
  const DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, '.data/distributed');
  // DIST_SERVICE_PORT moves the services' ports together (9101… by default).
  const shift = Number(process.env.DIST_SERVICE_PORT ?? 9101) - 9101;
  const services = SERVICES.map((s) => ({ ...s, port: s.port + shift }));
  const PG = { dir: path.join(DIR, 'pg'), port: Number(process.env.DIST_PG_PORT ?? 55433) };
  const REDIS = { dir: path.join(DIR, 'redis'), port: Number(process.env.DIST_REDIS_PORT ?? 56380) };
  const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? 8090);
  const TLS_PORT = Number(process.env.GATEWAY_TLS_PORT ?? 8443);
  const PIDS = path.join(DIR, 'pids.json');
  // After a killed run: the script's own pid (its supervisor would restart the rest), then the daemons.
  const stopLeftovers = () => {
    if (existsSync(PIDS)) {
      for (const pid of JSON.parse(readFileSync(PIDS, 'utf8'))) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {}
      }
      rmSync(PIDS, { force: true });
    }
    stopRedis(REDIS);
    stopPostgres(PG);
  };
  if (process.argv.includes('--stop')) {
    stopLeftovers();
    console.log('stopped');
    return;
  }
  ensurePackages(['postgresql', 'redis-server', 'nginx', 'libnginx-mod-http-brotli-static', 'openssl']);
  // HTTP/2 over TLS beside plain HTTP: DIST_TLS_CERT and DIST_TLS_KEY (PEM files), else a self-signed pair kept in DIR.
  const given = Boolean(process.env.DIST_TLS_CERT || process.env.DIST_TLS_KEY);
  let pair;
  try {
    pair = given
      ? checkCertPair(process.env.DIST_TLS_CERT, process.env.DIST_TLS_KEY)
      : selfSignedCert(path.join(DIR, 'tls'));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  const tls = { port: TLS_PORT, ...pair };
  if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
    spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  }
  // SKIP_BUILD=1 serves the dist folders as they are (e.g. built by `npm start` before).
  if (
    process.env.SKIP_BUILD !== '1' &&
    spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' }).status !==
      0
  )
    process.exit(1);
  mkdirSync(DIR, { recursive: true });
  stopLeftovers();
  const t = await startTopology({
    dir: DIR,
    pgPort: PG.port,
    redisPort: REDIS.port,
    gatewayPort: GATEWAY_PORT,
    tls,
    services,
  });
  writeFileSync(PIDS, JSON.stringify([process.pid, ...Object.values(t.procs).map((p) => p.child.pid)]));
  console.log(`
  Gateway:        http://localhost:${GATEWAY_PORT}/  (admin: http://localhost:${GATEWAY_PORT}/admin/)
                  https://localhost:${TLS_PORT}/  (HTTP/2${given ? '' : '; a self-signed certificate: DIST_TLS_CERT and DIST_TLS_KEY give yours'})
  Services:       ${services.map((s) => `${s.name}:${s.port}`).join('  ')}  (restarted by the supervisor if they stop)
  PostgreSQL:     ${t.env.DATABASE_URL}  (durable: fsync, synchronous_commit, full_page_writes on)
  Redis:          ${t.env.REDIS_URL}  (append-only file, fsync every second)
  Demo accounts:  admin / Admin@2026, learner / Learner@2026, learner2 / Learner@2026
  Ctrl-C stops everything.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await t.stop();
    rmSync(PIDS, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
