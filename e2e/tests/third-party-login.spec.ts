import { expect, type Page, test } from '@playwright/test';
import { type OauthStandIn, startOauthStandIn } from '@exam/svc-system/oauth-stand-in';
import { api, apiToken, expectLogin, shot, signIn } from './helpers';

// Issue 17's done-means against the DingTalk stand-in (a free port picked now): the admin switches DingTalk
// on and enters its keys; the learner binds it in the user centre, signs out and signs in with it; a replayed
// code, a forged state and an unbound identity are refused; the admin unbinds and the sign-in stops working.
const DING = { clientId: 'dinge2eclient', clientSecret: 'ding-e2e-secret-2026' };
const ME = { id: 'e2e-ding-learner', nick: '钉钉小明' };
let standIn: OauthStandIn;

test.beforeAll(async () => {
  standIn = await startOauthStandIn({ ding: DING });
});
test.afterAll(async ({ request }) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const switches = await api(request, admin, '/api/sys/config/switch/detail', {});
  await api(request, admin, '/api/sys/config/switch/save', { ...switches, dingLogin: false });
  await standIn.close();
});

async function setSwitch(page: Page, label: string, on: boolean) {
  const toggle = page.locator('.arco-form-item').filter({ hasText: label }).getByRole('switch');
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}
const dingButton = (page: Page) => page.getByRole('button', { name: '钉钉登录' });

test('DingTalk: the admin configures it, the learner binds and signs in with it, the admin unbinds it', async ({
  browser,
  page,
}) => {
  // The admin turns DingTalk on and enters its keys next to the switches.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await admin.goto('/admin/');
  await signIn(admin, 'admin', 'Admin@2026');
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.goto('/admin/sys/config');
  await admin.getByRole('tab', { name: '功能开关' }).click();
  await setSwitch(admin, '钉钉登录', true);
  await admin.getByRole('button', { name: '保存配置' }).click();
  await expect(admin.getByText('功能开关配置成功！')).toBeVisible();
  const keys = admin.getByTestId('oauth-keys');
  await keys.getByText('钉钉', { exact: true }).click();
  await keys.getByLabel('Client ID').fill(DING.clientId);
  await keys.getByLabel('Client Secret').fill(DING.clientSecret);
  await keys.getByLabel('接口地址').fill(standIn.url);
  await keys.getByRole('button', { name: '保存密钥' }).click();
  await expect(admin.getByText('配置保存成功！')).toBeVisible();
  await shot(admin, 'oauth-00-admin-keys');

  // The learner binds DingTalk from 账号绑定.
  await page.goto('/pages/login/login');
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page.getByText('张小明').first()).toBeVisible();
  await page.goto('/pages/uc/bind');
  await expect(page.getByRole('button', { name: '绑定钉钉' })).toBeVisible();
  await shot(page, 'oauth-01-bind');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'oauth-01-bind-phone');
  await page.setViewportSize({ width: 1366, height: 820 });
  standIn.signInAs('ding', ME);
  await page.getByRole('button', { name: '绑定钉钉' }).click();
  await expect(page.getByText('绑定成功!')).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/uc\/bind$/);
  const row = page.getByRole('row').filter({ hasText: '钉钉' });
  await expect(row).toContainText(`钉钉小明（${standIn.boundId('ding', ME)}）`);
  await expect(page.getByRole('button', { name: '绑定钉钉' })).toHaveCount(0);
  await shot(page, 'oauth-01-bound');

  // Signs out, and in again with DingTalk: the learner shell.
  await page.getByRole('button', { name: '退出' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expectLogin(page);
  await page.reload();
  await expect(dingButton(page)).toBeVisible();
  await shot(page, 'oauth-02-login');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'oauth-02-login-phone');
  await page.setViewportSize({ width: 1366, height: 820 });
  let callback = '';
  page.on('request', (r) => {
    if (r.url().includes('/api/sys/user/oauth/callback/ding')) callback = r.url();
  });
  await dingButton(page).click();
  await expect(page.getByText('张小明').first()).toBeVisible();
  expect(new URL(page.url()).pathname).not.toMatch(/^\/pages\/login/);
  expect(page.url()).not.toContain('ticket=');
  await page.getByRole('button', { name: '退出' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expectLogin(page);

  // The same code in a fresh flow (its own state and cookie): DingTalk refuses it.
  const used = new URL(callback).searchParams.get('authCode')!;
  const site = new URL(page.url()).origin;
  await page.route(`${standIn.url}/login.dingtalk.com/**`, (route) => {
    const state = new URL(route.request().url()).searchParams.get('state')!;
    return route.fulfill({
      status: 302,
      headers: {
        location: `${site}/api/sys/user/oauth/callback/ding?authCode=${used}&state=${encodeURIComponent(state)}`,
      },
    });
  });
  await dingButton(page).click();
  await expect(page.getByText('授权码无效或已过期，请重新授权！')).toBeVisible();
  await page.unroute(`${standIn.url}/login.dingtalk.com/**`);

  // A forged state.
  await page.goto(`/api/sys/user/oauth/callback/ding?authCode=anything&state=forged`);
  await expect(page.getByText('登录请求已失效或不是从本浏览器发起的，请重新操作！')).toBeVisible();
  await expectLogin(page);

  // Someone whose DingTalk is bound to nobody.
  standIn.signInAs('ding', { id: 'e2e-stranger', nick: '陌生人' });
  await dingButton(page).click();
  await expect(page.getByText('该第三方账号尚未绑定，请先使用账号登录后在个人中心绑定！')).toBeVisible();
  await shot(page, 'oauth-03-unbound');

  // The admin unbinds it in the user's 账号绑定 tab.
  await admin.goto('/admin/sys/user');
  await admin
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: 'learner', exact: true }) })
    .getByRole('button', { name: '编辑' })
    .click();
  await admin.locator('.arco-modal').getByRole('tab', { name: '账号绑定' }).click();
  await admin
    .locator('.arco-modal')
    .getByRole('row')
    .filter({ hasText: '钉钉' })
    .getByRole('button', { name: '解绑', exact: true })
    .click();
  await expect(admin.getByText('解绑后，只能由用户重新绑定，确定要解绑吗?')).toBeVisible();
  await admin.getByRole('button', { name: '确定' }).last().click();
  await expect(admin.getByText('解绑成功!')).toBeVisible();
  await adminCtx.close();

  // The learner's DingTalk no longer signs in.
  standIn.signInAs('ding', ME);
  await dingButton(page).click();
  await expect(page.getByText('该第三方账号尚未绑定，请先使用账号登录后在个人中心绑定！')).toBeVisible();
  await expectLogin(page);
});
