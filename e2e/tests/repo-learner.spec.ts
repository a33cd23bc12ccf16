import { expect, test } from '@playwright/test';
import { handInOpenPapers, shot, signIn } from './helpers';

// A demo-exam paper left open by an exam spec would hide its questions' answers from this training.
test.beforeEach(({ request }) => handInOpenPapers(request, 'learner2', 'Learner@2026'));

test('a learner joins a bank, trains, gets wrong answers into the book, writes a note and reports an error', async ({
  page,
}) => {
  await page.goto('/pages/login/login');
  await signIn(page, 'learner2', 'Learner@2026');
  await expect(page.getByRole('menuitem', { name: '题库训练' })).toBeVisible();
  await page.getByRole('menuitem', { name: '题库训练' }).click();
  await page.getByRole('tab', { name: '题库中心' }).click();
  const card = page.locator('.arco-card').filter({ hasText: '计算机基础题库' }).last();
  const join = card.getByRole('button', { name: /加入|取消加入/ });
  if ((await join.getAttribute('aria-label')) === '加入题库') await join.click();
  await expect(card.getByRole('button', { name: '取消加入' })).toBeVisible();
  await shot(page, 'repo-learner-open-banks');
  // Two cards a row on a wide screen (the page's perRow).
  const [first, second] = await page
    .locator('.paged-card-grid > *')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(second.y).toBe(first.y);
  expect(second.x).toBeGreaterThan(first.right);
  await page.getByRole('tab', { name: '我的题库' }).click();
  await expect(page.getByRole('button', { name: '计算机基础题库' })).toBeVisible();
  await page.getByRole('button', { name: '计算机基础题库' }).click();
  await expect(page).toHaveURL(/\/pages\/repo\/view\/r-demo-2/);

  // Sequential training, started afresh.
  const seq = page.getByTestId('mode-sequence');
  await expect(seq.getByRole('button', { name: /开始训练|重新开始/ }).first()).toBeVisible();
  await shot(page, 'repo-learner-bank-view');
  const restart = seq.getByRole('button', { name: '重新开始' });
  if (await restart.count()) await restart.click();
  else await seq.getByRole('button', { name: '开始训练' }).click();
  await expect(page).toHaveURL(/\/pages\/train\/start\/r-demo-2\/sequence/);
  await expect(page.getByText('第 1 /')).toBeVisible();
  // No answer or analysis before answering.
  await expect(page.getByTestId('solution')).toHaveCount(0);
  // Single choice submits on pick: a wrong option (GPU) locks the choices and shows the right answer.
  await page.getByTestId('option-B').click();
  await expect(page.getByTestId('solution')).toBeVisible();
  await expect(page.getByText('回答错误')).toBeVisible();
  await expect(page.getByText('正确答案：A')).toBeVisible();
  await shot(page, 'repo-learner-train-answered');
  await expect(page.getByTestId('option-A')).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('option-A').click({ force: true }); // locked: nothing changes
  await expect(page.getByText('回答错误')).toBeVisible();

  // The mark bar: note and report error, with their empty-input messages.
  await page.getByRole('button', { name: '笔记' }).click();
  await page.getByLabel('笔记内容').fill(''); // a rerun finds the earlier note
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('笔记内容不能为空！')).toBeVisible();
  await page.getByLabel('笔记内容').fill('CPU 是中央处理器');
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('笔记保存成功！')).toBeVisible();
  await page.getByRole('button', { name: '纠错' }).click();
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('错误描述不能为空！')).toBeVisible();
  await page.getByLabel('错误描述').fill('选项描述不够清楚');
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('提交成功，感谢您的反馈！')).toBeVisible();

  // Next questions: go to the multiple choice (4th), it waits for 确认答案.
  await page.getByRole('button', { name: '第4题' }).click();
  await expect(page.getByText('第 4 /')).toBeVisible();
  await page.getByTestId('option-A').click();
  await expect(page.getByTestId('solution')).toHaveCount(0);
  await page.getByTestId('option-B').click();
  await page.getByTestId('option-D').click();
  await page.getByRole('button', { name: '确认答案' }).click();
  await expect(page.getByText('回答正确')).toBeVisible();
  await shot(page, 'repo-learner-train-multiple');

  await page.getByRole('button', { name: '结束训练' }).click();
  // Questions are left: ending is asked first.
  const ask = page.locator('.arco-modal').filter({ hasText: /还有 \d+ 题未作答，确定要结束训练吗？/ });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/pages\/train\/result\//);
  await expect(page.getByText('训练结果')).toBeVisible();
  await shot(page, 'repo-learner-train-result');

  await page.getByRole('button', { name: '查看错题' }).click();
  await expect(page).toHaveURL(/\/pages\/book\/list/);
  await expect(page.getByRole('button', { name: /计算机的中央处理器简称是/ })).toBeVisible();
  await page.getByRole('button', { name: /计算机的中央处理器简称是/ }).click();
  await expect(page.locator('.arco-modal').getByText('正确答案：A')).toBeVisible();
  await page.waitForTimeout(500); // the dialog's opening animation
  await shot(page, 'repo-learner-book-detail');
  await page.locator('.arco-modal .arco-modal-close-icon').click();

  await page.goto('/pages/train/record');
  await expect(page.getByText('训练记录').first()).toBeVisible();
  await shot(page, 'repo-learner-train-record');
});

