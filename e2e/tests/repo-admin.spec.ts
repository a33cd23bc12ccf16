import { expect, type Page, test } from '@playwright/test';
import { shot, signIn } from './helpers';

/** Types the stem into the rich editor (the first editor of the drawer, or of a scope). */
async function typeContent(scope: ReturnType<Page['locator']> | Page, text: string, nth = 0) {
  const editor = scope.locator('.ProseMirror').nth(nth);
  await editor.click();
  await editor.pressSequentially(text);
}
async function pickType(page: Page, title: string) {
  const drawer = page.locator('.arco-drawer');
  await drawer.getByRole('combobox', { name: '题型' }).click();
  await page.locator('.arco-select-popup').getByText(title, { exact: true }).click();
}
async function save(page: Page) {
  await page.locator('.arco-drawer').getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('试题保存成功！').last()).toBeVisible();
  await expect(page.locator('.arco-drawer')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
});

test('an admin creates a bank and adds questions of several types by hand', async ({ page }) => {
  const bank = `端到端题库${Date.now() % 100000}`;
  await page.goto('/admin/repo/list');
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.locator('.arco-modal');
  await dialog.getByLabel('题库名称').fill(bank);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('题库保存成功！')).toBeVisible();
  await expect(page.getByRole('cell', { name: bank })).toBeVisible();
  await shot(page, 'repo-admin-list');
  await page
    .getByRole('row', { name: new RegExp(bank) })
    .getByRole('button', { name: '试题' })
    .click();
  await expect(page).toHaveURL(/\/admin\/repo\/qu\?repoId=/);

  // Single choice: stem, four options, B right.
  await page.getByRole('button', { name: '新增' }).click();
  const drawer = page.locator('.arco-drawer');
  await typeContent(drawer, '端到端单选题');
  for (const [i, label] of ['A', 'B', 'C', 'D'].entries())
    await drawer.getByLabel(`选项${label}`, { exact: true }).fill(`选项内容${i + 1}`);
  await drawer.getByText('正确答案').nth(1).click();
  await shot(page, 'repo-admin-editor-single');
  await save(page);

  // Multiple choice: A and C right.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '多选');
  await typeContent(drawer, '端到端多选题');
  for (const label of ['A', 'B', 'C', 'D'])
    await drawer.getByLabel(`选项${label}`, { exact: true }).fill(`多选${label}`);
  await drawer.getByText('正确答案').nth(0).click();
  await drawer.getByText('正确答案').nth(2).click();
  await shot(page, 'repo-admin-editor-multiple');
  await save(page);

  // Fill-in: two alternatives for the first blank (Enter and blur), a second blank.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '填空');
  await typeContent(drawer, '端到端填空题：中国的首都是____');
  const blank = drawer.getByLabel('第1空答案');
  await blank.click();
  await blank.pressSequentially('北京');
  await blank.press('Enter');
  await blank.pressSequentially('Beijing');
  await drawer.getByText('填空答案').click(); // blur adds the tag too
  await drawer.getByRole('button', { name: '添加填空' }).click();
  await drawer.getByLabel('第2空答案').click();
  await drawer.getByLabel('第2空答案').pressSequentially('中国');
  await drawer.getByLabel('第2空答案').press('Enter');
  await shot(page, 'repo-admin-editor-fill');
  await save(page);

  // Composite: a stem, a single-choice child and a judge child.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '组合');
  await typeContent(drawer, '端到端组合题材料');
  const child1 = drawer.locator('.arco-card').nth(0);
  await typeContent(child1, '子题一');
  await child1.getByLabel('选项A', { exact: true }).fill('甲');
  await child1.getByLabel('选项B').fill('乙');
  await child1.getByLabel('选项C').fill('丙');
  await child1.getByLabel('选项D').fill('丁');
  await child1.getByText('正确答案').nth(0).click();
  await drawer.getByRole('button', { name: '添加子题' }).click();
  const child2 = drawer.locator('.arco-card').nth(1);
  await child2.getByRole('combobox', { name: '第2道子题题型' }).click();
  await page.locator('.arco-select-popup').last().getByText('判断', { exact: true }).click();
  await typeContent(child2, '子题二是对的');
  await shot(page, 'repo-admin-editor-composite');
  await save(page);

  // Short answer: reference answer and keywords.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '简答');
  await typeContent(drawer, '端到端简答题');
  await typeContent(drawer, '参考答案内容', 1);
  await drawer.getByLabel('关键词').click();
  await drawer.getByLabel('关键词').pressSequentially('要点');
  await drawer.getByLabel('关键词').press('Enter');
  await save(page);

  // Matching: two pairs.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '连线');
  await typeContent(drawer, '端到端连线题');
  await drawer.getByLabel('左项1').fill('苹果');
  await drawer.getByLabel('右项1').fill('红色');
  await drawer.getByLabel('左项2').fill('香蕉');
  await drawer.getByLabel('右项2').fill('黄色');
  await shot(page, 'repo-admin-editor-match');
  await save(page);

  // Scale: options with scores.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '量表');
  await typeContent(drawer, '端到端量表题');
  for (const label of ['A', 'B', 'C', 'D'])
    await drawer.getByLabel(`选项${label}`, { exact: true }).fill(`程度${label}`);
  await drawer.getByLabel('选项A分值').fill('5');
  await shot(page, 'repo-admin-editor-scale');
  await save(page);

  // Judge: the two fixed options, 错误 right.
  await page.getByRole('button', { name: '新增' }).click();
  await pickType(page, '判断');
  await typeContent(drawer, '端到端判断题');
  await expect(drawer.getByLabel('选项A', { exact: true })).toHaveValue('正确');
  await expect(drawer.getByRole('button', { name: '添加选项' })).toHaveCount(0);
  await drawer.getByText('正确答案').nth(1).click();
  await shot(page, 'repo-admin-editor-judge');
  await save(page);

  // Single and multiple scoring: every option carries its score.
  for (const [type, stem] of [
    ['单选评分', '端到端单选评分题'],
    ['多选评分', '端到端多选评分题'],
  ]) {
    await page.getByRole('button', { name: '新增' }).click();
    await pickType(page, type);
    await typeContent(drawer, stem);
    for (const label of ['A', 'B', 'C', 'D'])
      await drawer.getByLabel(`选项${label}`, { exact: true }).fill(`${type}${label}`);
    for (const [i, label] of ['A', 'B', 'C', 'D'].entries())
      await drawer.getByLabel(`选项${label}分值`).fill(String(i + 1));
    await save(page);
  }
  for (const stem of ['端到端判断题', '端到端单选评分题', '端到端多选评分题'])
    await expect(page.getByRole('cell', { name: stem })).toBeVisible();

  await expect(page.getByRole('cell', { name: '端到端组合题材料' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '端到端填空题：中国的首都是____' })).toBeVisible();
  await shot(page, 'repo-admin-qu-list');

  // The server refuses an invalid question with the type's message.
  await page.getByRole('button', { name: '新增' }).click();
  await typeContent(drawer, '没有正确答案的单选');
  for (const label of ['A', 'B', 'C', 'D']) await drawer.getByLabel(`选项${label}`, { exact: true }).fill(`x${label}`);
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('单选题必须有且只有一个正确答案！')).toBeVisible();
});

test('an admin sees learners error reports', async ({ page }) => {
  await page.goto('/admin/repo/report');
  await expect(page.getByText('错题反馈').first()).toBeVisible();
  await shot(page, 'repo-admin-report');
});
