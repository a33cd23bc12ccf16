import { expect, test, type Page } from '@playwright/test';
import { pickSelect, shot, signIn } from './helpers';

const tag = Date.now().toString(36).slice(-5);
const modal = (page: Page) =>
  page
    .locator('.arco-modal')
    .filter({ has: page.locator('.arco-modal-title') })
    .last();
const ok = (page: Page) => modal(page).getByRole('button', { name: /确\s*定/ });

test.beforeEach(async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard\/index/);
});

test('the dashboard offers quick entries; the header searches the permitted menus; the profile page shows the user', async ({
  page,
}) => {
  for (const title of ['创建考试', '添加课程', '题库管理', '公告管理'])
    await expect(page.getByText(title, { exact: true }).last()).toBeVisible();
  await shot(page, 'org-01-dashboard-quick-entries');
  await page.getByRole('combobox', { name: '搜索菜单' }).click();
  await page.keyboard.type('字典');
  await page.locator('.arco-select-popup').getByText('系统管理 / 数据字典').click();
  await expect(page).toHaveURL(/\/admin\/sys\/dic/);
  await page.getByText('系统管理员').first().click();
  await page.getByText('个人资料', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/profile\/index$/);
  await expect(page.getByTestId('profile-page').getByText('admin', { exact: true })).toBeVisible();
  await shot(page, 'org-02-profile-page');
});

test('users: the edit dialog checks the form, and an existing user has the binding tab', async ({ page }) => {
  await page.goto('/admin/sys/user');
  await expect(page.getByRole('cell', { name: 'learner2' })).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await ok(page).click();
  for (const msg of ['用户不能为空！', '姓名不能为空！', '密码不能为空！', '部门不能为空！', '必须选择一个角色！'])
    await expect(modal(page).getByText(msg)).toBeVisible();
  await modal(page).getByPlaceholder('4-32位数字英文下划线组合').fill('ab');
  await expect(modal(page).getByText('用户名应为4-32位，数字英文下划线组合！')).toBeVisible();
  await shot(page, 'org-03-user-form-rules');
  await modal(page)
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await page.getByRole('row').filter({ hasText: 'learner2' }).getByRole('button', { name: '编辑' }).click();
  await modal(page).getByRole('tab', { name: '账号绑定' }).click();
  await modal(page).getByPlaceholder('手机号').fill('13912345678');
  await modal(page).getByRole('button', { name: '绑定手机' }).click();
  await expect(page.getByText('绑定成功!')).toBeVisible();
  await expect(modal(page).getByRole('cell', { name: '13912345678' })).toBeVisible();
  await shot(page, 'org-04-user-bindings');
  // A bound mobile can be unbound directly; then bound again to try the general 解绑.
  await modal(page).getByRole('button', { name: '解绑手机' }).click();
  await expect(page.getByText('确实要解除用户的手机绑定?')).toBeVisible();
  await page
    .locator('.arco-modal')
    .last()
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('手机号解绑成功！')).toBeVisible();
  await expect(modal(page).getByRole('cell', { name: '13912345678' })).toHaveCount(0);
  await modal(page).getByPlaceholder('手机号').fill('13912345678');
  await modal(page).getByRole('button', { name: '绑定手机' }).click();
  await expect(modal(page).getByRole('cell', { name: '13912345678' })).toBeVisible();
  await modal(page).getByRole('button', { name: '解绑', exact: true }).click();
  await expect(page.getByText('解绑后，只能由用户重新绑定，确定要解绑吗?')).toBeVisible();
  await page
    .locator('.arco-modal')
    .last()
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('解绑成功!')).toBeVisible();
});

test('users: the list filters by role and user type', async ({ page }) => {
  await page.goto('/admin/sys/user');
  await expect(page.getByRole('cell', { name: 'learner2' })).toBeVisible();
  // Beside the department tree the table is narrow; an account name still stays on one line (Arco's cells break
  // anywhere by default: learn|er2). Counted as the distinct line tops of its text.
  const lines = await page.getByRole('cell', { name: 'learner2' }).evaluate((td) => {
    const text = document.createTreeWalker(td, NodeFilter.SHOW_TEXT).nextNode()!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
  await pickSelect(page, page.locator('.arco-select').filter({ hasText: '用户类型' }), '管理');
  await expect(page.getByRole('cell', { name: 'learner2' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await shot(page, 'org-04b-user-type-filter');
  await page.locator('.arco-select').filter({ hasText: '管理' }).hover();
  await page.locator('.arco-select').filter({ hasText: '管理' }).locator('.arco-select-clear-icon').click();
  await pickSelect(page, page.locator('.arco-select').filter({ hasText: '角色' }), '学员(1)');
  await expect(page.getByRole('cell', { name: 'learner2' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'org-04c-role-filter');
});

test('menus: the edit dialog checks the spec rules and picks an icon', async ({ page }) => {
  await page.goto('/admin/sys/menu');
  await expect(page.getByRole('cell', { name: '系统管理' }).first()).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await modal(page).getByRole('radio', { name: '菜单' }).check();
  await ok(page).click();
  await expect(modal(page).getByText('菜单标题不能为空！')).toBeVisible();
  await expect(modal(page).getByText('菜单名称不能为空！')).toBeVisible();
  await expect(modal(page).getByText('访问路径不能为空！')).toBeVisible();
  await modal(page).getByRole('button', { name: '选择' }).click();
  await expect(page.getByText('选择图标')).toBeVisible();
  await shot(page, 'org-05-icon-picker');
  await page.getByRole('button', { name: 'IconTrophy' }).click();
  await expect(page.getByRole('dialog', { name: '新增菜单' }).getByRole('textbox', { name: '图标' })).toHaveValue(
    'IconTrophy',
  );
  await shot(page, 'org-06-menu-dialog');
});

test('groups: members are added through the user picker', async ({ page }) => {
  await page.goto('/admin/sys/group');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await modal(page).locator('input').fill(`培训班${tag}`);
  await ok(page).click();
  await page.getByText(`培训班${tag}`).click();
  await page.getByRole('button', { name: '添加成员' }).click();
  const picker = modal(page);
  await expect(picker.getByText('选择用户')).toBeVisible();
  await ok(page).click();
  await expect(page.getByText('请至少勾选一个用户！')).toBeVisible();
  await picker.getByRole('row').filter({ hasText: 'learner2' }).locator('.arco-checkbox').click();
  await shot(page, 'org-07-user-picker');
  await ok(page).click();
  await expect(page.getByText('批量加入成功！')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0); // the picker (which also lists 李小红) has closed
  await expect(page.getByRole('cell', { name: '李小红' })).toBeVisible();
  await shot(page, 'org-08-group-members');
});

test('dictionaries: the value tree filters by keyword', async ({ page }) => {
  await page.goto('/admin/sys/dic');
  await page.getByText('试题类型').click();
  const tree = page.locator('.arco-tree');
  await expect(tree.getByText('单选 (1)', { exact: true })).toBeVisible();
  await page.getByPlaceholder('输入关键字过滤').fill('评分');
  await expect(tree.getByText('单选 (1)', { exact: true })).toHaveCount(0);
  await expect(tree.getByText('单选评分 (27)', { exact: true })).toBeVisible();
  await shot(page, 'org-09-dictionary');
});
