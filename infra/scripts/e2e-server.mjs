// The server the end-to-end tests drive: the all-in-one entry on a fresh embedded database.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// One folder per port, so a second run on another port does not wipe this one's database.
const dataDir = path.join(ROOT, `.tmp/e2e-data-${process.env.PORT ?? 18080}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['services/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    CAPTCHA_OUTBOX: '1',
    // Third-party sign-in may be pointed at the spec's local stand-in (any loopback port); never set in production.
    OAUTH_API_BASE_ALLOW: 'http://127.0.0.1:',
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
