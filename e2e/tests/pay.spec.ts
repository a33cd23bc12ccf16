import { expect, type Page, test } from '@playwright/test';
import { type PayStandIn, standInSettings, startPayStandIn } from '@exam/svc-pay/pay-stand-in';
import { api, apiToken, shot, signIn } from './helpers';

// Issue 40's done-means against the WeChat Pay and Alipay stand-in (a free port picked now): the admin's payment
// settings point at it; learner2 buys the demo priced course by WeChat Native (the stand-in "scans and pays") and
// the page opens the course by itself; buys the demo priced exam by Alipay's cashier and enters it; the admin
// refunds the course order in 订单管理.
const WX = {
  mchId: '1900000109',
  appId: 'wxe2e0000000000001',
  apiV3Key: 'e2eApiV3Key0000000000000000000aB',
  appSecret: 'e2e-official-account-secret',
};
const ALI = { appId: '2021000000000099', sellerId: '2088000000000099' };
let standIn: PayStandIn;

test.beforeAll(async ({ request }) => {
  standIn = await startPayStandIn({ wx: WX, alipay: ALI });
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const settings = standInSettings(standIn, WX.appSecret);
  await api(request, admin, '/api/sys/config/prop/save', { type: 'pay', provider: 'wxpay', data: settings.wxpay });
  await api(request, admin, '/api/sys/config/prop/save', {
    type: 'pay',
    provider: 'alipay',
    data: { ...settings.alipay, gateway: `${standIn.url}/openapi.alipay.com/gateway.do` },
  });
});
/** Signs the learner in and presses 购买 on the demo priced course (￥19.90): its paying panel. */
async function buyDemoCourse(page: Page, username: string) {
  await page.goto('/pages/login/login');
  await signIn(page, username, 'Learner@2026');
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/pages/course/view/c-demo-3');
  await page.getByRole('button', { name: /购买 ￥19\.90/ }).click();
  return page.getByTestId('pay-panel');
}

test.afterAll(async () => {
  await standIn.close();
});

