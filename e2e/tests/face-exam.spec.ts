import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { fakeCamera } from './camera';
import { api, apiToken, fmt, shot, signIn } from './helpers';

/*
 * Faces in exams, study and real-name review (issue 13) with Chromium's fake camera fed from real photos:
 * person B is enrolled for this file's own learner; a second browser's camera shows person C (someone
 * else), a third one a grey frame without a face.
 */
const PHOTOS = fileURLToPath(new URL('../../services/kit/src/face-capture/testing/', import.meta.url));
const DIR = path.join(os.tmpdir(), 'face-e2e');

/** A looping .y4m camera (yuv420p, 480×360, 5 fps) of a photo centred on grey, as a webcam would frame a face. */
function camera(photo: string): string {
  mkdirSync(DIR, { recursive: true });
  const out = path.join(DIR, `${path.parse(photo).name}.y4m`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    path.join(PHOTOS, photo),
    '-t',
    '1',
    '-r',
    '5',
    '-vf',
    'scale=-2:300,pad=480:360:(ow-iw)/2:(oh-ih)/2:color=gray',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
const CAMERA_B = camera('person-b.jpg');
const CAMERA_C = camera('person-c.jpg');
const CAMERA_NONE = camera('no-face.jpg');

// This file's browser sees person B; Playwright allows launch options only per file.
test.use({ launchOptions: fakeCamera(CAMERA_B) });

const LEARNER = { username: 'face-e2e-1', password: 'Learner@2026' };
/** A learner without a face yet, who verifies her real name (faceAudit auto) in front of camera B. */
const REAL = { username: 'face-e2e-real', password: 'Learner@2026' };
let switches: Record<string, unknown> = {};
let examId = '';
let courseId = '';

/** The learner (enrolled with person B's photo, as the admin's user dialog does), a face-check exam and a face-check course of theirs. */
test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const up = await (
    await request.post('/api/common/file/upload', {
      headers: { token: admin },
      multipart: {
        file: { name: 'face-b.jpg', mimeType: 'image/jpeg', buffer: readFileSync(path.join(PHOTOS, 'person-b.jpg')) },
      },
    })
  ).json();
  expect(up.code, up.msg).toBe(0);
  await api(request, admin, '/api/sys/user/save', {
    userName: LEARNER.username,
    realName: '人脸考生',
    password: LEARNER.password,
    roles: ['student'],
    deptCode: 'A01A01',
    face: up.data.url,
  });
  await api(request, admin, '/api/sys/user/save', {
    userName: REAL.username,
    realName: '待认证',
    password: REAL.password,
    roles: ['student'],
    deptCode: 'A01A01',
  });
  switches = await api(request, admin, '/api/sys/config/switch/detail', {});
  const users = await api(request, admin, '/api/sys/user/paging', {
    current: 1,
    size: 10,
    params: { userName: LEARNER.username },
  });
  const userId = users.records.find((u: { userName: string }) => u.userName === LEARNER.username).id as string;
  examId = (
    await api(request, admin, '/api/exam/exam/save', {
      title: '人脸识别考试E2E',
      openType: 3,
      userIds: [userId],
      startTime: fmt(new Date(Date.now() - 60_000)),
      endTime: fmt(new Date(Date.now() + 86400_000)),
      totalTime: 30,
      qualifyScore: 6,
      camOn: true,
      camInterval: 1,
      faceOn: true,
      faceChance: 2,
      rules: [{ title: '单选题', quType: 1, repoIds: ['r-demo-1', 'r-demo-2'], level: 0, count: 3, score: 4 }],
    })
  ).id;
  courseId = (
    await api(request, admin, '/api/course/course/save', {
      title: '人脸识别课程E2E',
      openType: 3,
      userIds: [userId],
      faceOn: true,
      faceInterval: 1,
      faceChance: 2,
      fileRefs: [{ fileId: 'cf-demo-pdf' }],
    })
  ).id;
});

/** The real-name switches go back as they were (other files expect no 实名认证). */
test.afterAll(async ({ request }) => {
  if (!Object.keys(switches).length) return;
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  await api(request, admin, '/api/sys/config/switch/save', switches);
});

