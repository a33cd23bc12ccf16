import { expect, type Page, test } from '@playwright/test';
import { api, apiToken, createOpenExam, settled, shot, signIn } from './helpers';

/*
 * Issue 14's mobile layout, tried as a new user on a phone (390×844, below the spec's 992 px breakpoint):
 * a learner of its own signs in, finds the pages through the drawer menu, trains and takes an exam through
 * the bottom-sheet answer card; an admin opens the collapsed sidebar. No page may scroll sideways. Each
 * screen is also shot at 1366×768, to compare the two layouts.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** The page is no wider than the phone: nothing scrolls sideways. */
async function fitsPhone(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // On failure, name the outermost elements that reach past the screen's edge.
  const past =
    width <= PHONE.width
      ? []
      : await page.evaluate(
          (edge) =>
            [...document.querySelectorAll('body *')]
              .filter(
                (e) =>
                  e.getBoundingClientRect().right > edge + 0.5 &&
                  !(e.parentElement && e.parentElement.getBoundingClientRect().right > edge + 0.5),
              )
              .slice(0, 5)
              .map(
                (e) =>
                  `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${Math.round(e.getBoundingClientRect().right)}`,
              ),
          PHONE.width,
        );
  // Soft: one run names every page that is too wide.
  expect.soft(width, `${where} is ${width} px wide: ${past.join(', ')}`).toBeLessThanOrEqual(PHONE.width);
}

/** Shots at the phone's size and at a desktop's (then back to the phone). */
async function shots(page: Page, name: string, desktop = true) {
  await shot(page, `mobile-${name}`);
  if (!desktop) return;
  await page.setViewportSize(DESKTOP);
  await shot(page, `mobile-${name}-desktop`);
  await page.setViewportSize(PHONE);
}