test('the learner trains in the other modes: remember, random, by type and wrong questions only', async ({ page }) => {
  await page.goto('/pages/login/login');
  await signIn(page, 'learner2', 'Learner@2026');
  await expect(page.getByRole('menuitem', { name: '题库训练' })).toBeVisible();
  const startMode = async (mode: string) => {
    await page.goto('/pages/repo/view/r-demo-2');
    const card = page.getByTestId(`mode-${mode}`);
    const restart = card.getByRole('button', { name: '重新开始' });
    await expect(card.getByRole('button', { name: /开始训练|重新开始/ }).first()).toBeVisible();
    if (await restart.count()) await restart.click();
    else await card.getByRole('button', { name: '开始训练' }).click();
    await expect(page.getByText(/第 1 \/ \d+ 题/)).toBeVisible();
  };

  // Remember: the answer and analysis show at once, the choices are locked, nothing to confirm.
  await startMode('repo_rem');
  await expect(page.getByText(/第 1 \/ 1\d 题/)).toBeVisible(); // the whole bank
  await expect(page.getByTestId('solution')).toBeVisible();
  await expect(page.getByText('正确答案：A')).toBeVisible();
  await expect(page.getByTestId('option-A')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: '确认答案' })).toHaveCount(0);
  await shot(page, 'repo-learner-train-remember');

  // Random: every question of the bank, answered one by one; a judge submits on pick.
  await startMode('random');
  await expect(page.getByText(/第 1 \/ 1\d 题/)).toBeVisible(); // the whole bank
  await expect(page.getByTestId('solution')).toHaveCount(0);

  // By type: only the chosen type's questions (3 single choices).
  await page.goto('/pages/repo/view/r-demo-2');
  const byType = page.getByTestId('mode-type');
  await byType.getByRole('combobox').click();
  await page
    .locator('.arco-select-popup:visible')
    .getByText(/^单选（\d+）$/)
    .click();
  await byType
    .getByRole('button', { name: /开始训练|继续训练/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/type\?quType=1/);
  await expect(page.getByText('第 1 / 3 题')).toBeVisible();
  await page.getByTestId('option-B').click(); // never the CPU question's right answer: it stays wrong for the next step
  await expect(page.getByTestId('solution')).toBeVisible();
  await shot(page, 'repo-learner-train-type');

  // Wrong questions only: the CPU question answered wrong in the first test; answered right now,
  // it leaves the wrong list of the book.
  await startMode('wrong');
  await expect(page.getByText('计算机的中央处理器简称是？')).toBeVisible();
  await page.getByTestId('option-A').click();
  await expect(page.getByText('回答正确')).toBeVisible();
  await shot(page, 'repo-learner-train-wrong');
  await page.goto('/pages/book/list?refType=repo&refId=r-demo-2');
  await expect(page.getByText('错题本').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /计算机的中央处理器简称是/ })).toHaveCount(0);
});

test('the admin sees the learner report', async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/repo/report');
  await expect(page.getByRole('cell', { name: '选项描述不够清楚' }).first()).toBeVisible();
  await shot(page, 'repo-admin-report-list');
});
