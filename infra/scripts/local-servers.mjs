// Starts PostgreSQL and Redis from Debian's packages on private ports under a folder of ours,
// for the tests and the distributed mode. Installs them with apt-get when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const run = (cmd, args, opts = {}) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts }).toString();
const isRoot = process.getuid?.() === 0;

export function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

export function ensurePackages(pkgs) {
  const missing = pkgs.filter((p) => spawnSync('dpkg', ['-s', p], { stdio: 'ignore' }).status !== 0);
  if (!missing.length) return;
  console.log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    execFileSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['apt-get', ...args], { stdio: 'inherit', env });
  apt('update', '-qq');
  apt('install', '-y', '-qq', ...missing);
}

/** initdb refuses root, so the cluster belongs to the postgres user when we are root. */
const asPg = (cmd, args) => (isRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args));

/**
 * What a cluster promises about a COMMIT. Durable (the default, the distributed mode): fsync, full page
 * writes and synchronous commit on, so an acknowledged write survives a PostgreSQL crash or a power cut.
 * `unsafeFast` turns all three off: only for throwaway test databases, recreated on every run.
 */
const pgSettings = (unsafeFast) => {
  const v = unsafeFast ? 'off' : 'on';
  return `fsync = ${v}\nsynchronous_commit = ${v}\nfull_page_writes = ${v}\nmax_connections = 300\n`;
};

const pgRunning = (bin, dir) =>
  spawnSync(
    isRoot ? 'runuser' : path.join(bin, 'pg_ctl'),
    isRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', dir, 'status'] : ['-D', dir, 'status'],
  ).status === 0;

export function startPostgres({ dir, port, unsafeFast = false }) {
  const bin = pgBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  mkdirSync(dir, { recursive: true });
  if (isRoot) run('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    asPg(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  if (!pgRunning(bin, dir)) {
    // Written at every start, so a cluster made by an older script (settings off) becomes durable too.
    writeFileSync(path.join(dir, 'postgresql.auto.conf'), pgSettings(unsafeFast));
    if (isRoot) run('chown', ['postgres:postgres', path.join(dir, 'postgresql.auto.conf')]);
    asPg(path.join(bin, 'pg_ctl'), [
      '-D',
      dir,
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`,
      '-w',
      'start',
    ]);
  }
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** `mode: 'immediate'` is a crash as PostgreSQL sees it: no checkpoint, recovery from the WAL on the next start. */
export function stopPostgres({ dir, mode = 'fast' }) {
  const bin = pgBin();
  if (bin && existsSync(path.join(dir, 'postmaster.pid')))
    asPg(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', mode, '-w', 'stop']);
}

export const postgresUp = ({ dir }) => {
  const bin = pgBin();
  return Boolean(bin) && pgRunning(bin, dir);
};

export const redisUp = ({ port }) =>
  spawnSync('redis-cli', ['-p', String(port), 'ping'])
    .stdout?.toString()
    .trim() === 'PONG';

/**
 * Durable (the default): sessions and counters are kept in the append-only file, fsynced every second,
 * so a restarted Redis still knows who is signed in. `unsafeFast` keeps nothing (test runs only).
 */
export function startRedis({ port, dir, unsafeFast = false }) {
  mkdirSync(dir, { recursive: true });
  if (!redisUp({ port })) {
    const persistence = unsafeFast ? ['--appendonly', 'no'] : ['--appendonly', 'yes', '--appendfsync', 'everysec'];
    run('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      ...persistence,
      '--daemonize',
      'yes',
      '--dir',
      dir,
      '--pidfile',
      path.join(dir, 'redis.pid'),
      '--logfile',
      path.join(dir, 'redis.log'),
    ]);
    for (let i = 0; i < 50 && !redisUp({ port }); i++) spawnSync('sleep', ['0.1']);
  }
  return `redis://127.0.0.1:${port}`;
}

export function stopRedis({ port }) {
  spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
}

/** First port of `count` consecutive ports nobody listens on now, from a random start below the kernel's
 *  ephemeral range (outgoing connections take ports from that range at any moment, so a port found free
 *  there can be taken before our server binds it), so a test run never depends on a port another program holds. */
export async function freePortBlock(count = 1) {
  const { createServer } = await import('node:net');
  const { readFileSync } = await import('node:fs');
  let ephemeralLow = 32768;
  try {
    ephemeralLow =
      Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    // not Linux: keep the usual default
  }
  const low = 10000;
  const span = Math.max(1000, ephemeralLow - low - count);
  const free = (port) =>
    new Promise((resolve) => {
      const s = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 200; tries++) {
    const start = low + Math.floor(Math.random() * span);
    let ok = true;
    for (let p = start; p < start + count && ok; p++) ok = await free(p);
    if (ok) return start;
  }
  throw new Error(`no block of ${count} free ports`);
}
