import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectLogin, pickSelect, shot, signIn } from './helpers';

// Without an SMS provider the embedded server writes codes and captcha answers to this local outbox file.
const OUTBOX = `${process.env.E2E_DATA_DIR ?? fileURLToPath(new URL(`../../.tmp/e2e-data-${process.env.E2E_PORT ?? 18080}`, import.meta.url))}/sms-outbox.log`;
const outbox = (): Record<string, string>[] => {
  try {
    return readFileSync(OUTBOX, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};
async function captchaAnswer(page: Page, alt: string) {
  const src = (await page.locator(`img[alt="${alt}"]`).getAttribute('src'))!;
  const key = new URL(src, 'http://x').searchParams.get('key')!;
  await expect.poll(() => outbox().some((e) => e.captchaKey === key)).toBe(true);
  return outbox()
    .reverse()
    .find((e) => e.captchaKey === key)!.captcha;
}
/** When the last code went to MOBILE: the server refuses another within 60 s. */
let lastSent = 0;
async function waitResend(page: Page) {
  await page.waitForTimeout(Math.max(0, lastSent + 61_000 - Date.now()));
  lastSent = Date.now();
}
const smsCode = async (mobile: string, after: number) => {
  await expect.poll(() => outbox().some((e) => e.mobile === mobile && Number(e.time) >= after)).toBe(true);
  return outbox()
    .reverse()
    .find((e) => e.mobile === mobile)!.code;
};

async function api(request: APIRequestContext, url: string, data: object, token?: string) {
  const res = await request.post(url, { data, headers: token ? { token } : {} });
  const body = await res.json();
  expect(body.code, `${url}: ${body.msg}`).toBe(0);
  return body.data;
}

// Both tests use one learner, in order (the config runs one worker, files and tests in sequence).
const USER = `e2e_${Date.now() % 1_000_000}`;
const MOBILE = `139${String(Date.now()).slice(-8)}`;
/** The number the administrator binds in its place for the second test (see there). */
const MOBILE2 = `137${String(Date.now()).slice(-8)}`;

/** Sets an Arco switch of a form item to `on`, clicking only when it is not already so. */
async function setSwitch(page: Page, label: string, on: boolean) {
  const toggle = page.locator('.arco-form-item').filter({ hasText: label }).getByRole('switch');
  // Again if the form's saved values arrive after the click and put the switch back.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', String(on), { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test('a learner registers, is approved, binds a mobile, reads a message and changes the password', async ({
  page,
  browser,
  request,
}) => {
  // The switches as they were, to put back at the end.
  const admin = (await api(request, '/api/sys/user/login', { username: 'admin', password: 'Admin@2026' })).token;
  const switches = await api(request, '/api/sys/config/switch/detail', {}, admin);

  // The administrator turns registration review on, in the admin shell (功能开关 tab).
  const adminCtx = await browser.newContext();
  const adminPage = await adminCtx.newPage();
  await adminPage.goto('/admin/');
  await signIn(adminPage, 'admin', 'Admin@2026');
  await expect(adminPage).toHaveURL(/\/admin\/dashboard/);
  await adminPage.goto('/admin/sys/config');
  await adminPage.getByRole('tab', { name: '功能开关' }).click();
  await expect(adminPage.getByText('开放注册')).toBeVisible();
  await setSwitch(adminPage, '开放注册', true);
  await setSwitch(adminPage, '注册审核', true);
  await adminPage.getByRole('radio', { name: '用户选择' }).check();
  await adminPage.getByRole('button', { name: '保存配置' }).click();
  await expect(adminPage.getByText('功能开关配置成功！')).toBeVisible();
  await shot(adminPage, 'uc-00-review-on');

  // Register.
  await page.goto('/pages/login/login');
  await page.getByRole('link', { name: '学员注册' }).click();
  await expect(page).toHaveURL(/\/pages\/login\/register/);
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('用户不能为空！')).toBeVisible();
  await page.getByPlaceholder(/^用户名/).fill(USER);
  await page.getByPlaceholder('姓名').fill('王新学');
  await page.locator('.arco-select').click();
  await page.getByRole('option', { name: '技术部' }).click();
  await page.getByPlaceholder('密码', { exact: true }).fill('weakpass');
  await page.getByPlaceholder('确认密码').fill('weakpass');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('密码应包含大写字母、小写字母、数字、特殊字符其中三种!')).toBeVisible();
  await page.getByPlaceholder('密码', { exact: true }).fill('Study@2026');
  await page.getByPlaceholder('确认密码').fill('Study@2026');
  await page.getByPlaceholder('验证码').fill(await captchaAnswer(page, '验证码'));
  await shot(page, 'uc-01-register');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('注册成功，您的账号需要管理员审核，审核通过后即可登录！')).toBeVisible();
  await shot(page, 'uc-02-registered');

  // Pending until approved.
  await page.getByRole('button', { name: '去登录' }).click();
  await signIn(page, USER, 'Study@2026');
  await expect(page.getByText('账号正在审核中，请耐心等待！')).toBeVisible();

  // The administrator finds the pending user in 用户管理 and enables them.
  await adminPage.goto('/admin/sys/user');
  await expect(adminPage.getByRole('cell', { name: 'learner2' })).toBeVisible();
  await pickSelect(adminPage, adminPage.locator('.arco-select').filter({ hasText: '用户状态' }), '待审核');
  const pending = adminPage.getByRole('row').filter({ hasText: USER });
  await expect(pending.getByText('待审核')).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: 'learner2' })).toHaveCount(0);
  await pending.locator('.arco-checkbox').click();
  await shot(adminPage, 'uc-02b-pending-user');
  await adminPage.getByRole('button', { name: '启用', exact: true }).click();
  await expect(adminPage.getByText('状态修改成功!')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await adminCtx.close();

  await signIn(page, USER, 'Study@2026');
  await expect(page.getByText('王新学')).toBeVisible();
  const badge = page.locator('a[title="站内信息"] .arco-badge-text');
  await expect(badge).toHaveText('1');

  // User centre: /pages/uc leads to the profile.
  await page.goto('/pages/uc');
  await expect(page).toHaveURL(/\/pages\/uc\/info/);
  for (const item of ['个人资料', '密码安全', '账号绑定', '站内信息', '积分日志'])
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '实名认证' })).toHaveCount(0);
  // The notice card sits under the side menu; a notice opens in a dialog.
  const notices = page.locator('.arco-card').filter({ hasText: '通知公告' });
  await notices.locator('.exam-notice-row').first().click();
  await expect(page.getByRole('dialog').getByText(/^发布时间：/)).toBeVisible();
  await page.getByRole('dialog').locator('.arco-modal-close-icon').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'uc-03-info');

  // Bind a mobile with the code from the outbox.
  await page.getByRole('menuitem', { name: '账号绑定' }).click();
  await expect(page.getByTestId('bound-mobile')).toHaveText('未绑定');
  await page.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('绑定手机')).toBeVisible();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText('手机号不能为空')).toBeVisible();
  await expect(page.getByText('请输入图形验证码')).toHaveCount(0);
  await dialog.getByPlaceholder('请输入手机号').fill(MOBILE);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
  const sentAfter = Date.now();
  lastSent = sentAfter;
  await page.getByPlaceholder('图形验证码').fill(await captchaAnswer(page, '图形验证码'));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('短信发送成功，请查收手机短信！')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByPlaceholder('请输入短信验证码').fill(await smsCode(MOBILE, sentAfter));
  await shot(page, 'uc-04-bind-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('手机号绑定成功！')).toBeVisible();
  await expect(page.getByTestId('bound-mobile')).toHaveText(MOBILE);
  await expect(page.getByRole('button', { name: '解绑' })).toBeVisible();
  await shot(page, 'uc-05-bound');

  // Read the in-site message: the badge drops.
  await page.getByRole('menuitem', { name: '站内信息' }).click();
  await expect(page).toHaveURL(/\/pages\/uc\/im/);
  await expect(page.getByRole('cell', { name: '未读' })).toBeVisible();
  await page.getByText('欢迎注册').click();
  await expect(page.getByRole('dialog').getByText('欢迎加入！')).toBeVisible();
  await shot(page, 'uc-06-message');
  await page.getByRole('dialog').locator('.arco-modal-close-icon').click();
  await expect(badge).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '已读' })).toBeVisible();

  // Another device is signed in; changing the password ends it but keeps this one.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/pages/login/login');
  await signIn(otherPage, USER, 'Study@2026');
  await expect(otherPage.getByText('王新学')).toBeVisible();

  await page.getByRole('menuitem', { name: '密码安全' }).click();
  await page.getByLabel('原密码').fill('Wrong@2026x');
  await page.getByLabel('新密码').fill('Better@2026');
  await page.getByLabel('确认密码').fill('Better@2026');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('原密码错误！')).toBeVisible();
  await page.getByLabel('原密码').fill('Study@2026');
  await page.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码修改成功，其他设备上的登录已失效！')).toBeVisible();
  await shot(page, 'uc-07-password');

  await otherPage.reload();
  await expectLogin(otherPage);
  await other.close();
  await page.getByRole('menuitem', { name: '个人资料' }).click();
  await expect(page).toHaveURL(/\/pages\/uc\/info/);
  await expect(page.getByText('王新学').first()).toBeVisible();

  // Put the site back as the other tests expect it.
  await api(request, '/api/sys/config/switch/save', switches, admin);
});

