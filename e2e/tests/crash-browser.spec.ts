import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './helpers';

// Crash safety seen from the exam screen (docs/crash-safety.md): the embedded server is killed with
// SIGKILL while a learner answers, the learner answers on, the server comes back on the same port and
// data directory, and every answer given before and during the outage is on the server. This test runs
// its OWN server (never the shared e2e one): a fresh data directory, the built shells.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A port free now (CRASH_BROWSER_PORT pins one). */
async function freePort(): Promise<number> {
  if (process.env.CRASH_BROWSER_PORT) return Number(process.env.CRASH_BROWSER_PORT);
  return new Promise((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
  });
}

/** The all-in-one server as one node process; it stops by itself if this test process dies (IPC channel). */
function startServer(port: number, dataDir: string, log: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './infra/scripts/exit-with-parent.mjs', 'services/server/src/server.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const out = createWriteStream(log, { flags: 'a' });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, exited };
}

async function waitHealthy(base: string, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not become healthy`);
}

/** Answers the question on screen: its first option, or a text of its own in every field. */
async function answerCurrent(page: Page, label: string) {
  const panel = page.locator('[data-testid^="question-"]').first();
  await expect(panel).toBeVisible();
  const option = panel.getByTestId('option-A');
  if (await option.count()) return option.first().click();
  const fields = panel.locator('textarea, input[type="text"], input:not([type])');
  for (let i = 0; i < (await fields.count()); i++) await fields.nth(i).fill(`${label}-${i}`);
  await fields.first().blur();
}

async function call(request: APIRequestContext, base: string, url: string, data: unknown, token?: string) {
  const body = await (await request.post(base + url, { data, headers: token ? { token } : {} })).json();
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

let server: { child: ChildProcess; exited: Promise<void> } | undefined;
let dataDir = '';
test.afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  // A failed run keeps its database and log (.tmp/crash-browser-<port>[.log]) to look at.
  if (dataDir && test.info().status === 'passed')
    for (const p of [dataDir, `${dataDir}.log`]) rmSync(p, { recursive: true, force: true });
});

test('the exam screen keeps answers given while the server is killed and sends them once it is back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // two server starts (a fresh database with demo data, then recovery)
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  dataDir = `${ROOT}.tmp/crash-browser-${port}`;
  const log = `${dataDir}.log`;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(log, { force: true });
  mkdirSync(`${ROOT}.tmp`, { recursive: true });
  server = startServer(port, dataDir, log);
  await waitHealthy(base);

  await page.goto(`${base}/pages/login/login`);
  await signIn(page, 'learner', 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  const card = page.getByTestId('my-exam-card').filter({ hasText: '安全生产与计算机基础综合考试' }).first();
  await card.getByRole('button', { name: '进入考试' }).click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/start\//);
  const paperId = new URL(page.url()).pathname.split('/').pop()!;
  const status = page.getByTestId('save-status');
  const cardButton = (n: number) =>
    page.getByTestId('answer-sheet').getByRole('button', { name: String(n), exact: true });

  // Two answers while the server is up: acknowledged.
  for (const n of [1, 2]) {
    await answerCurrent(page, `第${n}题`);
    await expect(status).toHaveAttribute('data-state', 'saved');
    await page.getByRole('button', { name: '下一题' }).click();
  }

  // SIGKILL: nothing gets to flush or close. The learner answers two more; the screen keeps them.
  server.child.kill('SIGKILL');
  await server.exited;
  for (const n of [3, 4]) {
    await answerCurrent(page, `第${n}题`);
    if (n === 3) await page.getByRole('button', { name: '下一题' }).click();
  }
  await expect(status).toHaveAttribute('data-state', 'queued', { timeout: 15_000 });
  const kept = async () =>
    JSON.parse(await page.evaluate((k) => localStorage.getItem(k) ?? '[]', `exam-save-queue:${paperId}`)) as {
      quId: string;
    }[];
  expect((await kept()).length).toBe(2);

  // The server comes back on the same port and data directory. Sessions live in memory in this mode,
  // so the queue's next retry meets "signed out": the learner signs in and is sent back to the exam.
  server = startServer(port, dataDir, log);
  await waitHealthy(base);
  await expect(page).toHaveURL(/\/pages\/login\/login/, { timeout: 30_000 });
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page).toHaveURL(new RegExp(`/pages/exam/start/${paperId}`));
  await expect(status).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  await expect.poll(kept).toEqual([]);
  for (const n of [1, 2, 3, 4]) await expect(cardButton(n)).toHaveAttribute('data-state', 'answered');

  // On the server, read with the learner's token: the four answers as given, before and during the outage.
  const token = (await call(request, base, '/api/sys/user/login', { username: 'learner', password: 'Learner@2026' }))
    .token as string;
  const detail = await call(request, base, '/api/paper/paper/paper-detail', { id: paperId }, token);
  const quIds = (detail.groupList as { quList: { quId: string }[] }[])
    .flatMap((g) => g.quList.map((q) => q.quId))
    .slice(0, 4);
  for (const [i, quId] of quIds.entries()) {
    const q = await call(request, base, '/api/paper/paper/qu-detail', { paperId, quId }, token);
    const mine = q.myAnswer ?? {};
    const given = q.answerList?.length
      ? { answers: [q.answerList[0].id] }
      : q.quType === 4
        ? { text: `第${i + 1}题-0` }
        : { blanks: Array.from({ length: q.blankCount }, (_, j) => `第${i + 1}题-${j}`) };
    const stored =
      'answers' in given ? { answers: mine.answers } : 'text' in given ? { text: mine.text } : { blanks: mine.blanks };
    expect(stored, `question ${i + 1} (${quId})`).toEqual(given);
  }
});