async function signedIn(page: Page, who = LEARNER) {
  await page.goto('/pages/login/login');
  await signIn(page, who.username, who.password);
  await expect(page).not.toHaveURL(/login/);
  // The login pages are an entry of their own: once signed in, the shell is loaded in full (location.replace).
  // A page.goto before that load ends is aborted by it, so wait for the shell's menu.
  await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
}

/** The same signed-in learner in a second browser whose camera shows person C (or, given, another video). */
async function asPersonC(page: Page, video = CAMERA_C): Promise<{ browser: Browser; other: Page }> {
  const browser = await chromium.launch(fakeCamera(video));
  const context = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 820 },
    storageState: await page.context().storageState(),
  });
  return { browser, other: await context.newPage() };
}

const capture = (page: Page) =>
  page.waitForResponse('**/api/paper/capture/save', { timeout: 25_000 }).then(async (r) => (await r.json()).data);

test('a face-check exam: entry by the enrolled face, another person’s captures counted, the limit hands the paper in', async ({
  page,
  request,
}) => {
  await signedIn(page);
  await page.goto(`/pages/exam/check/${examId}`);
  await page.getByRole('button', { name: '开始考试' }).click();
  const dialog = page.locator('.arco-modal').filter({ hasText: '人脸认证' });
  await expect(dialog.getByTestId('face-state')).toHaveAttribute('data-phase', 'pass', { timeout: 40_000 });
  await expect(page.getByText('人脸比对成功！').first()).toBeVisible();
  await shot(page, 'face-exam-entry');
  await expect(page).toHaveURL(/\/pages\/exam\/start\//, { timeout: 10_000 });
  const paperId = page.url().split('/').pop()!;
  // The first capture (5 s after the camera opens) is person B: nothing counted.
  expect(await capture(page)).toMatchObject({ isBreak: false, failCount: 0, faceChance: 2 });

  // The same paper in front of person C: the comparison fails; the verdict comes on the reminder channel.
  const { browser, other } = await asPersonC(page);
  await page.close();
  await other.goto(`/pages/exam/start/${paperId}`);
  await capture(other);
  await expect(other.getByText('人脸识别已失败1次，连续失败2次将自动交卷！')).toBeVisible({ timeout: 15_000 });
  await shot(other, 'face-exam-failed-once');
  // Reloaded, the screen captures again: the second failure in a row hands the paper in.
  await other.reload();
  await capture(other);
  await expect(other.getByText('连续2次人脸识别失败，系统强制交卷！')).toBeVisible({ timeout: 15_000 });
  await shot(other, 'face-exam-forced');
  await browser.close();

  const token = await apiToken(request, LEARNER.username, LEARNER.password);
  const papers = await api(request, token, '/api/paper/paper/paging', { current: 1, size: 10, params: { examId } });
  expect(papers.records).toHaveLength(1);
  expect(papers.records[0].state).not.toBe(0);
  expect(await api(request, token, '/api/paper/paper/check-process', { examId })).toBeNull();
});

test('study face checks: the enrolled face passes; no face sends nothing and warns; another face fails until study is left', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signedIn(page);
  await page.goto(`/pages/course/view/${courseId}/cf-demo-pdf`);
  const dialog = page.locator('.arco-modal').filter({ hasText: '人脸认证' });
  await expect(dialog.getByTestId('face-state')).toHaveAttribute('data-phase', 'pass', { timeout: 40_000 });
  await expect(page.getByText('人脸比对成功！').first()).toBeVisible();
  await shot(page, 'face-study-passed');
  await expect(dialog).toBeHidden({ timeout: 5000 });
  await page.goto('/pages/course'); // B leaves study: her next check (after faceInterval) would reset the count

  // Nobody in front of the camera: the tracker holds no face, so no frame goes out; after 20 s the warning.
  const { browser: empty, other: nobody } = await asPersonC(page, CAMERA_NONE);
  const saves: string[] = [];
  nobody.on('request', (r) => void (r.url().includes('/api/course/face/save') && saves.push(r.url())));
  await nobody.goto(`/pages/course/view/${courseId}/cf-demo-pdf`);
  const waiting = nobody.locator('.arco-modal').filter({ hasText: '人脸认证' }).getByTestId('face-state');
  await expect(waiting).toHaveAttribute('data-phase', 'tracking', { timeout: 40_000 });
  await expect(waiting).toContainText('请将人脸置于摄像头中央');
  await expect(nobody.getByText('请认真学习，确保人脸在摄像头中央！')).toBeVisible({ timeout: 25_000 });
  await shot(nobody, 'face-study-no-face');
  expect(saves).toEqual([]);
  await empty.close();

  // Person C: each held face is sent and fails; the second failure in a row (faceChance 2) leaves study.
  const { browser, other } = await asPersonC(page);
  await other.goto(`/pages/course/view/${courseId}/cf-demo-pdf`);
  const state = other.locator('.arco-modal').filter({ hasText: '人脸认证' }).getByTestId('face-state');
  await expect(state).toContainText('人脸比对失败，请确保是本人操作！', { timeout: 40_000 });
  await expect(state).toContainText('人脸识别已失败1次，连续失败2次将退出学习！');
  await shot(other, 'face-study-failed');
  await expect(other).toHaveURL(/\/pages\/course\?break/, { timeout: 30_000 });
  await expect(other.getByText('连续2次人脸识别失败！').first()).toBeVisible();
  await shot(other, 'face-study-left');
  await browser.close();

  // The admin sees the learner's checks.
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const rows = await api(request, admin, '/api/course/face/face-paging', {
    current: 1,
    size: 10,
    params: { courseId },
  });
  expect(rows.records[0]).toMatchObject({ realName: '人脸考生', passCount: 1, failCount: 2 });
});

