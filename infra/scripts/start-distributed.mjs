// `npm run start:distributed`: the production topology on one machine. PostgreSQL and Redis on private
// ports, every domain service as its own process (two replicas of the system service), and an nginx
// gateway on port 8090 routing by path and serving the static shells and remotes. Ctrl-C stops it all;
// `npm run stop:distributed` cleans up after a killed run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackages, startPostgres, startRedis, stopPostgres, stopRedis } from './local-servers.mjs';
import { nginxConf } from './nginx-conf.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = path.join(ROOT, '.data/distributed');
const PG = { dir: path.join(DIR, 'pg'), port: Number(process.env.DIST_PG_PORT ?? 55433) };
const REDIS = { dir: path.join(DIR, 'redis'), port: Number(process.env.DIST_REDIS_PORT ?? 56380) };
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? 8090);
const PIDS = path.join(DIR, 'pids.json');
// Started in this order, each once the previous is up: seeds build on each other (accounts → banks → exams).
const SERVICES = [
  { name: 'system-1', pkg: 'system', port: 9101 },
  { name: 'repo', pkg: 'repo', port: 9103 },
  { name: 'exam', pkg: 'exam', port: 9104 },
  { name: 'system-2', pkg: 'system', port: 9102 },
  { name: 'course', pkg: 'course', port: 9105 },
  { name: 'watch', pkg: 'watch', port: 9106 },
];

function stopAll() {
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
}

if (process.argv.includes('--stop')) {
  stopAll();
  console.log('stopped');
  process.exit(0);
}

ensurePackages(['postgresql', 'redis-server', 'nginx']);
if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
  spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}
// SKIP_BUILD=1 serves the dist folders as they are (e.g. built by `npm start` before).
if (process.env.SKIP_BUILD !== '1' && spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
mkdirSync(DIR, { recursive: true });
stopAll();

const databaseUrl = startPostgres(PG);
const dbName = 'exam';
if (!spawnSync('psql', [databaseUrl, '-Atc', `select 1 from pg_database where datname='${dbName}'`]).stdout.toString().trim()) {
  spawnSync('psql', [databaseUrl, '-c', `create database ${dbName}`], { stdio: 'inherit' });
}
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl.replace(/\/postgres$/, `/${dbName}`),
  REDIS_URL: startRedis(REDIS),
  DEMO_DATA: process.env.DEMO_DATA ?? '1',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const children = [];
const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
const waitHealthy = async (port) => {
  for (let i = 0; i < 120; i++) {
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`service on port ${port} did not start`);
};
for (const svc of SERVICES) {
  const child = spawn(tsx, [`services/${svc.pkg}/src/server.ts`], { cwd: ROOT, stdio: 'inherit', env: { ...env, PORT: String(svc.port) } });
  children.push(child);
  await waitHealthy(svc.port);
}

// Static hosting gets the same runtime configuration file the embedded server answers with.
const remotes = ['mfe-system', 'mfe-repo', 'mfe-exam', 'mfe-course', 'mfe-watch'];
const config = { apiBase: '', remotes: Object.fromEntries(remotes.map((p) => [p.replace('-', '_'), `/mfe/${p}/mf-manifest.json`])) };
writeFileSync(path.join(DIR, 'runtime-config.json'), JSON.stringify(config, null, 2));
writeFileSync(path.join(DIR, 'nginx.conf'), nginxConf({ root: ROOT, dir: DIR, port: GATEWAY_PORT, services: SERVICES, remotes }));
mkdirSync(path.join(DIR, 'nginx-tmp'), { recursive: true });
const nginx = spawn('nginx', ['-p', DIR, '-c', path.join(DIR, 'nginx.conf')], { stdio: 'inherit' });
children.push(nginx);
writeFileSync(PIDS, JSON.stringify(children.map((c) => c.pid)));

console.log(`
  Gateway:        http://localhost:${GATEWAY_PORT}/  (admin: http://localhost:${GATEWAY_PORT}/admin/)
  Services:       ${SERVICES.map((s) => `${s.name}:${s.port}`).join('  ')}
  PostgreSQL:     ${env.DATABASE_URL}
  Redis:          ${env.REDIS_URL}
  Demo accounts:  admin / Admin@2026, learner / Learner@2026, learner2 / Learner@2026
  Ctrl-C stops everything.
`);
let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => {
    stopAll();
    process.exit(0);
  }, 1500);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
for (const c of children) c.on('exit', () => !stopping && console.error(`a process exited (pid ${c.pid}); Ctrl-C to stop the rest`));
