// `npm start`: the embedded mode on a fresh clone — installs, builds, starts one process.
// PGlite data lives in ./.data (kept between starts), the bus and cache are in-process, files on local disk.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackages } from './local-servers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const step = (title, cmd, args) => {
  console.log(`\n> ${title}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync(path.join(ROOT, 'node_modules/.package-lock.json'))) {
  step('installing packages', 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']);
}
// Course videos are transcoded with ffmpeg (Debian package); without it uploads end in 转码失败. The demo
// course's PDFs take their Chinese text's outlines from fonts-noto-cjk when it is first seeded.
try {
  ensurePackages(['ffmpeg', 'fonts-noto-cjk']);
} catch {
  console.warn(
    'ffmpeg or fonts-noto-cjk could not be installed: uploaded course videos will not be transcoded, the demo PDFs not embed their font.',
  );
}
// turbo caches: a second start with nothing changed builds nothing.
step('building shells and remotes', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);

const port = process.env.PORT ?? '8080';
console.log(`
  Learner shell:  http://localhost:${port}/
  Admin shell:    http://localhost:${port}/admin/
  Demo accounts:  admin / Admin@2026 (admin), learner / Learner@2026, learner2 / Learner@2026 (learners)
  Data:           ${process.env.DATA_DIR ?? './.data'} (embedded PostgreSQL; delete it to start over)
`);
// One process (node with tsx as a loader, no tsx wrapper in between), so a signal reaches the server
// itself; the IPC channel tells it when this script is gone, even by SIGKILL (exit-with-parent.mjs).
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', './infra/scripts/exit-with-parent.mjs', 'services/server/src/server.ts'],
  {
    cwd: ROOT,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, PORT: port },
  },
);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 0)));
