import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fakeCamera } from './camera';
import { api, apiToken, fmt, handInOpenPapers, pickSelect, shot, signIn } from './helpers';

/*
 * Issue 11's "done means": two learners start a camera exam; the admin watches them in the grid (snapshots included), sends
 * one a message and both a batch message, sees a closed tab counted as failed, force-hands one (their
 * screen stops at once, the handed-in tab shows the reason), force-hands all; the dashboard charts fill.
 * One shared setup, serial steps.
 */
test.describe.configure({ mode: 'serial' });
// Chromium's fake camera, so the exam's snapshots reach the grid (launch options are per file).
test.use({ launchOptions: fakeCamera() });

/** A public exam over the demo banks with the camera on (a snapshot a minute, the first at once). */
const TITLE = `监考演练${Date.now() % 100000}`;
let EXAM = '';
const NAME_A = '张小明'; // learner
const NAME_B = '李小红'; // learner2
let a: { context: BrowserContext; page: Page };
let b: { context: BrowserContext; page: Page };
let admin: Page;

async function startDemoExam(context: BrowserContext, username: string) {
  const page = await context.newPage();
  await page.goto('/pages/login/login');
  await signIn(page, username, 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await page.getByRole('tab', { name: '公开考试' }).click();
  await page.locator('.arco-card').filter({ hasText: TITLE }).last().getByRole('button', { name: '进入考试' }).click();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/start\//);
  await expect(page.getByTestId('exam-camera')).toHaveAttribute('data-live', 'true');
  // One answer: the first option of the first question (single choice).
  await page.locator('[data-testid^="question-"]').first().getByTestId('option-A').click();
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  return { context, page };
}
const cell = (name: string) => admin.locator('.watch-grid .arco-card').filter({ hasText: name });
/** Opens a grid dialog, writes the text and confirms; returns the toast text locator. */
async function prompt(open: Locator, title: string, text: string) {
  await open.click();
  const dialog = admin.locator('.arco-modal').filter({ hasText: title });
  await dialog.locator('textarea').fill(text);
  await dialog.getByRole('button', { name: '确定' }).click();
  return dialog;
}

test.beforeAll(async ({ browser, request }) => {
  const token = await apiToken(request, 'admin', 'Admin@2026');
  await api(request, token, '/api/exam/exam/save', {
    title: TITLE,
    openType: 1,
    startTime: fmt(new Date(Date.now() - 60_000)),
    endTime: fmt(new Date(Date.now() + 86400_000)),
    totalTime: 30,
    qualifyScore: 6,
    camOn: true,
    camInterval: 1,
    rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], level: 0, count: 3, score: 4 }],
  });
  EXAM = (await api(request, token, '/api/exam/exam/paging', { params: { title: TITLE } })).records[0].id;
  // The demo learners are shared by every spec: start from no open paper.
  await handInOpenPapers(request, 'learner', 'Learner@2026');
  await handInOpenPapers(request, 'learner2', 'Learner@2026');
  a = await startDemoExam(await browser.newContext(), 'learner');
  b = await startDemoExam(await browser.newContext(), 'learner2');
  admin = await (await browser.newContext()).newPage();
  await admin.goto('/admin/');
  await signIn(admin, 'admin', 'Admin@2026');
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
});
test.afterAll(async ({ request }) => {
  // Whatever step failed, leave no paper open for the specs after this one.
  await handInOpenPapers(request, 'learner', 'Learner@2026').catch(() => {});
  await handInOpenPapers(request, 'learner2', 'Learner@2026').catch(() => {});
  for (const c of [a?.context, b?.context, admin?.context()]) await c?.close();
});

test('the grid shows both examinees online with their answer counts', async () => {
  await admin.goto(`/admin/exam/watch/detail?examId=${EXAM}`);
  for (const name of [NAME_A, NAME_B]) {
    await expect(cell(name).getByText('在线')).toBeVisible();
    await expect(cell(name)).toContainText(/答题 1\/\d+/);
  }
  // Each cell shows the examinee's latest camera snapshot (served to proctors only).
  for (const name of [NAME_A, NAME_B]) {
    await expect(cell(name).getByRole('img', { name: `${name}的抓拍` })).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() =>
        cell(name)
          .getByRole('img')
          .evaluate((i: HTMLImageElement) => i.naturalWidth),
      )
      .toBeGreaterThan(0);
  }
  await expect(admin.locator('.arco-statistic').filter({ hasText: '正在考试' })).toContainText('2');
  await shot(admin, 'watch-grid');
});

