import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, apiToken as token, fmt, leaveTab, pickSelect, setNumber, shot, signIn } from './helpers';

/*
 * Issue 5's "done means", in one run: a 3-minute exam with a leave limit of 2 over both demo banks; one
 * learner answers, loses the network for 20 s, leaves the tab three times and is handed in by the server;
 * the other walks away and is handed in by the server at the deadline; an admin reviews both short
 * answers and publishes. Every score is checked to the point against the answers given.
 */

const SHORT_TEXT = '遵守操作规程，佩戴防护用品，及时报告隐患';

async function startExam(browser: Browser, username: string, title: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/pages/login/login');
  await signIn(page, username, 'Learner@2026');
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await page.getByRole('tab', { name: '公开考试' }).click();
  await page.locator('.arco-card').filter({ hasText: title }).last().getByRole('button', { name: '进入考试' }).click();
  await expect(page.getByText('离开考试页面超过 2 次将强制交卷')).toBeVisible();
  await page.getByRole('button', { name: '开始考试' }).click();
  await expect(page.getByTestId('exam-timer')).toHaveText(/^00:0[23]:\d\d$/);
  await page.locator('.arco-modal').filter({ hasText: '请勿切换页面' }).getByRole('button').last().click();
  return { context, page };
}

test('two learners take a 3-minute exam; the server hands both in; an admin reviews and publishes', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000); // the second learner really waits out the 3 minutes
  const admin = await token(request, 'admin', 'Admin@2026');
  const title = `综合演练考试${Date.now() % 100000}`;
  // Learners of its own: this spec runs beside the others (playwright.config.ts), which hand in the
  // demo learners' open papers.
  const tag = Date.now().toString(36).slice(-5);
  const [learnerA, learnerB] = [`scena${tag}`, `scenb${tag}`];
  for (const [userName, realName] of [
    [learnerA, '演练学员甲'],
    [learnerB, '演练学员乙'],
  ]) {
    await api(request, admin, '/api/sys/user/save', {
      userName,
      realName,
      deptCode: 'A01A01',
      roles: ['student'],
      password: 'Learner@2026',
    });
  }

  // The admin creates the exam in the dialog: 3 minutes, pass 50, leave limit 2, random groups over both
  // demo banks. Singles are questions 1–3, judges 4–6, the short answer 7 (questions are not shuffled).
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/admin/');
  await signIn(adminPage, 'admin', 'Admin@2026');
  await expect(adminPage).toHaveURL(/\/admin\/dashboard/);
  await adminPage.goto('/admin/exam/list');
  await adminPage.getByRole('button', { name: '新增' }).click();
  const dialog = adminPage.locator('.arco-modal').filter({ hasText: '新增考试' });
  await dialog.getByLabel('考试名称').fill(title);
  const range = dialog.locator('.arco-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(fmt(new Date(Date.now() - 60_000)));
  await range.nth(0).press('Enter');
  await range.nth(1).fill(fmt(new Date(Date.now() + 86400_000)));
  await range.nth(1).press('Enter');
  await dialog.getByLabel('考试名称').click();
  await dialog.getByLabel('考试时长(分钟)').fill('3');
  await dialog.getByLabel('及格分').fill('50');
  await dialog.getByLabel('切屏监控').click();
  await dialog.getByLabel('切屏次数限制').fill('2');
  await dialog.getByLabel('离开判定(秒)').fill('0');
  const rows = dialog.locator('tbody tr');
  const bankPicker = adminPage.locator('.arco-modal').filter({ hasText: '选择题库' }).last();
  const groups: [string, string, string][] = [
    ['单选题', '3', '10'],
    ['判断题', '3', '10'],
    ['简答题', '1', '40'],
  ];
  for (const [i, [type, count, score]] of groups.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: '添加分组' }).click();
    await pickSelect(adminPage, rows.nth(i).locator('.arco-select').first(), type);
    await rows.nth(i).getByRole('button', { name: '选择题库' }).click();
    await bankPicker
      .getByRole('row', { name: /安全生产知识题库/ })
      .locator('.arco-checkbox')
      .click();
    await bankPicker
      .getByRole('row', { name: /计算机基础题库/ })
      .locator('.arco-checkbox')
      .click();
    await bankPicker.getByRole('button', { name: '确定' }).click();
    await setNumber(rows.nth(i), 0, count);
    await setNumber(rows.nth(i), 1, score);
  }
  await expect(dialog.getByText('试卷总分：100分')).toBeVisible();
  await shot(adminPage, 'exam-scenario-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(adminPage.getByText('考试保存成功！')).toBeVisible();
  const [exam] = (await api(request, admin, '/api/exam/exam/paging', { params: { title } })).records;
  expect(await api(request, admin, '/api/exam/exam/detail', { id: exam.id })).toMatchObject({
    totalTime: 3,
    qualifyScore: 50,
    totalScore: 100,
    leaveOn: true,
    leaveLimit: 2,
    leaveSec: 0,
    openType: 1,
  });

  /** Picks the right (or a wrong) option of the question on screen, by the bank's own answer. */
  const choose = async (page: Page, right: boolean) => {
    const panel = page.locator('[data-testid^="question-"]').first();
    const quId = (await panel.getAttribute('data-testid'))!.slice('question-'.length);
    const qu = await api(request, admin, '/api/qu/qu/detail', { id: quId });
    const pick = qu.answerList.find((o: { isRight: boolean }) => o.isRight === right);
    const text = pick.content.replace(/<[^>]+>/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await panel
      .locator('[data-testid^="option-"]')
      .filter({ hasText: new RegExp(`^[A-Z]\\.\\s*${text}$`) })
      .click();
    return (qu.content as string).replace(/<[^>]+>/g, ''); // the stem, as lists show it
  };
  const goTo = (page: Page, n: number) =>
    page
      .getByTestId('answer-sheet')
      .getByRole('button', { name: String(n), exact: true })
      .click();
  const writeShort = async (page: Page) => {
    await goTo(page, 7);
    const text = page.getByLabel('作答内容');
    await text.fill(SHORT_TEXT);
    await text.blur();
    // Saved means the answer card shows it answered (the status alone may still show an earlier save).
    await expect(page.getByTestId('answer-sheet').getByRole('button', { name: '7', exact: true })).toHaveAttribute(
      'data-state',
      'answered',
    );
  };

  // Learner 2 starts first, answers three questions and walks away (closes the browser).
  const b = await startExam(browser, learnerB, title);
  const bStatus = b.page.getByTestId('save-status');
  await choose(b.page, true); // q1 right: 10
  await expect(bStatus).toHaveAttribute('data-state', 'saved');
  await goTo(b.page, 4);
  await choose(b.page, false); // q4 wrong: 0
  await expect(bStatus).toHaveAttribute('data-state', 'saved');
  await writeShort(b.page);
  await expect(bStatus).toHaveAttribute('data-state', 'saved');
  const bPaper = b.page.url().split('/').pop()!;
  await b.context.close();

  // Learner 1: two answers online, two while the network is down for 20 s, then the short answer.
  const a = await startExam(browser, learnerA, title);
  const aPaper = a.page.url().split('/').pop()!;
  const status = a.page.getByTestId('save-status');
  await choose(a.page, true); // q1 right: 10
  await expect(status).toHaveAttribute('data-state', 'saved');
  await goTo(a.page, 2);
  const wrongStem = await choose(a.page, false); // q2 wrong: 0
  await expect(status).toHaveAttribute('data-state', 'saved');
  await a.context.setOffline(true);
  await goTo(a.page, 3);
  await choose(a.page, true); // q3 right: 10, queued
  await goTo(a.page, 4);
  await choose(a.page, true); // q4 right: 10, queued
  await expect(status).toHaveAttribute('data-state', 'queued', { timeout: 10_000 });
  await shot(a.page, 'exam-scenario-offline');
  await a.page.waitForTimeout(20_000);
  await a.context.setOffline(false);
  await expect(status).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
  const sheet = a.page.getByTestId('answer-sheet');
  for (const n of [1, 2, 3, 4])
    await expect(sheet.getByRole('button', { name: String(n), exact: true })).toHaveAttribute('data-state', 'answered');
  await writeShort(a.page);
  await expect(status).toHaveAttribute('data-state', 'saved');

  // Three leaves with a limit of 2: two warnings, then the server ends the paper.
  for (const n of [1, 2]) {
    await leaveTab(a.page);
    await expect(a.page.getByText(`您已离开考试页面 ${n} 次，离开超过 2 次将强制交卷！`)).toBeVisible();
    await a.page.locator('.arco-modal').filter({ hasText: '离开提醒' }).getByRole('button').last().click();
  }
  await leaveTab(a.page);
  await expect(a.page).toHaveURL(/\/pages\/exam\/result\//);
  await expect(a.page.getByText('您已离开考试页面 3 次，超过 2 次，系统已自动交卷！')).toBeVisible();
  const learner = await token(request, learnerA, 'Learner@2026');
  const aHanded = await api(request, learner, '/api/paper/paper/paper-result', { id: aPaper });
  expect(aHanded).toMatchObject({ state: 1, objScore: 30, leaveTimes: 3, exState: 2, passed: null });

  // The admin reviews learner 1's short answer in the browser and publishes.
  const review = async (paperId: string, score: string, total: number) => {
    await adminPage.goto(`/admin/exam/review/detail/${paperId}`);
    await expect(adminPage.getByText(SHORT_TEXT).first()).toBeVisible();
    const input = adminPage.locator('.arco-card .arco-input-number input');
    await input.fill(score);
    await input.blur();
    await expect(adminPage.getByText('已评分')).toHaveCount(1);
    await adminPage.getByRole('button', { name: '完成阅卷' }).click();
    await adminPage.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
    await expect(adminPage.getByText(`阅卷完成，得分${total}分`)).toBeVisible();
  };
  await review(aPaper, '25.5', 55.5);
  await shot(adminPage, 'exam-scenario-reviewed');
  expect(await api(request, learner, '/api/paper/paper/paper-result', { id: aPaper })).toMatchObject({
    state: 2,
    userScore: 55.5,
    passed: true,
  });

  // Learner 2's paper is handed in by the server once the 3 minutes (and the 15 s grace) are over.
  const learner2 = await token(request, learnerB, 'Learner@2026');
  // (Until then paper-result answers 试卷尚未交卷！.)
  await expect
    .poll(
      async () => {
        const r = await (
          await request.post('/api/paper/paper/paper-result', { data: { id: bPaper }, headers: { token: learner2 } })
        ).json();
        return r.code === 0 ? r.data.state : r.msg;
      },
      {
        timeout: 240_000,
        intervals: [5000],
      },
    )
    .toBe(1);
  expect(await api(request, learner2, '/api/paper/paper/paper-result', { id: bPaper })).toMatchObject({
    objScore: 10,
    exState: 0,
    exMsg: '考试时间到，系统自动交卷',
    leaveTimes: 0,
  });
  await review(bPaper, '30', 40);
  expect(await api(request, learner2, '/api/paper/paper/paper-result', { id: bPaper })).toMatchObject({
    state: 2,
    userScore: 40,
    passed: false,
  });

  // Learner 1 sees the published score on the result page.
  await a.page.reload();
  await expect(a.page.getByTestId('exam-result')).toContainText('55.5');
  await shot(a.page, 'exam-scenario-result');

  // The exam's wrong questions reached learner 1's book (showBook is on by default).
  await a.page.goto('/pages/exam');
  await a.page.getByTestId('my-exam-card').filter({ hasText: title }).getByText('考试错题').click();
  await expect(a.page).toHaveURL(/\/pages\/book\/list\?refId=.*&refType=exam/);
  await expect(a.page.getByRole('button', { name: wrongStem })).toBeVisible();
  await shot(a.page, 'exam-scenario-book');
});
