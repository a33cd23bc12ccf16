import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Download, expect, type Page, test } from '@playwright/test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { demoPdf, uploadCourseware } from './course-fixtures';
import { adminAt, api, apiToken, createOpenExam, handInOpenPapers, settled, shot, signIn } from './helpers';

const PHONE = { width: 390, height: 844 };

/** What a real QR reader (zbarimg) decodes on the PDF's first page as pdftoppm renders it. */
function qrOfPdf(pdf: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cert-e2e-'));
  execFileSync('pdftoppm', ['-r', '150', '-png', '-f', '1', '-l', '1', pdf, join(dir, 'page')]);
  const png = readdirSync(dir).find((f) => f.endsWith('.png'))!;
  return execFileSync('zbarimg', ['-q', '--raw', join(dir, png)], { encoding: 'utf8' }).trim();
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return file;
}

/** Shoots the page at the desktop size, then at a phone's, and back. */
async function bothShots(page: Page, name: string) {
  await shot(page, `${name}-desktop`);
  const size = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(size);
}

/** The learner's certificates, as 我的证书 lists them (a grant is a job: polled until it is there). */
const myCerts = async (request: APIRequestContext, token: string) =>
  (await api(request, token, '/api/cert/mine/paging', { current: 1, size: 50 })).records as { title: string }[];

/** Turns the certificate module on for this spec; gives back a function that restores the switches as they were. */
async function certModuleOn(request: APIRequestContext, admin: string) {
  const switches = await api(request, admin, '/api/sys/config/switch/detail', {});
  if (!switches.moduleCert) await api(request, admin, '/api/sys/config/switch/save', { ...switches, moduleCert: true });
  return () => api(request, admin, '/api/sys/config/switch/save', switches);
}

test('an admin designs a certificate, a learner earns it, anyone verifies it; revoked, both page and credential say so', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const restore = await certModuleOn(request, admin);
  try {
    const tag = Date.now().toString(36).slice(-5);
    const examTitle = `证书考试${tag}`;
    const certTitle = `安全合格证书${tag}`;
    // Any handed-in paper passes (pass mark 0): the learner's part of the story is to pass, not to answer well.
    await createOpenExam(request, examTitle, {
      qualifyScore: 0,
      rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], level: 0, count: 2, score: 4 }],
    });

    // The admin designs a template on the live preview: the starter layout, one element dragged.
    await adminAt(page, '/cert/tmpl');
    await page.getByRole('button', { name: '新增' }).click();
    const editor = page.locator('.arco-drawer').filter({ hasText: '新增证书模板' });
    await editor.getByPlaceholder('如 培训合格证书').fill(`结业证书${tag}`);
    const qr = editor.getByTestId('cert-element-6');
    await expect(qr).toBeVisible();
    await settled(editor);
    const before = (await qr.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 - 60, before.y + before.height / 2 - 30, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await qr.boundingBox())!.x).toBeLessThan(before.x - 40);
    await expect(editor.locator('.arco-alert')).toHaveCount(0);
    await shot(page, 'cert-tmpl-editor-desktop');
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('证书模板保存成功！')).toBeVisible();
    const row = page.locator('.arco-table-tr').filter({ hasText: `结业证书${tag}` });
    await expect(row).toBeVisible();
    await bothShots(page, 'cert-tmpl-list');

    // Attached to the exam by a rule.
    await row.getByRole('button', { name: '设置规则' }).click();
    const rules = page.locator('.arco-drawer').filter({ hasText: '发放规则 -' });
    await rules.getByRole('button', { name: '新增' }).click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '新增发放规则' });
    await dialog.getByPlaceholder('如 安全生产合格证书').fill(certTitle);
    await dialog.locator('.arco-select').click();
    await page.keyboard.type(examTitle);
    await page.locator('.arco-select-popup:visible').getByText(examTitle, { exact: true }).click();
    await shot(page, 'cert-rule-dialog-desktop');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('发放规则保存成功！')).toBeVisible();
    await expect(rules.locator('.arco-table-tr').filter({ hasText: certTitle })).toBeVisible();

    // The learner passes the exam (through the calls: the exam screen has specs of its own).
    await handInOpenPapers(request, 'learner', 'Learner@2026');
    const learner = await apiToken(request, 'learner', 'Learner@2026');
    const { records } = await api(request, admin, '/api/exam/exam/paging', { params: { title: examTitle } });
    const paper = await api(request, learner, '/api/paper/paper/create-paper', { examId: records[0].id });
    await api(request, learner, '/api/paper/paper/hand-exam', { id: paper.id });

    // 我的证书: the card, the PDF with the Chinese name and a QR code a real reader decodes to the verification page.
    const learnerPage = await (await browser.newContext()).newPage();
    await learnerPage.goto('/pages/login/login');
    await signIn(learnerPage, 'learner', 'Learner@2026');
    await expect(learnerPage).not.toHaveURL(/\/pages\/login\//);
    // The grant is a job the paper's hand-in queued: wait for it, then open 我的证书.
    const mine = () => myCerts(request, learner);
    await expect.poll(async () => (await mine()).some((c) => c.title === certTitle), { timeout: 30_000 }).toBe(true);
    await learnerPage.goto('/pages/uc/cert');
    const card = learnerPage.getByTestId('cert-card').filter({ hasText: certTitle });
    await expect(card).toContainText('有效');
    await expect(learnerPage.getByTestId('cert-card')).toHaveCount((await mine()).length);
    await bothShots(learnerPage, 'cert-uc');
    const pdf = await downloadOf(learnerPage, () => card.getByRole('button', { name: '下载证书' }).click());
    const verifyUrl = qrOfPdf(await pdf.path());
    expect(verifyUrl).toMatch(/\/pages\/cert\/verify\/[0-9A-Z]{26}$/);
    const jwtFile = await downloadOf(learnerPage, () => card.getByRole('button', { name: '下载电子凭证' }).click());
    expect(jwtFile.suggestedFilename()).toMatch(/\.jwt$/);
    const jwt = readFileSync(await jwtFile.path(), 'utf8');

    // The credential verifies against the published keys; its status list does not list it.
    const base = test.info().project.use.baseURL!;
    const { payload } = await jwtVerify(jwt, createRemoteJWKSet(new URL('/.well-known/jwks.json', base)));
    expect(payload.type).toContain('OpenBadgeCredential');
    const statusPath = new URL((payload.credentialStatus as { id: string }).id).pathname;
    const status = async () => (await (await request.get(statusPath)).json()).revokedCredentials as unknown[];
    expect(await status()).toEqual([]);

    // Anyone, signed out, on a phone: the page the QR code opens says valid.
    const visitor = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    const verifyPath = new URL(verifyUrl).pathname;
    await visitor.goto(verifyPath);
    await expect(visitor.getByTestId('cert-state')).toHaveText('有效');
    await expect(visitor).toHaveURL(verifyPath);
    await shot(visitor, 'cert-verify-phone');

    // The admin revokes it with a reason.
    await page.goto('/admin/cert/grant');
    await page.getByPlaceholder('考试或课程名称').fill(examTitle);
    await page.getByPlaceholder('考试或课程名称').press('Enter');
    const grant = page.locator('.arco-table-tr').filter({ hasText: certTitle });
    await expect(grant).toHaveCount(1);
    await bothShots(page, 'cert-grant-list');
    await grant.getByRole('button', { name: '撤销' }).click();
    const revoke = page.locator('.arco-modal').filter({ hasText: '撤销证书' });
    await revoke.getByRole('textbox').fill('考试作弊，成绩作废');
    await settled(revoke);
    await shot(page, 'cert-revoke-dialog-desktop');
    await revoke.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('证书已撤销！')).toBeVisible();
    await expect(grant).toContainText('已撤销');

    // Both the page and the credential now say revoked.
    await visitor.reload();
    await expect(visitor.getByTestId('cert-state')).toContainText('已撤销');
    await visitor.getByLabel('电子凭证内容').fill(jwt);
    await visitor.getByRole('button', { name: '核验凭证' }).click();
    await expect(visitor.getByTestId('credential-result')).toContainText('证书已撤销');
    await shot(visitor, 'cert-verify-revoked-phone');
    await visitor.setViewportSize({ width: 1366, height: 768 });
    await shot(visitor, 'cert-verify-revoked-desktop');
    expect(await status()).toHaveLength(1);
  } finally {
    await restore();
  }
});