/** Opens the learner's drawer menu and picks a page. */
async function viaDrawer(page: Page, item: string) {
  await page.getByRole('button', { name: '打开菜单' }).click();
  const menu = page.getByTestId('web-drawer-menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: item }).click();
  await expect(menu).toBeHidden();
}

test.afterEach(async ({ page }, info) => {
  if (info.status !== info.expectedStatus) await shot(page, 'mobile-failed');
});

test('on a phone a learner signs in, trains and takes an exam; an admin opens the collapsed sidebar', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const tag = Date.now().toString(36).slice(-5);
  const learner = `phone${tag}`;
  await api(request, admin, '/api/sys/user/save', {
    userName: learner,
    realName: '手机学员',
    deptCode: 'A01A01',
    roles: ['student'],
    password: 'Learner@2026',
  });
  const title = `手机考试${tag}`;
  await createOpenExam(request, title, { qualifyScore: 4 });

  // Sign in; the header is the brand, the avatar and the menu button.
  await page.goto('/pages/login/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await fitsPhone(page, 'login');
  await shots(page, 'login');
  await signIn(page, learner, 'Learner@2026');
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '在线考试' })).toBeHidden();
  await expect(page.getByText('安全生产入门').first()).toBeVisible(); // the course list, one card a row
  await fitsPhone(page, 'home');
  await shots(page, 'home');
  await page.getByRole('button', { name: '打开菜单' }).click();
  await expect(page.getByTestId('web-drawer-menu')).toBeVisible();
  await settled(page.getByTestId('web-drawer-menu'));
  await expect(page.locator('.arco-drawer:visible').getByRole('button', { name: '退出' })).toBeVisible();
  await shots(page, 'drawer', false);
  await page.getByTestId('web-drawer-menu').getByRole('menuitem', { name: '题库训练' }).click();

  // Training: join a bank, start it, answer by tapping, pick a question on the sheet.
  await page.getByRole('tab', { name: '题库中心' }).click();
  const bank = page.locator('.arco-card').filter({ hasText: '计算机基础题库' }).last();
  await bank.getByRole('button', { name: '加入题库' }).click();
  await expect(bank.getByRole('button', { name: '取消加入' })).toBeVisible();
  await fitsPhone(page, 'open banks');
  // One column of cards, each line of a card's details whole (the count broke into 1 / 7 at this width before).
  const [first, second] = await page
    .locator('.paged-card-grid > *')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(second.x).toBe(first.x);
  expect(second.y).toBeGreaterThanOrEqual(first.bottom);
  expect((await bank.getByText(/^试题数量：\d+$/).boundingBox())!.height).toBeLessThan(30);
  await page.getByRole('tab', { name: '我的题库' }).click();
  // A phone's list is cards, not a table cut at its third column: each bank's fields on lines of their own.
  await expect(page.getByRole('button', { name: '计算机基础题库' })).toBeVisible();
  await fitsPhone(page, 'my banks');
  const bankCard = page.locator('.row-card').filter({ hasText: '计算机基础题库' });
  await expect(bankCard.getByText('训练覆盖')).toBeVisible();
  expect((await bankCard.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: '计算机基础题库' }).click();
  await fitsPhone(page, 'bank view');
  await page.getByTestId('mode-sequence').getByRole('button', { name: '开始训练' }).click();
  await expect(page).toHaveURL(/\/pages\/train\/start\/r-demo-2\/sequence/);
  await expect(page.getByText('第 1 /')).toBeVisible();
  const option = page.getByTestId('option-B');
  expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await option.tap();
  // Answered: the card counts it (a right answer moves on to the next question, a wrong one shows the solution).
  await expect(page.getByTestId('train-card-open')).toContainText(/答题卡 1\/\d+/);
  await fitsPhone(page, 'training');
  await shots(page, 'training');
  await page.getByTestId('train-card-open').tap();
  const trainSheet = page.getByTestId('train-card-sheet');
  await expect(trainSheet).toBeVisible();
  await settled(trainSheet);
  await shots(page, 'training-sheet', false);
  await trainSheet.getByRole('button', { name: '第3题' }).tap();
  await expect(trainSheet).toBeHidden();
  await expect(page.getByText('第 3 /')).toBeVisible();

  // The exam: from the list through the drawer; answers and moves through the bottom sheet.
  await viaDrawer(page, '在线考试');
  await page.getByRole('tab', { name: '公开考试' }).click();
  const card = page.locator('.arco-card').filter({ hasText: title }).last();
  await expect(card).toBeVisible();
  await fitsPhone(page, 'exam list');
  await shots(page, 'exam-list');
  // The list's date filter opens its two months stacked, within the screen.
  await page.locator('.arco-picker-range').first().tap();
  const months = page.locator('.arco-picker-range-container');
  await expect(months).toBeVisible();
  await settled(months);
  const box = (await months.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shots(page, 'exam-list-dates', false);
  await page.mouse.click(4, PHONE.height - 40);
  await expect(months).toBeHidden();
  await card.getByRole('button', { name: '进入考试' }).tap();
  await expect(page).toHaveURL(/\/pages\/exam\/check\//);
  await fitsPhone(page, 'exam check');
  await page.getByRole('button', { name: '开始考试' }).tap();
  await expect(page).toHaveURL(/\/pages\/exam\/start\//);
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  // The answer card is not beside or under the question: a button opens it.
  await expect(page.getByTestId('answer-sheet')).toHaveCount(0);
  const sheet = page.getByTestId('answer-sheet-sheet');
  for (let i = 0; i < 3; i++) {
    await expect(page.getByText(`第 ${i + 1} / 3 题`)).toBeVisible();
    await page.getByTestId('option-A').tap();
    await page.getByTestId('answer-sheet-open').tap();
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: String(i + 1), exact: true })).toHaveAttribute(
      'data-state',
      'answered',
    );
    if (i === 0) {
      await settled(sheet);
      await fitsPhone(page, 'exam screen');
      await shots(page, 'exam-sheet');
    }
    if (i < 2) {
      await sheet.getByRole('button', { name: String(i + 2), exact: true }).tap();
      await expect(sheet).toBeHidden();
    } else {
      await page.locator('.arco-drawer-close-icon:visible').tap();
      await expect(sheet).toBeHidden();
    }
  }
  await expect(page.getByTestId('answer-sheet-open')).toContainText('3/3');
  await page.getByRole('button', { name: '交卷' }).tap();
  await page.locator('.arco-modal').getByRole('button', { name: '确定' }).tap();
  await expect(page).toHaveURL(/\/pages\/exam\/result\//);
  await expect(page.getByTestId('exam-result')).toBeVisible();
  await fitsPhone(page, 'exam result');
  await shots(page, 'exam-result', false);

  // A course page: the intro and the file list stack, one column.
  await page.goto('/pages/course/view/c-demo-1');
  await expect(page.getByRole('list', { name: '课件列表' })).toBeVisible();
  await fitsPhone(page, 'course');
  await shots(page, 'course', false);

  // The user centre's real-name page (the widest form) fits too.
  const switches = await api(request, admin, '/api/sys/config/switch/detail', {});
  await api(request, admin, '/api/sys/config/switch/save', { ...switches, realPerson: true, faceAudit: 'auto' });
  try {
    await page.goto('/pages/uc/real');
    await expect(page.getByRole('button', { name: '提交认证' })).toBeVisible();
    await fitsPhone(page, 'real name');
    await shots(page, 'uc-real', false);
  } finally {
    await api(request, admin, '/api/sys/config/switch/save', switches);
  }

  // The admin: the sidebar is folded away; the menu button opens it over the content.
  const adminPage = await (
    await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: 'zh-CN',
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    })
  ).newPage();
  await adminPage.goto('/admin/');
  await signIn(adminPage, 'admin', 'Admin@2026');
  await expect(adminPage).toHaveURL(/\/admin\/dashboard/);
  await expect(adminPage.locator('.arco-layout-sider')).toHaveCount(0);
  await expect(adminPage.getByText('题库数量')).toBeVisible();
  await fitsPhone(adminPage, 'admin dashboard');
  await shots(adminPage, 'admin-closed');
  await adminPage.getByRole('button', { name: '打开菜单' }).tap();
  const adminMenu = adminPage.getByTestId('admin-drawer-menu');
  await expect(adminMenu).toBeVisible();
  await settled(adminMenu);
  await shots(adminPage, 'admin-open', false);
  await adminMenu.getByText('考试管理', { exact: true }).tap();
  await adminMenu.getByRole('menuitem', { name: '考试列表' }).tap();
  await expect(adminPage).toHaveURL(/\/admin\/exam\/list/);
  await expect(adminMenu).toBeHidden();
  await expect(adminPage.getByRole('button', { name: '新增' })).toBeVisible();
  await fitsPhone(adminPage, 'admin exam list');
  await shots(adminPage, 'admin-exam-list', false);
  await adminPage.context().close();
});
