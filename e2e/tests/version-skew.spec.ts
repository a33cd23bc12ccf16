import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOpenExam, handInOpenPapers, shot, signIn } from './helpers';
import { lastRelease, releaseRemote } from './release-remote';

/*
 * Version skew (docs/deploying.md): the exam remote as the last release built it, deployed under a URL of its own and
 * named in the runtime config (as an operator points `remotes.mfe_exam` at it), runs against today's services and
 * today's shell. A learner takes an exam with it from the list to the result.
 */
const OLD = '/mfe-release/mfe-exam/';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

test('the last release’s exam remote takes an exam against today’s services', async ({ page, request }) => {
  test.setTimeout(180_000); // the old remote is built from its commit on the first run (about 30 s)
  const { release, commit } = lastRelease();
  const dist = releaseRemote('mfe-exam');
  const title = `旧版远程考试${Date.now() % 100000}`;
  await createOpenExam(request, title, {});
  await handInOpenPapers(request, 'learner2', 'Learner@2026');

  // The old build served from its own folder; the runtime config points the shell at it.
  const served: string[] = [];
  const current: string[] = [];
  await page.route('**/runtime-config.json', async (route) => {
    const config = await (await route.fetch()).json();
    await route.fulfill({ json: { ...config, remotes: { ...config.remotes, mfe_exam: `${OLD}remoteEntry.js` } } });
  });
  await page.route(`**${OLD}**`, async (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.slice(OLD.length));
    const file = path.join(dist, rel);
    if (!file.startsWith(dist)) return route.fulfill({ status: 404 });
    served.push(rel);
    await route.fulfill({
      body: readFileSync(file),
      headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' },
    });
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/mfe/mfe-exam/')) current.push(r.url());
  });

  await page.goto('/pages/login/login');
  await signIn(page, 'learner2', 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await page.getByRole('tab', { name: '公开考试' }).click();
  await page.locator('.arco-card').filter({ hasText: title }).last().getByRole('button', { name: '进入考试' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/check\//);
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByTestId('exam-timer')).toBeVisible();

  // Three single choices: each answered (the first option) and saved by today's service.
  const sheet = page.getByTestId('answer-sheet');
  for (let n = 1; n <= 3; n++) {
    await sheet.getByRole('button', { name: String(n), exact: true }).click();
    await page.locator('[data-testid^="question-"]').first().getByTestId('option-A').first().click();
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
    await expect(sheet.getByRole('button', { name: String(n), exact: true })).toHaveAttribute('data-state', 'answered');
  }
  await page.getByRole('button', { name: '交卷' }).click();
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/result\//);
  await expect(page.getByTestId('exam-result')).toBeVisible();
  await expect(page.getByText(/得分/).first()).toBeVisible();
  await shot(page, 'version-skew-result');

  // Every exam view came from the old build; none from today's remote.
  expect(served).toContain('remoteEntry.js');
  expect(served.some((f) => f.startsWith('static/js/'))).toBe(true);
  expect(current, `today's remote was loaded; the release is ${release} (${commit})`).toEqual([]);
});
