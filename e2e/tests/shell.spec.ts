import { expect, test } from '@playwright/test';
import { expectLogin, shot, signIn } from './helpers';
import { Calls } from '@exam/contracts';

test('a visitor is sent to the login page, keeping where they wanted to go', async ({ page }) => {
  await page.goto('/pages/exam');
  await expectLogin(page);
  expect(decodeURIComponent(page.url())).toContain('redirect=/pages/exam');
  await expect(page.getByText('云帆培训考试系统').first()).toBeVisible();
  await shot(page, 'login');
});

test('a wrong password shows the server error and stays on login', async ({ page }) => {
  await page.goto('/pages/login/login');
  await signIn(page, 'learner', 'Wrong@2026x');
  await expect(page.getByText('用户名或密码错误！')).toBeVisible();
  await expectLogin(page);
});

test('the learner lands in the learner shell with the server menu and real data from a remote', async ({ page }) => {
  await page.goto('/');
  await expectLogin(page);
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page).toHaveURL(/\/pages\/course/);
  for (const title of ['课程学习', '在线考试', '题库训练', '通知公告', '个人中心']) {
    await expect(page.getByRole('menuitem', { name: title })).toBeVisible();
  }
  await expect(page.getByText('张小明')).toBeVisible();
  await expect(page.getByText('安全生产入门')).toBeVisible();
  await page.getByRole('menuitem', { name: '在线考试' }).click();
  await expect(page).toHaveURL(/\/pages\/exam/);
  await expect(page.getByText('安全生产与计算机基础综合考试')).toBeVisible();
  await expect(page).toHaveTitle(/云帆培训考试系统/);
  await shot(page, 'learner-exams');
  // No admin link for a learner.
  await expect(page.getByRole('link', { name: /管理后台/ })).toHaveCount(0);
});

test('the admin lands in the admin shell with the server menu and a remote view of real users', async ({ page }) => {
  await page.goto('/admin/');
  await expectLogin(page);
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard\/index/);
  const sidebar = page.getByRole('complementary');
  for (const title of ['首页', '控制台', '考试管理', '题库管理', '课程管理', '系统管理']) {
    await expect(sidebar.getByText(title, { exact: true })).toBeVisible();
  }
  // The dashboard is the watch remote's view, counting the seeded records.
  await expect(page.getByText('用户数量')).toBeVisible();
  await shot(page, 'admin-dashboard');
  // The settings drawer loads when first opened (not part of the first load), then opens and closes as before.
  await page.getByRole('button', { name: '布局设置' }).click();
  await expect(page.getByText('主题颜色')).toBeVisible();
  await page.locator('.arco-drawer-mask').click();
  await expect(page.getByText('主题颜色')).toBeHidden();
  // The primary palette: Arco's own for the default colour; another saved colour recolours the page as it loads
  // (its palette library loaded only then).
  const primary = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--arcoblue-6').trim());
  expect(await primary()).toBe('22,93,255');
  await page.evaluate(() => localStorage.setItem('admin-layout-settings', JSON.stringify({ themeColor: '#F53F3F' })));
  await page.reload();
  await expect.poll(primary).toBe('245,63,63');
  await page.evaluate(() => localStorage.removeItem('admin-layout-settings'));
  await page.reload();
  await expect.poll(primary).toBe('22,93,255');
  await sidebar.getByText('系统管理', { exact: true }).click();
  await sidebar.getByRole('menuitem', { name: '用户管理' }).click();
  await expect(page).toHaveURL(/\/admin\/sys\/user/);
  await expect(page.getByRole('cell', { name: 'learner2' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '李小红' })).toBeVisible();
  await shot(page, 'admin-users');
});

test('a learner opening the admin shell is refused and sent back to login', async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page.getByText('您无权访问此系统，请联系管理员进行菜单授权！')).toBeVisible();
  await expectLogin(page);
});

test('a remote that is down shows an error with a retry inside the shell, and the retry loads it', async ({ page }) => {
  await page.route('**/mfe/mfe-exam/**', (route) => route.abort('connectionrefused'));
  await page.goto('/pages/login/login?redirect=/pages/exam');
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page).toHaveURL(/\/pages\/exam/);
  await expect(page.getByText('模块加载失败')).toBeVisible();
  // The shell itself still works: its menu is there.
  await expect(page.getByRole('menuitem', { name: '通知公告' })).toBeVisible();
  await shot(page, 'remote-down');
  await page.unroute('**/mfe/mfe-exam/**');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText('安全生产与计算机基础综合考试')).toBeVisible();
});

test('an admin in the learner shell sees the admin link; logout asks first, then goes to login', async ({ page }) => {
  await page.goto('/pages/login/login');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page.getByText('系统管理员')).toBeVisible();
  await expect(page.getByRole('button', { name: '管理后台' })).toBeVisible();
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByText('确实要退出吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expectLogin(page);
  // The token is gone: the learner pages send the visitor back to login.
  await page.goto('/pages/exam');
  await expectLogin(page);
});

test('/pages/login/sync takes only a one-time ticket: a session token in the address signs nobody in (login CSRF)', async ({
  page,
  request,
}) => {
  const token = (
    await (
      await request.post('/api/sys/user/login', { data: { username: 'learner2', password: 'Learner@2026' } })
    ).json()
  ).data.token;
  await page.goto(`/pages/login/sync?token=${token}&redirect=/pages/notice`);
  await expect(page.getByText('登录信息缺失，请重新登录！')).toBeVisible();
  // The address no longer carries the token, and the browser is not signed in as learner2.
  expect(page.url()).not.toContain(token);
  await page.goto('/pages/notice');
  await expectLogin(page);
  await page.goto('/pages/login/sync?ticket=made-up&redirect=/pages/notice');
  await expect(page.getByText('登录信息已失效，请重新登录！')).toBeVisible();
});

test('a signed-in page asks for the user, the menus and the site while its scripts download, each once', async ({
  page,
}) => {
  await page.goto('/pages/login/login');
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page).toHaveURL(/\/pages\/course/);
  const asked: string[] = [];
  page.on(
    'request',
    (r) => void (new URL(r.url()).pathname.startsWith('/api/') && asked.push(new URL(r.url()).pathname)),
  );
  // The shell's entry script held back (routing also turns the cache off: a cold load): the first script does not wait for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/pages/exam', { waitUntil: 'commit' });
  const first = [Calls.info.url, Calls.routes.url, Calls.siteDetail.url];
  await expect.poll(() => first.every((url) => asked.includes(url))).toBe(true);
  release();
  await expect(page.getByText('安全生产与计算机基础综合考试')).toBeVisible();
  // The shell took those replies instead of asking again.
  for (const url of first)
    expect(
      asked.filter((a) => a === url),
      url,
    ).toHaveLength(1);
});
