import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminAt, api, apiToken, fmt, pickSelect, setNumber, shot, signIn } from './helpers';

test('an admin creates an exam with random rules over both demo banks, then reviews a short answer', async ({
  page,
  request,
}) => {
  const title = `端到端考试${Date.now() % 100000}`;
  await adminAt(page, '/exam/list');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.locator('.arco-modal').filter({ hasText: '新增考试' });
  await dialog.getByLabel('考试名称').fill(title);
  const range = dialog.locator('.arco-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(fmt(new Date(Date.now() - 3600_000)));
  await range.nth(0).press('Enter');
  await range.nth(1).fill(fmt(new Date(Date.now() + 86400_000)));
  await range.nth(1).press('Enter');
  await dialog.getByLabel('考试名称').click();

  // Group 1: single choice from both demo banks, 5 × 10; group 2: short answers, 2 × 25.
  const rows = dialog.locator('tbody tr');
  await rows.nth(0).getByRole('button', { name: '选择题库' }).click();
  const picker = page.locator('.arco-modal').filter({ hasText: '选择题库' }).last();
  await picker
    .getByRole('row', { name: /安全生产知识题库/ })
    .locator('.arco-checkbox')
    .click();
  await picker
    .getByRole('row', { name: /计算机基础题库/ })
    .locator('.arco-checkbox')
    .click();
  await picker.getByRole('button', { name: '确定' }).click();
  await setNumber(rows.nth(0), 0, '5');
  await setNumber(rows.nth(0), 1, '10');
  await dialog.getByRole('button', { name: '添加分组' }).click();
  await pickSelect(page, rows.nth(1).locator('.arco-select').first(), '简答题');
  await rows.nth(1).getByRole('button', { name: '选择题库' }).click();
  await picker
    .getByRole('row', { name: /安全生产知识题库/ })
    .locator('.arco-checkbox')
    .click();
  await picker
    .getByRole('row', { name: /计算机基础题库/ })
    .locator('.arco-checkbox')
    .click();
  await picker.getByRole('button', { name: '确定' }).click();
  await setNumber(rows.nth(1), 0, '2');
  await setNumber(rows.nth(1), 1, '25');
  await expect(dialog.getByText('试卷总分：100分')).toBeVisible();
  await shot(page, 'exam-admin-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('考试保存成功！')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('100 / 60');
  await expect(page.locator('.arco-modal')).toHaveCount(0);
  await shot(page, 'exam-admin-list');
  // Editing reads the rules back with their banks' titles.
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: '编辑' })
    .click();
  const editing = page.locator('.arco-modal').filter({ hasText: '修改考试' });
  await expect(editing.getByText('试卷总分：100分')).toBeVisible();
  await expect(editing.getByText('计算机基础题库')).toHaveCount(2);
  await expect(editing.getByLabel('考试名称')).toHaveValue(title);
  await editing.getByRole('button', { name: '取消' }).click();

  // A learner takes it through the API and hands in with short answers → 待阅卷.
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const learner = await apiToken(request, 'learner', 'Learner@2026');
  const exam = (await api(request, admin, '/api/exam/exam/paging', { params: { title } })).records[0];
  const paper = await api(request, learner, '/api/paper/paper/create-paper', { examId: exam.id });
  const detail = await api(request, learner, '/api/paper/paper/paper-detail', { id: paper.id });
  for (const q of detail.groupList
    .flatMap((g: { quList: { quId: string; quType: number }[] }) => g.quList)
    .filter((q: { quType: number }) => q.quType === 4)) {
    await api(request, learner, '/api/paper/paper/fill-answer', {
      paperId: paper.id,
      quId: q.quId,
      answer: '遵守安全规范，注意防护',
    });
  }
  await api(request, learner, '/api/paper/paper/hand-exam', { id: paper.id });

  await page.goto('/admin/exam/review');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('待阅卷');
  await shot(page, 'exam-admin-review-list');
  await row.getByRole('button', { name: '阅卷' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/review\/detail\//);
  const scores = page.locator('.arco-card .arco-input-number input');
  await expect(scores).toHaveCount(2);
  await expect(page.getByText('遵守安全规范，注意防护').first()).toBeVisible();
  for (const i of [0, 1]) {
    await scores.nth(i).fill(i === 0 ? '20' : '15');
    await scores.nth(i).blur();
  }
  await expect(page.getByText('已评分')).toHaveCount(2);
  await shot(page, 'exam-admin-review-detail');
  await page.getByRole('button', { name: '完成阅卷' }).click();
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(/阅卷完成，得分\d+(\.\d+)?分/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/exam\/review$/);
  const result = await api(request, learner, '/api/paper/paper/paper-result', { id: paper.id });
  expect(result.state).toBe(2);
});

test('an admin audits an exam application; the approved learner enters once without the password', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const learner = await apiToken(request, 'learner2', 'Learner@2026');
  const title = `密码考试${Date.now() % 100000}`;
  const { id: examId } = await api(request, admin, '/api/exam/exam/save', {
    title,
    openType: 9,
    password: 'secret-e2e',
    startTime: fmt(new Date(Date.now() - 3600_000)),
    endTime: fmt(new Date(Date.now() + 86400_000)),
    totalTime: 30,
    qualifyScore: 10,
    rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], count: 2, score: 10 }],
  });
  await api(request, learner, '/api/exam/apply/save', { examId, applyMsg: '考试密码遗失，申请入场' });

  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/exam/apply');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('待审核');
  await row.locator('.arco-checkbox').click();
  await page.getByRole('button', { name: '审核' }).click();
  const dialog = page.locator('.arco-modal').filter({ hasText: '审核申请' });
  await dialog.getByText('驳回').click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('审核意见不能为空！')).toBeVisible();
  await shot(page, 'exam-admin-apply-audit');
  await dialog.getByText('通过', { exact: true }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('审核成功！')).toBeVisible();
  await expect(row).toContainText('通过');
  await expect(dialog).toHaveCount(0);
  await shot(page, 'exam-admin-apply-list');

  const paper = await api(request, learner, '/api/paper/paper/create-paper', { examId });
  expect(paper.id).toBeTruthy();
});

