// `npm test`: every suite, the way CI runs it, ending with one plain line `N passed, N failed`.
//  1. unit + integration tests (rstest) against real PostgreSQL and Redis (started here, private ports)
//  2. the service tests again on the embedded defaults (PGlite, in-process bus)
//  3. crash safety: both modes killed while learners answer (infra/crash, node's test runner)
//  4. build the shells and remotes, then end-to-end tests (Playwright + Debian's Chromium)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ensurePackages,
  freePortBlock,
  pgBin,
  startPostgres,
  startRedis,
  stopPostgres,
  stopRedis,
} from './local-servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TMP = path.join(ROOT, '.tmp');
// Every server of the run gets ports found free now (or pinned by the env), never a fixed port someone may hold.
const pick = async (name, count = 1) =>
  Number(process.env[name] ?? (process.env[name] = String(await freePortBlock(count))));
const PG = { dir: path.join(TMP, 'pg-test'), port: await pick('TEST_PG_PORT') };
const REDIS = { dir: path.join(TMP, 'redis-test'), port: await pick('TEST_REDIS_PORT') };
// Inherited by the child suites: the e2e server, the crash tests' servers (a block for the distributed topology).
await pick('E2E_PORT');
await pick('CRASH_EMBEDDED_PORT');
await pick('CRASH_DIST_PORT', 40);
const only = process.argv.slice(2); // e.g. `npm test -- unit e2e`
const want = (suite) => only.length === 0 || only.includes(suite);
const totals = { passed: 0, failed: 0, skipped: 0 };
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

function runLogged(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    for (const s of [child.stdout, child.stderr]) {
      s.on('data', (d) => {
        out += d;
        process.stdout.write(d);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, out: strip(out) }));
  });
}

/** Adds an rstest run's `Tests …` line to the totals; a run that crashed before reporting counts as one failure. */
function countRstest(name, { code, out }) {
  const line =
    out
      .split('\n')
      .reverse()
      .find((l) => /^\s*Tests\s/.test(l)) ?? '';
  const n = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  const r = { passed: n('passed'), failed: n('failed'), skipped: n('skipped') };
  if (code !== 0 && r.failed === 0) r.failed = 1;
  report(name, r);
}

let lastReport = Date.now();
function report(name, r) {
  const secs = Math.round((Date.now() - lastReport) / 1000);
  lastReport = Date.now();
  name = `${name} [${Math.floor(secs / 60)} m ${secs % 60} s]`;
  totals.passed += r.passed;
  totals.failed += r.failed;
  totals.skipped += r.skipped;
  console.log(`\n== ${name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped\n`);
}

if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
  spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}
const isRoot = process.getuid?.() === 0;
if (isRoot)
  ensurePackages([
    'postgresql',
    'redis-server',
    'chromium',
    'fonts-noto-cjk',
    'ffmpeg',
    'nginx',
    'libnginx-mod-http-brotli-static',
    'openssl',
    'poppler-utils',
    'zbar-tools',
  ]);
mkdirSync(TMP, { recursive: true });

let env = {};
const haveServers = Boolean(pgBin()) && spawnSync('which', ['redis-server']).status === 0;
try {
  if (haveServers) {
    rmSync(PG.dir, { recursive: true, force: true });
    // Throwaway databases, recreated every run: the fast settings (no fsync, no AOF) are safe only here.
    env = {
      TEST_DATABASE_URL: startPostgres({ ...PG, unsafeFast: true }),
      TEST_REDIS_URL: startRedis({ ...REDIS, unsafeFast: true }),
    };
  } else {
    console.warn('PostgreSQL or Redis is not installed: the distributed-mode tests are skipped.');
  }

  if (want('lint')) {
    // Lint (oxlint, warnings denied) counts as one check per package, so a warning fails the run.
    const lint = await runLogged('npx', ['turbo', 'run', 'lint', '--output-logs=errors-only']);
    const tasks = Number(/Tasks:\s+(\d+) successful, (\d+) total/.exec(lint.out ?? '')?.[2] ?? 0);
    const ok = Number(/Tasks:\s+(\d+) successful/.exec(lint.out ?? '')?.[1] ?? 0);
    report(
      'lint (oxlint)',
      lint.code === 0
        ? { passed: tasks || 1, failed: 0, skipped: 0 }
        : { passed: ok, failed: Math.max(1, tasks - ok), skipped: 0 },
    );
    // The formatter (biome.json; `npm run format` writes): one check, failed when any file is not as it would print it.
    const format = await runLogged('npx', ['biome', 'format', '.']);
    report(
      'format (biome)',
      format.code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 },
    );
  }
  // Against PostgreSQL and Redis the test files mostly wait on the servers: a worker more than the cores keeps
  // them busy (2 cores: 3 m 20 s instead of 4 m 20 s). The PGlite pass computes in-process: rstest.config.ts's count.
  const unitWorkers = haveServers ? [`--pool.maxWorkers=${Math.max(3, availableParallelism() + 1)}`] : [];
  if (want('unit'))
    countRstest(
      'unit and integration (PostgreSQL + Redis)',
      await runLogged('npx', ['rstest', 'run', ...unitWorkers], env),
    );
  if (want('embedded'))
    countRstest(
      'services on the embedded defaults (PGlite)',
      await runLogged('npx', ['rstest', 'run', 'services'], { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' }),
    );

  if (want('crash')) {
    // Kill-and-restart of both modes on durable settings of their own (infra/crash); node's test runner.
    // The two run at once (own ports, folders and servers): each mostly waits for its servers to come back.
    const crash = await runLogged(process.execPath, [
      '--test',
      '--test-reporter=spec',
      '--test-concurrency=2',
      'infra/crash/embedded.crash.mjs',
      'infra/crash/distributed.crash.mjs',
    ]);
    const n = (word) => Number(crash.out.match(new RegExp(`^\\S*\\s*${word} (\\d+)$`, 'm'))?.[1] ?? 0);
    const r = { passed: n('pass'), failed: n('fail') + n('cancelled'), skipped: n('skipped') };
    if (crash.code !== 0 && r.failed === 0) r.failed = 1;
    report('crash safety (SIGKILL, PostgreSQL and Redis crashes)', r);
  }
  if (want('e2e')) {
    const build = await runLogged('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
    if (build.code !== 0) report('build of shells and remotes', { passed: 0, failed: 1, skipped: 0 });
    else {
      const jsonFile = path.join(TMP, 'e2e-results.json');
      rmSync(jsonFile, { force: true });
      const e2e = await runLogged('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
      });
      const stats = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')).stats : undefined;
      const r = stats
        ? { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped }
        : { passed: 0, failed: 1, skipped: 0 };
      if (e2e.code !== 0 && r.failed === 0) r.failed = 1;
      if (r.failed > 0) printFailedPages();
      report('end-to-end (Playwright, Chromium)', r);
    }
  }
} finally {
  if (haveServers) {
    stopRedis(REDIS);
    stopPostgres(PG);
  }
}

/** What each failed e2e test's page showed (Playwright's snapshot), for a failure seen only in a CI log. */
function printFailedPages() {
  const dir = path.join(ROOT, 'e2e', 'test-results');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name, 'error-context.md');
    if (existsSync(file))
      console.log(`\n-- page at the failure of ${name}:\n${readFileSync(file, 'utf8').slice(0, 6000)}`);
  }
}

const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
writeFileSync(path.join(TMP, 'totals.txt'), line + '\n');
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);
