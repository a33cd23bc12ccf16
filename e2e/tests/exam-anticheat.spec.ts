import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { fakeCamera } from './camera';
import { createOpenExam, shot, signIn } from './helpers';

/*
 * The exam screen's anti-cheat controls: fullscreen and developer tools counted as leaves, the composite
 * stem pin, the exam-over code, and camera capture (with Chromium's fake camera, or none).
 */

// Chromium's fake camera (a test pattern) with the permission prompt accepted; Playwright allows
// launch options only per file. The config's executable and flags are kept.
test.use({ launchOptions: fakeCamera() });

/** Signs in and opens the check page of an open exam by its title. */
async function openCheck(page: Page, username: string, title: string) {
  await page.goto('/pages/login/login');
  await signIn(page, username, 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await page.getByRole('tab', { name: '公开考试' }).click();
  await page.locator('.arco-card').filter({ hasText: title }).last().getByRole('button', { name: '进入考试' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/check\//);
}

/**
 * The next camera capture: the frame sent (read on its way, as the browser does not report large
 * bodies to waitForRequest) and the server's reply.
 */
async function nextCapture(page: Page, start: () => Promise<void>) {
  let base64 = '';
  await page.route(
    '**/api/paper/capture/save',
    async (route) => {
      base64 = (route.request().postDataJSON() as { base64: string }).base64;
      await route.continue();
    },
    { times: 1 },
  );
  const response = page.waitForResponse('**/api/paper/capture/save', { timeout: 20_000 });
  await start();
  const reply = (await (await response).json()).data as { isBreak: boolean; failCount: number };
  return { base64, reply };
}

const isFull = (page: Page) => page.evaluate(() => !!document.fullscreenElement);

test('the leave monitor keeps the exam fullscreen and counts leaving it and opening developer tools as leaves', async ({
  page,
  request,
}) => {
  const title = `全屏考试${Date.now() % 100000}`;
  await createOpenExam(request, title, { leaveOn: true, leaveLimit: 3, leaveSec: 0 });
  await openCheck(page, 'learner2', title);
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  // The opening dialog's button is the user gesture that enters fullscreen.
  await expect(page.getByText('考试期间请保持全屏。')).toBeVisible();
  await page.getByRole('button', { name: '我知道了，进入全屏' }).click();
  await expect.poll(() => isFull(page)).toBe(true);

  // Leaving fullscreen: the 3 s check counts one leave and brings fullscreen back (or asks to).
  await page.evaluate(() => document.exitFullscreen());
  await expect(page.getByText('您已离开考试页面 1 次，离开超过 3 次将强制交卷！')).toBeVisible({ timeout: 8000 });
  const back = page.getByRole('button', { name: '返回全屏' });
  if (await back.isVisible()) await back.click();
  await expect.poll(() => isFull(page)).toBe(true);
  await shot(page, 'exam-learner-fullscreen-leave');
  await page.locator('.arco-modal').filter({ hasText: '离开提醒' }).getByRole('button').last().click();
  await page.waitForTimeout(4000); // several checks in fullscreen: no further leave
  await expect(page.getByText(/您已离开考试页面 2 次/)).toHaveCount(0);

  // Docked developer tools (outer window 400 px wider than the page): a warning, and one more leave.
  await page.evaluate(() =>
    Object.defineProperty(window, 'outerWidth', { configurable: true, get: () => window.innerWidth + 400 }),
  );
  await expect(page.getByText('考试期间不允许使用调试模式，请关闭开发者工具后继续作答！')).toBeVisible({
    timeout: 8000,
  });
  await expect(page.getByText('您已离开考试页面 2 次，离开超过 3 次将强制交卷！')).toBeVisible();
  await shot(page, 'exam-learner-devtools');
  await page.waitForTimeout(3500); // still open: not counted again
  await expect(page.getByText(/您已离开考试页面 3 次/)).toHaveCount(0);
});

test('a composite question can pin its stem while the children are answered', async ({ page, request }) => {
  const title = `组合题考试${Date.now() % 100000}`;
  await createOpenExam(request, title, {
    rules: [{ title: '组合题', quType: 99, repoIds: ['r-demo-1', 'r-demo-2'], level: 0, count: 1, score: 10 }],
  });
  await page.setViewportSize({ width: 1366, height: 520 });
  await openCheck(page, 'learner2', title);
  await page.getByRole('button', { name: '开始考试' }).click();
  const stem = page.locator('[data-testid^="question-"]').first().locator('> div').first();
  await expect(stem).toContainText('阅读材料');
  await expect(stem).toHaveCSS('position', 'static');
  await page.getByTestId('pin-stem').click();
  await expect(page.getByRole('button', { name: '取消固定题干' })).toBeVisible();
  await expect(stem).toHaveCSS('position', 'sticky');
  // Scrolled down to the last child, the stem is still on screen at the top.
  const root = page.locator('[data-testid^="question-"]').first();
  await root.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top + 120));
  await expect.poll(async () => Math.round((await stem.boundingBox())?.y ?? -1)).toBe(0);
  await page.screenshot({
    path: fileURLToPath(new URL('../screenshots/exam-learner-composite-pinned.png', import.meta.url)),
  });
  await page.getByTestId('pin-stem').click();
  await expect(stem).toHaveCSS('position', 'static');
});

test('a question answered 20010001 (exam over) sends the learner to the exam list with the break flag', async ({
  page,
  request,
}) => {
  const title = `结束考试${Date.now() % 100000}`;
  await createOpenExam(request, title, {});
  await openCheck(page, 'learner2', title);
  // The server closed the paper meanwhile (hand-in elsewhere, the deadline): paper-view says 20010001.
  await page.route('**/api/paper/paper/paper-view', (route) =>
    route.fulfill({
      status: 409,
      json: { code: 20010001, msg: '考试已结束！', success: false, data: null },
    }),
  );
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByText('考试已结束！')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/exam\?break=1$/);
});