test("an admin builds an exam from a random and a fixed group, previews it, and exports an exam's records", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const learner = await apiToken(request, 'learner', 'Learner@2026');
  const stamp = Date.now() % 100000;
  // A closed bank (kept out of learners' lists) of 12 singles: the picker shows 10 a page, so picks must survive paging.
  const { id: repoId } = await api(request, admin, '/api/repo/save', { title: `固定题库${stamp}`, isOpen: false });
  for (let i = 1; i <= 12; i++) {
    await api(request, admin, '/api/qu/qu/save', {
      repoId,
      quType: 1,
      content: `<p>固定题${stamp}-${i}</p>`,
      answerList: [
        { content: '对', isRight: true },
        { content: '错', isRight: false },
      ],
    });
  }
  // An exam with one handed-in paper (nothing answered: 0 points, not passed), for the records.
  const recTitle = `记录考试${stamp}`;
  const { id: recExam } = await api(request, admin, '/api/exam/exam/save', {
    title: recTitle,
    openType: 1,
    startTime: fmt(new Date(Date.now() - 3600_000)),
    endTime: fmt(new Date(Date.now() + 86400_000)),
    totalTime: 30,
    qualifyScore: 60,
    price: 0,
    points: 0,
    rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], count: 2, score: 50 }],
  });
  const paper = await api(request, learner, '/api/paper/paper/create-paper', { examId: recExam });
  await api(request, learner, '/api/paper/paper/hand-exam', { id: paper.id });

  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/exam/list');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.locator('.arco-modal').filter({ hasText: '新增考试' });
  const title = `固定组考试${stamp}`;
  await dialog.getByLabel('考试名称').fill(title);
  const range = dialog.locator('.arco-picker-range input');
  await range.nth(0).click();
  await range.nth(0).fill(fmt(new Date(Date.now() - 3600_000)));
  await range.nth(0).press('Enter');
  await range.nth(1).fill(fmt(new Date(Date.now() + 86400_000)));
  await range.nth(1).press('Enter');
  await dialog.getByLabel('考试名称').click();
  await dialog.locator('.exam-rich-editor .ProseMirror').fill('考前请阅读考试须知');
  await dialog.getByLabel('线下考试').click();
  await expect(dialog.getByLabel('考试价格(元)')).toBeVisible();
  await dialog.getByLabel('所需积分').fill('5');
  await dialog.getByLabel('人脸识别').click();
  await dialog.getByLabel('人脸识别失败次数').fill('2');
  await dialog.getByLabel('考试价格(元)').scrollIntoViewIfNeeded();
  await shot(page, 'exam-admin-dialog-fields');

  // Group 1 random: 2 singles from the computer bank, 20 each.
  const rows = dialog.locator('tbody tr');
  await rows.nth(0).getByRole('button', { name: '选择题库' }).click();
  const repoPicker = page.locator('.arco-modal').filter({ hasText: '选择题库' }).last();
  await repoPicker
    .getByRole('row', { name: /计算机基础题库/ })
    .locator('.arco-checkbox')
    .click();
  await repoPicker.getByRole('button', { name: '确定' }).click();
  await setNumber(rows.nth(0), 0, '2');
  await setNumber(rows.nth(0), 1, '20');
  // Group 2 fixed: one question from each page of the picker, 10 each.
  await dialog.getByRole('button', { name: '添加分组' }).click();
  await rows.nth(1).getByRole('button', { name: '选择试题' }).click();
  const picker = page.locator('.arco-modal').filter({ hasText: '选择试题' }).last();
  await pickSelect(page, picker.locator('.arco-select').first(), `固定题库${stamp}`);
  await expect(picker.locator('tbody tr')).toHaveCount(10);
  await picker.locator('tbody tr').nth(0).locator('.arco-checkbox').click();
  await picker.locator('.arco-pagination-item').filter({ hasText: /^2$/ }).click();
  await expect(picker.locator('tbody tr')).toHaveCount(2);
  await picker.locator('tbody tr').nth(0).locator('.arco-checkbox').click();
  await expect(picker.getByText('已选2题')).toBeVisible();
  await shot(page, 'exam-admin-qu-picker');
  await picker.getByRole('button', { name: '确定（2）' }).click();
  await expect(rows.nth(1)).toContainText('固定试题：已选2题');
  await setNumber(rows.nth(1), 1, '10');
  await expect(dialog.getByText('试卷总分：60分')).toBeVisible();

  await dialog.getByRole('button', { name: '预览' }).click();
  const preview = page.locator('.arco-drawer').filter({ hasText: '试卷预览' });
  await expect(preview.getByText('共4题，总分60分')).toBeVisible();
  await expect(preview.getByText(`固定题${stamp}-`, { exact: false })).toHaveCount(2);
  await expect(preview.getByText('正确答案')).toHaveCount(4);
  await page.waitForTimeout(400); // the drawer slides in
  await shot(page, 'exam-admin-preview');
  await preview.locator('.arco-drawer-close-icon').click();
  await expect(preview).toHaveCount(0);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('考试保存成功！')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('60 / 60');
  const saved = (await api(request, admin, '/api/exam/exam/paging', { params: { title } })).records[0];
  const detail = await api(request, admin, '/api/exam/exam/detail', { id: saved.id });
  expect(detail).toMatchObject({
    points: 5,
    price: 0,
    faceOn: true,
    faceChance: 2,
    offline: true,
    examType: 1,
    pasteBlock: true,
    content: '<p>考前请阅读考试须知</p>',
  });
  expect(detail.rules[1].quIds).toHaveLength(2);
  // The list previews a saved exam by its stored rules.
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: '预览' })
    .click();
  await expect(preview.getByText('共4题，总分60分')).toBeVisible();
  await preview.locator('.arco-drawer-close-icon').click();
  await expect(preview).toHaveCount(0);
  // Editing saves what the form does not show unchanged: a disabled exam stays disabled.
  await api(request, admin, '/api/exam/exam/state', { ids: [saved.id], state: 1 });
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: '编辑' })
    .click();
  const editing = page.locator('.arco-modal').filter({ hasText: '修改考试' });
  await expect(editing.getByText('试卷总分：60分')).toBeVisible();
  await expect(editing.getByText('考前请阅读考试须知')).toBeVisible();
  await editing.getByRole('button', { name: '确定' }).click();
  await expect(editing).toHaveCount(0);
  expect(await api(request, admin, '/api/exam/exam/detail', { id: saved.id })).toMatchObject({
    state: 1,
    offline: true,
    content: '<p>考前请阅读考试须知</p>',
    points: 5,
  });

  // Records of the exam with a handed-in paper, then the export of the same rows.
  await expect(page.getByText('考试保存成功！')).toHaveCount(0); // the toast would hide 导出 in the screenshot
  await page
    .getByRole('row', { name: new RegExp(recTitle) })
    .getByRole('button', { name: '考试记录' })
    .click();
  const drawer = page.locator('.arco-drawer').filter({ hasText: `考试记录 - ${recTitle}` });
  const record = drawer.getByRole('row', { name: /learner/ });
  await expect(record).toContainText('已考完');
  await expect(record).toContainText('否');
  await page.waitForTimeout(400);
  await shot(page, 'exam-admin-records');
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: '导出' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`考试记录-${recTitle}.xlsx`);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip
});
