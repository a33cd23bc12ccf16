import { expect, test, type Page } from '@playwright/test';
import { expectLogin, shot, signIn } from './helpers';

// One run's names, so the spec also passes against a database that has seen it before.
const tag = Date.now().toString(36).slice(-5);
const DEPT = `审计部${tag}`;
const ROLE = `审计员${tag}`;
const USER = `audit${tag}`;
const PASS = 'Audit@2026x';

const modal = (page: Page) =>
  page
    .locator('.arco-modal')
    .filter({ has: page.locator('.arco-modal-title') })
    .last();
const ok = (page: Page) => modal(page).getByRole('button', { name: /确\s*定/ });

test('an admin grants a new role a subset of menus; its user sees exactly those and the server refuses the rest', async ({
  page,
}) => {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard\/index/);

  // 1. A department.
  await page.goto('/admin/sys/depart');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await page.getByPlaceholder('请输入部门名称').fill(DEPT);
  await ok(page).click();
  await expect(page.getByText('部门保存成功！')).toBeVisible();
  await expect(page.locator('.arco-tree').getByText(DEPT)).toBeVisible();
  await shot(page, 'access-01-departments');

  // 2. A role with only the department pages (and their functions).
  await page.goto('/admin/sys/role');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  await page.getByPlaceholder('请输入角色名称').fill(ROLE);
  await ok(page).click();
  await expect(page.getByText('角色保存成功！')).toBeVisible();
  await page.getByRole('cell', { name: new RegExp(ROLE) }).click();
  const tree = page.locator('.arco-tree');
  await expect(tree.getByText('系统管理', { exact: true })).toBeVisible();
  await tree
    .locator('.arco-tree-node')
    .filter({ hasText: /^部门管理$/ })
    .locator('.arco-checkbox')
    .click();
  await page.getByRole('button', { name: '保存授权' }).click();
  await expect(page.getByText('授权保存成功！')).toBeVisible();
  await shot(page, 'access-02-role-menus');

  // 3. A user in that department and role.
  await page.goto('/admin/sys/user');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = modal(page);
  await form.getByPlaceholder('4-32位数字英文下划线组合').fill(USER);
  await form.getByPlaceholder('请输入姓名').fill('审计员甲');
  await form.getByPlaceholder('请输入密码').fill(PASS);
  await form.locator('.arco-tree-select').click();
  await page.locator('.arco-tree-select-popup').getByText(DEPT).click();
  await form.locator('.arco-select').filter({ hasText: '请选择角色' }).click();
  await page.locator('.arco-select-popup').getByText(`${ROLE}(1)`).click();
  await form.getByText('基本信息').click(); // closes the dropdown
  await shot(page, 'access-03-user-dialog');
  await ok(page).click();
  await expect(page.getByText('用户保存成功!')).toBeVisible();
  await expect(page.getByRole('cell', { name: USER })).toBeVisible();

  // 4. That user sees exactly the granted menus.
  await page.context().clearCookies();
  await page.goto('/admin/');
  await expectLogin(page);
  await signIn(page, USER, PASS);
  await expect(page).toHaveURL(/\/admin\/sys\/depart/);
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText('部门管理', { exact: true })).toBeVisible();
  const items = await sidebar.locator('.arco-menu-inline-header, .arco-menu-item').allInnerTexts();
  expect(items.map((t) => t.trim()).filter(Boolean)).toEqual(['系统管理', '部门管理']);
  await expect(page.locator('.arco-tree').getByText(DEPT)).toBeVisible();
  await shot(page, 'access-04-restricted-user');

  // 5. A call outside the grant, made by hand with the user's own token, is refused by the server.
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const refused = await page.request.post('/api/sys/user/paging', {
    data: { current: 1, size: 10 },
    headers: { token },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 10010003, success: false, data: null });
  const allowed = await page.request.post('/api/sys/depart/tree', { data: {}, headers: { token } });
  expect(allowed.status()).toBe(200);
  // And a page outside the grant is not a route for this user.
  await page.goto('/admin/sys/user');
  await expect(page.getByRole('cell', { name: 'learner2' })).toHaveCount(0);
});