test('a learner buys the priced course by WeChat Native and the priced exam by Alipay; the admin refunds', async ({
  browser,
  page,
}) => {
  const panel = await buyDemoCourse(page, 'learner2');
  await expect(panel.getByTestId('pay-price')).toContainText('19.90');
  await panel.getByTestId('pay-wxpay').click();
  await expect(panel.locator('canvas, img').first()).toBeVisible();
  await shot(page, 'pay-00-wechat-qr');
  // The payer scans the QR code and pays: the stand-in's callback reaches the server; the page notices by itself.
  const orderId = await openOrderId();
  expect(orderId).toMatch(/^P\d+/);
  await standIn.pay(orderId);
  await expect(page.getByRole('button', { name: '开始学习' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'pay-01-course-open');

  // The priced exam opened by a link before it is bought offers 购买 instead of 开始考试.
  await page.goto('/pages/exam/check/e-demo-2');
  await expect(page.getByRole('button', { name: /购买 ￥9\.90/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '开始考试' })).toHaveCount(0);

  // The priced exam by Alipay: the cashier page of the stand-in, 确认付款, back to the site, 进入考试.
  await page.goto('/pages/exam');
  await page.getByText('公开考试', { exact: true }).click();
  // Other specs add open exams: the demo's is found by its title, whatever page it fell to.
  const search = async () => {
    await page.getByPlaceholder('搜索考试').fill('认证考试');
    await page.getByPlaceholder('搜索考试').press('Enter');
  };
  await search();
  const card = page.getByTestId('open-exam-card').filter({ hasText: '安全生产认证考试（付费）' });
  await card.getByRole('button', { name: /购买 ￥9\.90/ }).click();
  await page.getByTestId('pay-panel').getByTestId('pay-alipay').click();
  await page.waitForURL(/\/openapi\.alipay\.com\//, { timeout: 15_000 });
  await shot(page, 'pay-02-alipay-cashier');
  await page.getByRole('button', { name: '确认付款' }).click();
  await page.waitForURL(/\/pages\/exam/, { timeout: 15_000 });
  await page.getByText('公开考试', { exact: true }).click();
  await search();
  await expect(card.getByRole('button', { name: '进入考试' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'pay-03-exam-bought');
  await card.getByRole('button', { name: '进入考试' }).click();
  await expect(page.getByRole('button', { name: '开始考试' })).toBeVisible();

  // 我的订单 lists both as 已支付.
  await page.goto('/pages/uc?tab=order');
  await expect(page.getByText('安全管理精品课（付费课程）').first()).toBeVisible();
  await expect(page.getByText('已支付').first()).toBeVisible();

  // The admin refunds the course order in full; WeChat settles it; the learner's course is taken back (unused).
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await admin.goto('/admin/');
  await signIn(admin, 'admin', 'Admin@2026');
  await expect(admin).toHaveURL(/\/admin\/dashboard/);
  await admin.goto('/admin/order/list');
  const row = admin.locator('tr').filter({ hasText: orderId });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '退款' }).click();
  const dialog = admin.locator('.arco-modal').filter({ hasText: '订单退款' });
  await expect(dialog.getByText(/全额退款/)).toBeVisible();
  await dialog.getByPlaceholder(/学员申请退款/).fill('学员申请退款');
  await dialog.getByRole('button', { name: /确定|确认|保存/ }).click();
  await expect(admin.getByText('退款申请已提交！')).toBeVisible();
  await expect.poll(async () => (await refundNo(orderId)) !== '', { timeout: 10_000 }).toBe(true);
  await standIn.refundSettle(await refundNo(orderId));
  await expect.poll(async () => (await orderOf(orderId)).state_dictText, { timeout: 15_000 }).toBe('已退款');
  await shot(admin, 'pay-04-admin-refunded');
  await adminCtx.close();

  /** The learner's open order (the one the QR code pays). */
  async function openOrderId() {
    const token = await apiToken(page.request, 'learner2', 'Learner@2026');
    const mine = await api(page.request, token, '/api/pay/order/mine-paging', {
      current: 1,
      size: 1,
      params: { state: 0 },
    });
    return (mine.records[0]?.id as string) ?? '';
  }
  async function orderOf(id: string) {
    const token = await apiToken(page.request, 'admin', 'Admin@2026');
    return (await api(page.request, token, '/api/pay/admin/order/detail', { id })).order;
  }
  async function refundNo(id: string): Promise<string> {
    const token = await apiToken(page.request, 'admin', 'Admin@2026');
    return (await api(page.request, token, '/api/pay/admin/order/detail', { id })).refunds[0]?.id ?? '';
  }
});

test("inside WeChat on a phone: WeChat Pay only, the silent authorization and back, WeChat's cashier, the course opens", async ({
  browser,
}) => {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
  });
  // WeChat's in-app browser puts its bridge on the page; here it records the cashier's parameters and says the
  // payer finished (the test then pays at the stand-in, as the payer's phone would).
  await ctx.addInitScript(() => {
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke: (name: string, params: Record<string, string>, done: (r: { err_msg: string }) => void) => {
        (window as unknown as { wxPaid: unknown }).wxPaid = { name, params };
        done({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    };
  });
  const page = await ctx.newPage();
  const panel = await buyDemoCourse(page, 'learner');
  await expect(panel.getByTestId('pay-alipay')).toHaveCount(0); // no Alipay inside WeChat
  await panel.getByTestId('pay-wxpay').click();
  // Through WeChat's authorization and back: the dialog goes on by itself and WeChat's cashier opens.
  await page.waitForURL(/[?&]code=/, { timeout: 15_000 }); // back from WeChat's authorization
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { wxPaid?: { name: string } }).wxPaid?.name ?? ''), {
      timeout: 15_000,
    })
    .toBe('getBrandWCPayRequest');
  expect(new URL(page.url()).searchParams.get('code')).toBeNull(); // the one-time code left the address
  const token = await apiToken(page.request, 'learner', 'Learner@2026');
  const mine = await api(page.request, token, '/api/pay/order/mine-paging', {
    current: 1,
    size: 1,
    params: { state: 0 },
  });
  await standIn.pay(mine.records[0].id);
  await expect(page.getByRole('button', { name: '开始学习' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'pay-05-wechat-jsapi-phone');
  await ctx.close();
});