test('without a camera the exam sends a placeholder image and says the camera failed', async ({ page, request }) => {
  const title = `无摄像头考试${Date.now() % 100000}`;
  await createOpenExam(request, title, { camOn: true, camInterval: 1 });
  // The camera is refused, as when the learner denies the browser's prompt.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openCheck(page, 'learner', title);
  const { base64, reply } = await nextCapture(page, async () => {
    await page.getByRole('button', { name: '开始考试' }).click();
    await expect(page.getByText('摄像头载入失败，请确认电脑上有摄像头且已允许网页访问！')).toBeVisible();
  });
  expect(base64).toMatch(/^data:image\/jpeg;base64,/);
  expect(base64.length).toBeGreaterThan(1400); // more than 1 KB of image
  const view = await page.context().newPage(); // the placeholder itself, to look at
  await view.setContent(`<img src="${base64}">`);
  await view
    .locator('img')
    .screenshot({ path: fileURLToPath(new URL('../screenshots/exam-learner-placeholder.png', import.meta.url)) });
  await view.close();
  expect(reply).toMatchObject({ isBreak: false, failCount: 0 }); // the server takes it as an image
});

test.describe('with a (fake) camera', () => {
  test('device check, exam application, and camera frames sent during the exam', async ({ page, request }) => {
    const title = `摄像头考试${Date.now() % 100000}`;
    await createOpenExam(request, title, { camOn: true, camInterval: 1 });
    await openCheck(page, 'learner', title);

    // 考试申请: a reason is required, then the application is sent.
    await page.getByRole('button', { name: '考试申请' }).click();
    const apply = page.locator('.arco-modal').filter({ hasText: '考试申请' });
    await expect(apply).toContainText('若摄像头无法使用或遗失考试密码');
    await apply.getByRole('button', { name: '确定' }).click();
    await expect(apply.getByText('申请理由不能为空！')).toBeVisible();
    await apply.getByRole('textbox').fill('摄像头驱动异常，申请免人脸识别');
    await shot(page, 'exam-learner-apply');
    await apply.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('提交成功，审核结果将通过站内信通知您！')).toBeVisible();
    await expect(apply).toBeHidden();

    // 设备调试: a live picture from the camera, the hints, and the start button.
    await page.getByRole('button', { name: '设备调试' }).click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '设备调试' });
    await expect(dialog.getByTestId('device-status')).toContainText('摄像头正常');
    await expect(dialog.getByTestId('device-camera')).toHaveAttribute('data-live', 'true');
    await expect(dialog).toContainText('https');
    await expect(dialog).toContainText('Chrome 或 Firefox');
    await expect(dialog).toContainText('摄像头/麦克风');
    await expect
      .poll(() => dialog.getByTestId('device-camera').evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await shot(page, 'exam-learner-device-check');

    // Started from the dialog: the first frame goes to the server a few seconds after start.
    const { base64, reply } = await nextCapture(page, async () => {
      await dialog.getByRole('button', { name: '开始考试' }).click();
      await expect(page.getByTestId('exam-timer')).toBeVisible();
      await expect(page.getByTestId('exam-camera')).toHaveAttribute('data-live', 'true');
    });
    expect(base64).toMatch(/^data:image\/jpeg;base64,/);
    expect(base64.length).toBeGreaterThan(5000); // a real frame, not the placeholder
    expect(reply).toMatchObject({ isBreak: false, failCount: 0 });
    await shot(page, 'exam-learner-camera');
  });

  // Face checks (entry by the enrolled face, captures of another person, the limit handing in) are
  // e2e/tests/face-exam.spec.ts: a face-check exam now needs a passing check before its paper.
});