test('a learner finishes a course with a certificate, downloads its PDF with their name, and its page says valid', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const restore = await certModuleOn(request, admin);
  try {
    const tag = Date.now().toString(36).slice(-5);
    const courseTitle = `证书课程${tag}`;
    const certTitle = `结业证书${tag}`;
    // A course of one PDF page (the server counts a page once it has been on screen 3 s), on the demo template.
    const pdfId = await uploadCourseware(
      request,
      admin,
      demoPdf(`cert-${tag}.pdf`, 1),
      `讲义${tag}`,
      'application/pdf',
    );
    const course = await api(request, admin, '/api/course/course/save', {
      title: courseTitle,
      openType: 1,
      content: '<p>学完即可获得结业证书</p>',
      fileRefs: [{ fileId: pdfId, chapter: '第一章' }],
    });
    await api(request, admin, '/api/cert/rule/save', {
      tmplId: 'ct-demo-1',
      title: certTitle,
      sourceType: 'course',
      sourceId: course.id,
      validMonths: 0,
      numPrefix: 'JY',
      numYear: true,
      numDigits: 6,
      enabled: true,
    });

    // The learner reads the page in the browser; the reader's next report finishes the course on the server.
    await page.goto('/pages/login/login');
    await signIn(page, 'learner2', 'Learner@2026');
    await expect(page).not.toHaveURL(/\/pages\/login\//);
    await page.goto(`/pages/course/view/${course.id}/${pdfId}`);
    await expect(page.getByText(/^1 \/ 1$/)).toBeVisible();
    await expect(page.getByText('恭喜，您已经学完全部课程啦！')).toBeVisible({ timeout: 30_000 });

    // The grant is a job the finish queued: wait for it, then open 我的证书.
    const learner = await apiToken(request, 'learner2', 'Learner@2026');
    const { realName } = await api(request, learner, '/api/sys/user/info', {});
    const mine = () => myCerts(request, learner);
    await expect.poll(async () => (await mine()).some((c) => c.title === certTitle), { timeout: 30_000 }).toBe(true);
    await page.goto('/pages/uc/cert');
    const card = page.getByTestId('cert-card').filter({ hasText: certTitle });
    await expect(card).toContainText(`课程：${courseTitle}`);
    await expect(card).toContainText('有效');
    const pdf = await (await downloadOf(page, () => card.getByRole('button', { name: '下载证书' }).click())).path();
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' })).toContain(`兹证明 ${realName} 同志`);

    // Its QR code's page, signed out: valid, for this course.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(new URL(qrOfPdf(pdf)).pathname);
    await expect(visitor.getByTestId('cert-state')).toHaveText('有效');
    await expect(visitor.getByText(courseTitle)).toBeVisible();
  } finally {
    await restore();
  }
});
