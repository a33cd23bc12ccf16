// Starts PostgreSQL and Redis from Debian's packages on private ports under a folder of ours,
// for the tests and the distributed mode. Installs them with apt-get when missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts }).toString();
const isRoot = process.getuid?.() === 0;

export function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], 'bin');
}

export function ensurePackages(pkgs) {
  const missing = pkgs.filter((p) => spawnSync('dpkg', ['-s', p], { stdio: 'ignore' }).status !== 0);
  if (!missing.length) return;
  console.log(`installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => execFileSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['apt-get', ...args], { stdio: 'inherit', env });
  apt('update', '-qq');
  apt('install', '-y', '-qq', ...missing);
}

/** initdb refuses root, so the cluster belongs to the postgres user when we are root. */
const asPg = (cmd, args) => (isRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args));

export function startPostgres({ dir, port }) {
  const bin = pgBin();
  if (!bin) throw new Error('PostgreSQL is not installed');
  mkdirSync(dir, { recursive: true });
  if (isRoot) run('chown', ['-R', 'postgres:postgres', dir]);
  chmodSync(dir, 0o700);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    asPg(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    writeFileSync(path.join(dir, 'postgresql.auto.conf'), `fsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 300\n`);
    if (isRoot) run('chown', ['postgres:postgres', path.join(dir, 'postgresql.auto.conf')]);
  }
  const status = spawnSync(isRoot ? 'runuser' : path.join(bin, 'pg_ctl'), isRoot ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), '-D', dir, 'status'] : ['-D', dir, 'status']);
  if (status.status !== 0) {
    asPg(path.join(bin, 'pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-w', 'start']);
  }
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

export function stopPostgres({ dir }) {
  const bin = pgBin();
  if (bin && existsSync(path.join(dir, 'postmaster.pid'))) asPg(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
}

export function startRedis({ port, dir }) {
  mkdirSync(dir, { recursive: true });
  const ping = spawnSync('redis-cli', ['-p', String(port), 'ping']);
  if (ping.stdout?.toString().trim() !== 'PONG') {
    run('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes',
      '--dir', dir, '--pidfile', path.join(dir, 'redis.pid'), '--logfile', path.join(dir, 'redis.log')]);
    for (let i = 0; i < 50 && spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() !== 'PONG'; i++) {
      spawnSync('sleep', ['0.1']);
    }
  }
  return `redis://127.0.0.1:${port}`;
}

export function stopRedis({ port }) {
  spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
}
