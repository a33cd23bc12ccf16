import { rmSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Client } from 'minio';
import S3rver from 's3rver';
import { pngLogo, shot, signIn } from './helpers';

const SITE = '云帆培训考试系统';
// Unique per run: the spec can run again against the same database.
const TITLE = `端到端测试公告${Date.now() % 100000}`;
const TMPL = `考试提醒${Date.now() % 100000}`;

/** A solid-colour PNG logo, made here so the test needs no fixture file. */

async function apiToken(request: APIRequestContext) {
  const r = await request.post('/api/sys/user/login', { data: { username: 'admin', password: 'Admin@2026' } });
  return (await r.json()).data.token as string;
}
const api = async (request: APIRequestContext, url: string, data: object) =>
  (await request.post(url, { data, headers: { token: await apiToken(request) } })).json();

async function adminIn(page: Page) {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

async function openConfig(page: Page, tab: string) {
  await page.goto('/admin/sys/config');
  await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test.describe.configure({ mode: 'serial' });

test('admin edits the site name and logo; the learner shell shows them', async ({ page, browser, request }) => {
  await adminIn(page);
  await openConfig(page, '基础配置');
  const name = page.getByPlaceholder('请输入站点名称');
  await expect(name).toHaveValue(SITE);
  await name.fill('云帆学习平台');
  // The second image field is the front-end logo.
  await page
    .locator('.arco-form-item')
    .filter({ hasText: '前台Logo' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngLogo() });
  await expect(page.locator('.arco-form-item').filter({ hasText: '前台Logo' }).locator('img')).toBeVisible();
  await page.getByRole('button', { name: '保存配置' }).click();
  await expect(page.getByText('配置保存成功！')).toBeVisible();
  await shot(page, 'config-base');

  const learner = await browser.newPage();
  await learner.goto('/pages/login/login');
  await signIn(learner, 'learner', 'Learner@2026');
  // The login page shows the new logo too: look once the shell (its menu) is there.
  await expect(learner.getByRole('menuitem', { name: '在线考试' })).toBeVisible();
  const logo = learner.locator('header img[alt="云帆学习平台"]');
  await expect(logo).toBeVisible();
  expect(await logo.getAttribute('src')).toMatch(/^\/api\/common\/file\/get\/\d{8}\/[0-9a-f]{32}\.png$/);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(learner).toHaveTitle(/云帆学习平台/);
  await shot(learner, 'learner-site-logo');
  await learner.close();

  // Later specs expect the seeded site.
  const site = await api(request, '/api/sys/config/detail', { id: '1' });
  await api(request, '/api/sys/config/save', { ...site.data, siteName: SITE, frontLogo: '' });
});

test('admin writes a notice in the rich editor; a learner reads it from the list and the detail page', async ({
  page,
}) => {
  await adminIn(page);
  await page.goto('/admin/sys/notice');
  await expect(page.getByRole('cell', { name: '欢迎使用云帆培训考试系统' })).toBeVisible();
  await page.getByRole('button', { name: '新增' }).click();
  await page.getByPlaceholder('请输入公告标题').fill(TITLE);
  const editor = page.locator('.ProseMirror');
  await editor.click();
  await page.getByRole('button', { name: '加粗' }).click();
  // One input event per run of text: typed key by key, the editor's re-render after the bold toggle can move the caret mid-word.
  await page.keyboard.insertText('重要：');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.insertText('本周五下午进行系统维护。');
  await page
    .getByRole('button', { name: '插入图片' })
    .click({ noWaitAfter: true })
    .catch(() => undefined);
  await shot(page, 'notice-editor');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('公告保存成功！')).toBeVisible();
  await expect(page.getByRole('cell', { name: TITLE })).toBeVisible();
  await shot(page, 'admin-notices');

  await page.goto('/pages/login/login');
  await page.context().clearCookies();
  await page.goto('/pages/login/login');
  await signIn(page, 'learner', 'Learner@2026');
  await page.getByRole('menuitem', { name: '通知公告' }).click();
  await expect(page).toHaveURL(/\/pages\/notice$/);
  await page.getByText(TITLE).click();
  await expect(page).toHaveURL(/\/pages\/notice\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.locator('.exam-rich-text strong')).toHaveText('重要：');
  await expect(page.getByText('本周五下午进行系统维护。')).toBeVisible();
  await shot(page, 'learner-notice-detail');
  await page.getByRole('button', { name: '返回列表' }).click();
  await expect(page).toHaveURL(/\/pages\/notice$/);
  await shot(page, 'learner-notices');
});

test('admin switches storage to an S3-compatible store; an uploaded logo lands in the bucket', async ({
  page,
  request,
}) => {
  const dir = `/tmp/e2e-s3rver-${Date.now()}`;
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'exam-e2e' }],
  });
  const { port } = await s3.run();
  try {
    await adminIn(page);
    await openConfig(page, '存储配置');
    await page.getByText('S3兼容(MinIO)').click();
    await expect(page.getByText(/切换服务商不会迁移已上传的文件/)).toBeVisible();
    const field = (label: string) =>
      page.locator('.arco-form-item').filter({ hasText: label }).locator('input').first();
    await field('存储节点').fill(''); // a rerun finds the settings of the last run: start from empty
    await page.getByRole('button', { name: '保存配置' }).click();
    await expect(page.getByText('存储节点不能为空').first()).toBeVisible();
    await field('存储节点').fill(`http://127.0.0.1:${port}`);
    await field('存储空间').fill('exam-e2e');
    await field('accessKeyId').fill('S3RVER');
    await field('accessKeySecret').fill('S3RVER');
    await shot(page, 'config-storage');
    await page.getByRole('button', { name: '使用此服务商' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('服务商切换成功！')).toBeVisible();

    await page.getByRole('tab', { name: '基础配置' }).click();
    await page
      .locator('.arco-form-item')
      .filter({ hasText: '小程序码' })
      .locator('input[type=file]')
      .setInputFiles({ name: 'mp.png', mimeType: 'image/png', buffer: pngLogo(80, 80) });
    const client = new Client({
      endPoint: '127.0.0.1',
      port,
      useSSL: false,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
      pathStyle: true,
    });
    await expect
      .poll(async () => {
        const names: string[] = [];
        for await (const o of client.listObjectsV2('exam-e2e', '', true)) names.push((o as { name: string }).name);
        return names;
      })
      .toEqual([expect.stringMatching(/^\d{8}\/[0-9a-f]{32}\.png$/)]);
  } finally {
    await api(request, '/api/sys/config/prop/change', { type: 'upload', provider: 'local', data: {} });
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('admin sees the switch, face and live tabs and the message templates', async ({ page }) => {
  await adminIn(page);
  await openConfig(page, '功能开关');
  await expect(page.getByText('开放注册')).toBeVisible();
  await shot(page, 'config-switch');
  await page.getByRole('tab', { name: '直播配置' }).click();
  await page.getByRole('button', { name: '保存配置' }).click();
  await expect(page.getByText('服务提供商不能为空！')).toBeVisible();
  await expect(page.getByText('推流域名不能为空！')).toBeVisible();
  await shot(page, 'config-live');
  await page.getByRole('tab', { name: '人脸识别' }).click();
  await page.getByText('百度智能云').click();
  await expect(page.getByText('AppKey')).toBeVisible();
  await shot(page, 'config-face');
  await page.goto('/admin/sys/tmpl');
  await page.getByRole('button', { name: '新增' }).click();
  await page.getByPlaceholder('请输入模板标题').fill(TMPL);
  await page.getByRole('textbox', { name: '模板内容' }).fill('您的考试${title}即将开始');
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('cell', { name: TMPL })).toBeVisible();
  await shot(page, 'admin-tmpl');
});