test('real-name review: the local engine is the scheme in use; a live photo of the same person verifies the learner', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The admin's face config offers the local engine, in use by default, and 使用当前方案 keeps it.
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/sys/config');
  await page.getByRole('tab', { name: '人脸识别' }).click();
  await expect(page.locator('label.arco-radio-checked')).toHaveText('本地识别');
  await expect(page.getByText('比对阈值', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '使用当前方案' }).click();
  await expect(page.getByText('服务商切换成功！')).toBeVisible();
  await shot(page, 'face-config-local');
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  expect(await api(request, admin, '/api/sys/config/prop/detail', { type: 'face' })).toMatchObject({
    provider: 'local',
    current: true,
  });
  await api(request, admin, '/api/sys/config/switch/save', { ...switches, realPerson: true, faceAudit: 'auto' });

  // The learner: name, ID card, her photo (B as a camera saw her) and a live photo from the camera (B).
  await page.close();
  const me = await browser.newPage({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 820 },
  });
  await signedIn(me, REAL);
  await me.goto('/pages/uc/real');
  const item = (label: string) => me.locator('.arco-form-item').filter({ hasText: label });
  await item('真实姓名').locator('input').fill('张小明');
  await item('身份证号').locator('input').fill('11010519491231002X');
  await item('本人照片').locator('input[type=file]').setInputFiles(path.join(PHOTOS, 'person-b-live.jpg'));
  await expect(item('本人照片').locator('img')).toBeVisible();
  await me.getByRole('button', { name: '打开摄像头' }).click();
  await expect
    .poll(() =>
      item('人脸采集')
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.videoWidth),
    )
    .toBeGreaterThan(0);
  await me.getByRole('button', { name: '拍照' }).click();
  await expect(item('人脸采集').locator('img[alt=人脸采集]')).toBeVisible();
  await shot(me, 'face-real-form');
  await me.getByRole('button', { name: '提交认证' }).click();
  await expect(me.getByText('提交成功，请等待审核！')).toBeVisible();
  // The comparison runs in the queue: the page shows the verdict once it is there.
  await expect(async () => {
    await me.reload();
    await expect(me.getByText('已认证')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(me.getByText('张小明').first()).toBeVisible();
  await shot(me, 'face-real-verified');
  await me.setViewportSize({ width: 390, height: 844 });
  await shot(me, 'face-real-verified-390');
});
