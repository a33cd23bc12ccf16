import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createOpenExam, leaveTab, shot, signIn } from './helpers';

/** Answers the question on screen, whatever its type: the first option, or text in every field. */
async function answerCurrent(page: Page) {
  const panel = page.locator('[data-testid^="question-"]').first();
  await expect(panel).toBeVisible();
  const option = panel.getByTestId('option-A');
  if (await option.count()) {
    await option.first().click();
    return;
  }
  const fields = panel.locator('textarea, input[type="text"], input:not([type])');
  for (let i = 0; i < (await fields.count()); i++) await fields.nth(i).fill(`答案${i + 1}`);
  await fields.first().blur();
}

test('a learner takes the demo exam: answers are saved, queued while offline, handed in and scored', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000); // a whole exam with a network drop and a reminder round trip
  // A paper left open by an earlier run would be resumed: hand it in first, so the exam starts afresh.
  const learner = (
    await (
      await request.post('/api/sys/user/login', { data: { username: 'learner', password: 'Learner@2026' } })
    ).json()
  ).data.token as string;
  const open = (
    await (
      await request.post('/api/paper/paper/check-process', {
        data: { examId: 'e-demo-1' },
        headers: { token: learner },
      })
    ).json()
  ).data;
  if (open) await request.post('/api/paper/paper/hand-exam', { data: { id: open.id }, headers: { token: learner } });

  await page.goto('/pages/login/login');
  await signIn(page, 'learner', 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await expect(page.getByRole('tab', { name: '我的考试' })).toBeVisible();
  const card = page.getByTestId('my-exam-card').filter({ hasText: '安全生产与计算机基础综合考试' }).first();
  await expect(card).toBeVisible();
  await shot(page, 'exam-learner-list');
  // The card offers the exam application too (sent on the check page test below).
  await card.getByText('考试申请').click();
  await expect(page.locator('.arco-modal').filter({ hasText: '若摄像头无法使用或遗失考试密码' })).toBeVisible();
  await page.locator('.arco-modal').getByRole('button', { name: '取消' }).click();
  await card.getByRole('button', { name: '进入考试' }).click();

  await expect(page).toHaveURL(/\/pages\/exam\/check\//);
  // The list stays until the check view's code and styles are in: wait for the check view itself.
  await expect(page.getByRole('button', { name: '开始考试' })).toBeVisible();
  await expect(page.getByText('试卷总分')).toBeVisible();
  await shot(page, 'exam-learner-check');
  // Opening the paper: create-paper and one paper-view, never a request per question.
  const opening: string[] = [];
  const countOpening = (r: { url: () => string }) => {
    const m = /\/api\/paper\/paper\/(create-paper|paper-detail|paper-view|qu-detail)$/.exec(new URL(r.url()).pathname);
    if (m) opening.push(m[1]);
  };
  page.on('request', countOpening);
  await page.getByRole('button', { name: '开始考试' }).click();

  await expect(page).toHaveURL(/\/pages\/exam\/start\//);
  await expect(page.getByTestId('exam-timer')).toHaveText(/^00:[0-2]\d:\d\d$/);
  await expect(page.locator('[data-testid^="question-"]').first()).toBeVisible();
  await page.waitForTimeout(1500); // a per-question prefetch would have started by now
  page.off('request', countOpening);
  expect(opening.filter((u) => u === 'qu-detail')).toEqual([]);
  expect(opening.length).toBeLessThanOrEqual(3);
  expect(opening).toContain('paper-view');
  expect(await page.evaluate(() => localStorage.getItem('exam-process-cache'))).toBe('yes');
  const status = page.getByTestId('save-status');
  const sheet = page.getByTestId('answer-sheet');

  // Two answers online: saved, and the answer card shows them answered.
  for (let i = 0; i < 2; i++) {
    await answerCurrent(page);
    await expect(status).toHaveAttribute('data-state', 'saved');
    await page.getByRole('button', { name: '下一题' }).click();
  }
  // (An open paper left by an earlier run is resumed: check the questions by number, not by count.)
  const cardButton = (n: number) => sheet.getByRole('button', { name: String(n), exact: true });
  for (const n of [1, 2]) await expect(cardButton(n)).toHaveAttribute('data-state', 'answered');
  await page.getByRole('button', { name: '标记', exact: true }).click();
  await expect(page.getByRole('button', { name: '取消标记' })).toBeVisible();
  await expect(status).toHaveAttribute('data-state', 'saved');
  await expect(cardButton(3)).toHaveAttribute('data-mark', 'true');
  await shot(page, 'exam-learner-saved');

  // The proctor's reminder reaches the screen as a persistent 管理员提醒 (the channel may take a moment to open).
  const login = await request.post('/api/sys/user/login', { data: { username: 'admin', password: 'Admin@2026' } });
  const adminToken = (await login.json()).data.token as string;
  await expect
    .poll(
      async () => {
        const r = await request.post('/api/socket/watch/single-msg', {
          data: { examId: 'e-demo-1', userId: 'u-learner', message: '请独立完成考试' },
          headers: { token: adminToken },
        });
        return (await r.json()).data?.success;
      },
      { timeout: 15_000, intervals: [1000] },
    )
    .toBe(1);
  const reminder = page.locator('.arco-notification').filter({ hasText: '管理员提醒' });
  await expect(reminder).toContainText('请独立完成考试');
  await shot(page, 'exam-learner-reminder');
  await reminder.locator('.arco-notification-close-btn').click();
  await expect(reminder).toHaveCount(0);

  // The network drops: the next answers stay queued and are sent when it is back.
  await context.setOffline(true);
  await answerCurrent(page);
  await page.getByRole('button', { name: '下一题' }).click();
  await answerCurrent(page);
  await expect(status).toHaveAttribute('data-state', 'queued', { timeout: 10_000 });
  await expect(status).toContainText('保存失败');
  await shot(page, 'exam-learner-offline');
  await page.waitForTimeout(3000);
  await context.setOffline(false);
  await expect(status).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  for (const n of [3, 4]) await expect(cardButton(n)).toHaveAttribute('data-state', 'answered');
  await shot(page, 'exam-learner-back-online');

  // Pasting is blocked on the exam screen.
  await page.getByRole('button', { name: '19', exact: true }).click();
  const text = page.getByLabel('作答内容');
  await expect(text).toBeVisible();
  await text.dispatchEvent('paste');
  await expect(page.getByText('考试期间不能复制粘贴哦！')).toBeVisible();

  // Hand in with confirmation; the result page follows.
  await page.getByRole('button', { name: '交卷' }).click();
  await expect(page.getByText('确认交卷')).toBeVisible();
  // Leaving the exam screen clears exam-process-cache and reloads the page after 1 s (spec learner §2).
  const reloaded = page.waitForEvent('load');
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/pages\/exam\/result\//);
  const resultUrl = page.url();
  await reloaded;
  expect(await page.evaluate(() => localStorage.getItem('exam-process-cache'))).toBeNull();
  await expect(page.getByTestId('exam-result')).toBeVisible();
  await expect(page.getByText(/待出分|得分/).first()).toBeVisible();
  await shot(page, 'exam-learner-result');
  await page.screenshot({
    path: fileURLToPath(new URL('../screenshots/exam-learner-result-top.png', import.meta.url)),
  }); // the score, unscrolled

  // The records of the exam list the paper.
  await page.getByRole('button', { name: '考试记录' }).click();
  await expect(page).toHaveURL(/\/pages\/paper\/list\?examId=/);
  await expect(page.getByRole('button', { name: '查看结果' }).first()).toBeVisible();
  await shot(page, 'exam-learner-records');
  expect(await page.evaluate(() => localStorage.getItem('exam-process-cache'))).toBeNull();

  // A handed-in paper cannot be reopened: 20010001, then the exam list with the break flag.
  const paperUrl = resultUrl.replace('/result/', '/start/');
  await page.goto(paperUrl);
  await expect(page).toHaveURL(/\/pages\/exam\?break=1$/);
});

test('the leave monitor warns on each leave and hands in over the limit', async ({ page, request }) => {
  const title = `切屏限制考试${Date.now() % 100000}`;
  await createOpenExam(request, title, { leaveOn: true, leaveLimit: 1, leaveSec: 0 });

  await page.goto('/pages/login/login');
  await signIn(page, 'learner2', 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await page.getByRole('tab', { name: '公开考试' }).click();
  const card = page.locator('.arco-card').filter({ hasText: title }).last();
  await card.getByRole('button', { name: '进入考试' }).click();
  await expect(page.getByText('离开考试页面超过 1 次将强制交卷')).toBeVisible();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  // The opening warning, then one allowed leave, then the second ends the exam.
  await expect(page.getByText('本场考试离开页面超过 1 次将强制交卷，请勿切换页面！')).toBeVisible();
  await page
    .locator('.arco-modal')
    .getByRole('button', { name: /确定|知道了|OK/ })
    .first()
    .click();
  await leaveTab(page);
  await expect(page.getByText('您已离开考试页面 1 次，离开超过 1 次将强制交卷！')).toBeVisible();
  await shot(page, 'exam-learner-leave-warning');
  await page.locator('.arco-modal').getByRole('button').last().click();
  const reloaded = page.waitForEvent('load');
  await leaveTab(page);
  await expect(page).toHaveURL(/\/pages\/exam\/result\//);
  await expect(page.getByText('您已离开考试页面 2 次，超过 1 次，系统已自动交卷！')).toBeVisible();
  await shot(page, 'exam-learner-leave-over');
  // The page reloads after leaving the exam screen; the result (with the reason) is still there.
  await reloaded;
  await expect(page.getByTestId('exam-result')).toContainText('切屏次数超过限制，系统强制交卷');
});