test('with mobileLogin on the learner signs in by SMS code and unbinds the mobile; forgot checks the mobile first', async ({
  page,
  request,
}) => {
  // Each code to one number waits out the server's 60 s resend limit.
  test.setTimeout(240_000);
  const admin = (await api(request, '/api/sys/user/login', { username: 'admin', password: 'Admin@2026' })).token;
  const switches = await api(request, '/api/sys/config/switch/detail', {}, admin);
  await api(request, '/api/sys/config/switch/save', { ...switches, mobileLogin: true }, admin);
  // The administrator binds a second number in place of the first (the user dialog's direct bind): the first
  // test sent MOBILE a code moments ago, and signing in with it would only wait out the resend limit, which
  // the unbind below meets and checks.
  const [learner] = (
    await api(request, '/api/sys/user/paging', { current: 1, size: 10, params: { userName: USER } }, admin)
  ).records;
  await api(request, '/api/sys/user/bind/direct-bind', { mobile: MOBILE2, userId: learner.id }, admin);

  // Forgot password: the mobile is checked before the captcha popover opens (the reset itself is an integration test).
  await page.goto('/pages/login/forgot');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('手机号不能为空')).toBeVisible();
  await page.getByPlaceholder('绑定的手机号').fill('1381234');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('手机号码格式不正确!')).toBeVisible();
  await expect(page.getByText('请输入图形验证码')).toHaveCount(0);
  await shot(page, 'uc-08-forgot');

  // Mobile sign-in tab.
  await page.goto('/pages/login/login');
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await page.getByPlaceholder('手机号').fill(MOBILE2);
  lastSent = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('图形验证码').fill(await captchaAnswer(page, '图形验证码'));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('短信发送成功，请查收手机短信！')).toBeVisible();
  await page.getByPlaceholder('短信验证码').fill(await smsCode(MOBILE2, lastSent));
  await shot(page, 'uc-09-mobile-login');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('王新学')).toBeVisible();

  // Unbind: the confirmation, then a code sent to the bound number.
  await page.goto('/pages/uc/bind');
  await page.getByRole('button', { name: '解绑' }).click();
  await expect(page.getByText('确实要解除用户的手机绑定?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '解绑手机' });
  await expect(dialog.getByPlaceholder('请输入手机号')).toHaveValue(MOBILE2);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('图形验证码').fill(await captchaAnswer(page, '图形验证码'));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('短信发送过于频繁，请60秒后再试！')).toBeVisible();
  await waitResend(page);
  await page.getByPlaceholder('图形验证码').fill(await captchaAnswer(page, '图形验证码'));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('短信发送成功，请查收手机短信！')).toBeVisible();
  await dialog.getByPlaceholder('请输入短信验证码').fill(await smsCode(MOBILE2, lastSent));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('手机号解绑成功！')).toBeVisible();
  await expect(page.getByTestId('bound-mobile')).toHaveText('未绑定');
  await expect(page.getByRole('button', { name: '绑定', exact: true })).toBeVisible();
  await shot(page, 'uc-10-unbound');

  await api(request, '/api/sys/config/switch/save', switches, admin);
});
