// `npm run images:check [-- <name>…]`: runs what `npm run images` built the way a cluster would, without one (this
// machine cannot run containers): each archive's layers unpacked into a root, the image's entrypoint started under
// chroot as its user, on a read-only root with /tmp a tmpfs, with only the image's environment and the backends'
// addresses. Against a fresh PostgreSQL and Redis: the migrate image applies everything to an empty database and
// exits 0; every service answers /readyz; the system service signs the demo admin in; the shells and each remote are
// served, precompressed, with the mounted runtime config. Prints one line per check and exits 1 on a failure.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePortBlock, startPostgres, startRedis, stopPostgres, stopRedis } from '../scripts/local-servers.mjs';
import { OUT } from './build.mjs';
import { CONTAINER_PORT, IMAGES, RUNTIME_CONFIG_PATH } from './images.mjs';

const WORK = path.join(os.tmpdir(), `image-check-${process.pid}`);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
let failed = 0;
const result = (ok, what) => {
  if (!ok) failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

/** An OCI archive's image: its config (entrypoint, env, user) and its layers unpacked in order into `root`. */
function unpack(archive, root) {
  const dir = `${root}.oci`;
  mkdirSync(dir, { recursive: true });
  mkdirSync(root, { recursive: true });
  execFileSync('tar', ['-xf', archive, '-C', dir]);
  const blob = (digest) => path.join(dir, 'blobs', ...digest.split(':'));
  const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(blob(index.manifests[0].digest), 'utf8'));
  for (const layer of manifest.layers) execFileSync('tar', ['-xf', blob(layer.digest), '-C', root]);
  const { config } = JSON.parse(readFileSync(blob(manifest.config.digest), 'utf8'));
  // Mount points a container runtime makes itself.
  for (const d of ['dev', 'proc', 'tmp']) mkdirSync(path.join(root, d), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  return config;
}

/**
 * Starts the image's entrypoint in `root` as the image's user: a mount namespace of its own where the root is
 * read-only, /tmp a tmpfs, /dev and /proc the host's (as a container runtime gives them).
 */
function run(root, config, env, entrypoint = config.Entrypoint) {
  const [uid, gid = uid] = String(config.User).split(':');
  const mounts = [
    `mount --bind ${root} ${root}`,
    `mount -o remount,bind,ro ${root}`,
    `mount -t tmpfs -o size=512m tmpfs ${root}/tmp`,
    `mount --rbind /dev ${root}/dev`,
    `mount -t proc proc ${root}/proc`,
  ].join(' && ');
  const imageEnv = Object.fromEntries(
    (config.Env ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
  );
  const command = entrypoint.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return spawn(
    'unshare',
    // --kill-child: the program ends with unshare (it passes no signal on).
    [
      '-m',
      '--fork',
      '--kill-child',
      'sh',
      '-c',
      `${mounts} && exec chroot --userspec=${uid}:${gid} ${root} ${command}`,
    ],
    {
      env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', ...imageEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, stopped as a whole when the check ends.
      detached: true,
    },
  );
}

/** A count from the database at `url`, or undefined when it does not answer (yet). */
function count(url, sql) {
  try {
    return Number(execFileSync('psql', [url, '-Atc', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return undefined;
  }
}

/** Runs a program of the image to its end: its exit code and output. */
async function runOnce(root, config, entrypoint, env = {}) {
  const child = run(root, config, env, entrypoint);
  const output = captured(child);
  const code = await new Promise((r) => child.on('exit', r));
  return { code, output: output() };
}

/** The process's output, kept for a failure's report. */
const captured = (child) => {
  const out = [];
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => out.push(d));
  return () => Buffer.concat(out).toString().slice(-3000);
};

/** `fn`'s first true answer within the time, or undefined (at once when `child` exits). */
async function until(fn, timeoutMs, child) {
  for (const end = Date.now() + timeoutMs; Date.now() < end && child?.exitCode == null; await wait(250)) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
  }
  return undefined;
}

const first = await freePortBlock(4 + IMAGES.length);
const ports = Array.from({ length: 4 + IMAGES.length }, (_, i) => first + i);
const pg = { dir: path.join(WORK, 'pg'), port: ports[0] };
const redis = { dir: path.join(WORK, 'redis'), port: ports[1] };
const only = process.argv.slice(2);
// The migrate image first: the services start on the database it prepared.
const images = IMAGES.filter((i) => !only.length || only.includes(i.name) || i.name === 'migrate').sort(
  (a, b) => (b.name === 'migrate') - (a.name === 'migrate'),
);
const children = [];
try {
  mkdirSync(WORK, { recursive: true });
  const adminUrl = startPostgres({ ...pg, unsafeFast: true });
  const redisUrl = startRedis({ ...redis, unsafeFast: true });
  execFileSync('psql', [adminUrl, '-qc', 'create database exam']);
  const databaseUrl = adminUrl.replace(/\/postgres$/, '/exam');
  const backends = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DEMO_DATA: '1' };

  for (const [i, image] of images.entries()) {
    const archive = path.join(OUT, `${image.name}.tar`);
    if (!existsSync(archive)) {
      result(false, `${image.name}: ${archive} missing (npm run images)`);
      continue;
    }
    const root = path.join(WORK, image.name);
    const config = unpack(archive, root);
    result(String(config.User).startsWith('10001'), `${image.name}: runs as ${config.User}`);
    const forbidden = [
      'bin/sh',
      'bin/bash',
      'usr/bin/dpkg',
      'usr/bin/apt-get',
      'usr/bin/gcc',
      'usr/bin/cc',
      'usr/bin/perl',
    ];
    const present = forbidden.filter((f) => existsSync(path.join(root, f)));
    result(
      !present.length,
      `${image.name}: no shell, package manager or compiler${present.length ? ` (found ${present})` : ''}`,
    );
    const port = ports[4 + i];

    if (image.name === 'migrate') {
      const started = Date.now();
      const { code, output } = await runOnce(root, config, config.Entrypoint, backends);
      const seeds = count(databaseUrl, 'select count(*) from sys_seed') ?? 0;
      result(
        code === 0 && Number(seeds) > 5,
        `migrate: empty database migrated and seeded in ${Date.now() - started} ms (${seeds} seeds)`,
      );
      if (code !== 0 || process.env.VERBOSE) console.log(output);
      continue;
    }
    if (image.name === 'pgbouncer') {
      // Its Secret, as the prod overlay mounts it: the test database behind transaction pooling.
      mkdirSync(path.join(root, 'etc/pgbouncer'), { recursive: true });
      writeFileSync(
        path.join(root, 'etc/pgbouncer/pgbouncer.ini'),
        `[databases]\nexam = host=127.0.0.1 port=${pg.port} dbname=exam\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${port}\n` +
          'auth_type = trust\nauth_file = /etc/pgbouncer/userlist.txt\npool_mode = transaction\nunix_socket_dir = /tmp\n',
      );
      writeFileSync(path.join(root, 'etc/pgbouncer/userlist.txt'), '"postgres" ""\n');
      const child = run(root, config, {});
      children.push(child);
      const output = captured(child);
      const answer = await until(
        async () => count(`postgres://postgres@127.0.0.1:${port}/exam`, 'select count(*) from sys_user'),
        20_000,
        child,
      );
      result(Number(answer) > 0, `pgbouncer: a query through the pooler (${answer ?? 'no answer'} users)`);
      if (!answer) console.log(output());
      continue;
    }
    if (image.kind === 'node') {
      // What the service loads only when it needs it: the packages' files (face models), ffmpeg, the CJK font.
      // Resolved as the code resolves them; the face models beside human's build.
      const resolve = `const r = require('node:module').createRequire('/app/main.mjs');
        const at = (p) => { try { return r.resolve(p); } catch { return r.resolve(p + '/package.json'); } };
        for (const p of ${JSON.stringify(image.packages)}) at(p);
        if (${image.packages.includes('@vladmandic/human')}) require('node:fs').readdirSync(require('node:path').join(at('@vladmandic/human'), '../../models'));`;
      const loads = await runOnce(root, config, ['/usr/local/bin/node', '-e', resolve]);
      result(
        loads.code === 0,
        `${image.name}: its unbundled packages resolve (${image.packages.join(', ') || 'none'})`,
      );
      if (loads.code !== 0) console.log(loads.output);
      if (image.debs.includes('ffmpeg')) {
        const ff = await runOnce(root, config, [
          '/usr/bin/ffmpeg',
          '-hide_banner',
          '-f',
          'lavfi',
          '-i',
          'testsrc=d=1',
          '-c:v',
          'libx264',
          '-f',
          'null',
          '-',
        ]);
        result(ff.code === 0, `${image.name}: ffmpeg encodes H.264`);
        if (ff.code !== 0) console.log(ff.output);
      }
      if (image.debs.includes('fonts-noto-cjk'))
        result(
          existsSync(path.join(root, 'usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')),
          `${image.name}: the CJK font`,
        );
      const started = Date.now();
      const child = run(root, config, { ...backends, PORT: String(port), HOST: '127.0.0.1' });
      children.push(child);
      const output = captured(child);
      const ready = await until(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
        90_000,
        child,
      );
      result(!!ready, `${image.name}: ready (/readyz 200) after ${Date.now() - started} ms`);
      if (!ready) console.log(output());
      if (image.name === 'svc-system' && ready) {
        const login = await fetch(`http://127.0.0.1:${port}/api/sys/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
        }).then((r) => r.json());
        result(typeof login.data?.token === 'string', 'svc-system: the demo admin signs in (argon2 in the image)');
        const captcha = await fetch(`http://127.0.0.1:${port}/api/common/captcha/gen?key=image-check`);
        result(
          captcha.status === 200 && /svg/.test(captcha.headers.get('content-type') ?? ''),
          'svc-system: a captcha image',
        );
        const tracker = await fetch(
          `http://127.0.0.1:${port}/api/common/face-assets/face_mesh_solution_simd_wasm_bin.wasm`,
        );
        result(tracker.status === 200, 'svc-system: the browser face tracker’s files');
      }
      continue;
    }
    // A web image: the runtime config as a cluster mounts it, nginx on a port of the check's own.
    if (image.shells) {
      mkdirSync(path.dirname(path.join(root, RUNTIME_CONFIG_PATH)), { recursive: true });
      writeFileSync(path.join(root, RUNTIME_CONFIG_PATH), JSON.stringify({ apiBase: '', remotes: { check: 'yes' } }));
    }
    const conf = path.join(root, 'etc/nginx/nginx.conf');
    writeFileSync(conf, readFileSync(conf, 'utf8').replace(`listen ${CONTAINER_PORT};`, `listen ${port};`));
    const child = run(root, config, {});
    children.push(child);
    const output = captured(child);
    const base = `http://127.0.0.1:${port}`;
    const up = await until(async () => (await fetch(`${base}/healthz`)).ok, 20_000, child);
    result(!!up, `${image.name}: nginx answers`);
    if (!up) {
      console.log(output());
      continue;
    }
    const br = { headers: { 'accept-encoding': 'br' } };
    if (image.shells) {
      const page = await fetch(`${base}/pages/exam`);
      const admin = await fetch(`${base}/admin/`);
      const cfg = await fetch(`${base}/runtime-config.json`).then((r) => r.json());
      result(page.ok && admin.ok && cfg.remotes?.check === 'yes', 'shells: both shells and the mounted runtime config');
      const html = await fetch(`${base}/`, br);
      result(html.headers.get('content-encoding') === 'br', 'shells: index.html sent as its .br');
    }
    for (const r of image.remotes) {
      const entry = await fetch(`${base}/mfe/${r.name}/remoteEntry.js`, br);
      result(
        entry.ok &&
          entry.headers.get('content-encoding') === 'br' &&
          entry.headers.get('access-control-allow-origin') === '*',
        `${r.name}: remoteEntry.js served precompressed, to any origin`,
      );
    }
  }
} finally {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {}
  }
  await wait(1000);
  stopRedis(redis);
  stopPostgres(pg);
  rmSync(WORK, { recursive: true, force: true });
}
console.log(failed ? `${failed} checks failed` : 'every image checked');
process.exit(failed ? 1 : 0);
