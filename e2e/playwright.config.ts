import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './tests/camera';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SIDE = [
  'access-control.spec.ts',
  'exam-scenario.spec.ts',
  'crash-browser.spec.ts',
  'repo-admin.spec.ts',
  'repo-import.spec.ts',
];

// Drives Debian's Chromium (never a downloaded browser) through the real built shells, served by the
// all-in-one server on a fresh embedded database.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // The scenario spends most of its 3.6 minutes waiting out a real 3-minute exam: it runs beside the
  // rest (its own learners), and every other spec runs one at a time in order, as before. The second
  // worker also takes the specs that touch nothing the others read: the crash spec (a server of its own)
  // and the admin specs that work on data of their own (a tagged role, department and user; new banks).
  workers: 2,
  projects: [
    { name: 'side', testMatch: SIDE, workers: 1 },
    { name: 'main', testIgnore: SIDE, workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 820 },
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: 'node ../infra/scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/runtime-config.json`,
    env: { PORT: String(PORT) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