test('a message to one examinee shows as 管理员提醒 on their screen only; a batch message reaches both', async () => {
  await prompt(cell(NAME_A).getByRole('button', { name: '提醒' }), `提醒：${NAME_A}`, '请独立完成考试');
  await expect(admin.getByText('成功：1，失败：0')).toBeVisible();
  const reminderA = a.page.locator('.arco-notification').filter({ hasText: '管理员提醒' });
  await expect(reminderA).toContainText('请独立完成考试');
  await shot(a.page, 'watch-learner-reminder');
  await expect(b.page.locator('.arco-notification')).toHaveCount(0);

  await prompt(admin.getByRole('button', { name: '全部提醒' }), '发送提醒', '距离考试结束还有10分钟');
  await expect(admin.getByText('成功：2，失败：0')).toBeVisible();
  for (const p of [a.page, b.page])
    await expect(p.locator('.arco-notification').filter({ hasText: '距离考试结束还有10分钟' })).toBeVisible();
});

test('a learner who closed the page counts as failed', async () => {
  await b.page.close();
  // The grid refreshes on its own; a reload shows the closed tab at once.
  await expect(async () => {
    await admin.reload();
    await expect(cell(NAME_B).getByText('离线')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await prompt(admin.getByRole('button', { name: '全部提醒' }), '发送提醒', '请保持考试页面打开');
  await expect(admin.getByText('成功：1，失败：1')).toBeVisible();
  // A phone opens the grid (the shell picks its layout when it loads).
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(cell(NAME_A)).toBeVisible();
  await shot(admin, 'watch-grid-390');
  await admin.setViewportSize({ width: 1366, height: 820 });
  await admin.reload();
});

test("a forced hand-in stops the learner's screen within 2 s; the handed-in tab lists it with the reason", async () => {
  await prompt(cell(NAME_A).getByRole('button', { name: '交卷' }), '强制交卷', '发现使用手机');
  const sent = Date.now();
  await expect(admin.getByText('交卷成功！')).toBeVisible();
  await expect(a.page.getByText('管理员已强制交卷：发现使用手机')).toBeVisible({ timeout: 2000 });
  await expect(a.page).toHaveURL(/\/pages\/exam\/result\//, { timeout: 2000 });
  expect(Date.now() - sent).toBeLessThan(2000);
  await shot(a.page, 'watch-learner-forced');

  await admin.getByRole('tab', { name: '已交卷' }).click();
  const row = admin.getByRole('row').filter({ hasText: NAME_A }).first();
  await expect(row).toContainText('发现使用手机');
  await expect(row).toContainText('违规');
  await shot(admin, 'watch-handed');
});

test('force-hand-all hands in the rest; the grid empties', async ({ request }) => {
  await admin.getByRole('tab', { name: '考试监控' }).click();
  await admin.getByRole('button', { name: '全部交卷' }).click();
  const dialog = admin.locator('.arco-modal').filter({ hasText: '全部交卷' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('考卷状态必须选择！')).toBeVisible();
  await expect(dialog.getByText('收卷理由必须填写！')).toBeVisible();
  await pickSelect(admin, dialog.locator('.arco-select'), '缺考');
  await dialog.locator('textarea').fill('考试结束统一收卷');
  await dialog.getByRole('button', { name: '确定' }).click();
  const confirm = admin.locator('.arco-modal').filter({ hasText: '交卷后考生将无法继续考试，确实要全部交卷吗？' });
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText(/已交卷[1-9]\d*份/)).toBeVisible();
  await expect(admin.getByText('没有正在考试的用户！')).toBeVisible();
  const token = await apiToken(request, 'learner2', 'Learner@2026');
  expect(await api(request, token, '/api/paper/paper/check-process', {})).toBeFalsy();
});

test('the dashboard charts are drawn from the data of the day', async ({ request }) => {
  const token = await apiToken(request, 'admin', 'Admin@2026');
  const today = (await api(request, token, '/api/stat/total/exam/week', {})).at(-1);
  expect(today.examUser).toBeGreaterThanOrEqual(2);
  expect(today.examCount).toBeGreaterThanOrEqual(2);
  await admin.goto('/admin/dashboard');
  // A chart's code, and the lists below them, load when they come into view: scrolled to, each is drawn.
  for (const title of ['用户统计', '考试总览', '学习总览']) {
    const card = admin.locator('.arco-card').filter({ hasText: title });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('canvas')).toBeVisible();
  }
  const running = admin.locator('.arco-card').filter({ hasText: '进行中的考试' });
  await running.scrollIntoViewIfNeeded();
  await expect(running.getByText(TITLE).first()).toBeVisible();
  await admin.setViewportSize({ width: 1366, height: 1500 }); // the layout scrolls inside: show every chart
  await admin.waitForTimeout(2000); // the count-up and chart animations end
  await shot(admin, 'watch-dashboard');
});
