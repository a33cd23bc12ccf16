import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Page } from '@playwright/test';
import { fakeCamera } from './camera';
import { api, apiToken, shot, signIn } from './helpers';

/*
 * Face sign-in as a new user meets it: the admin turns faceLogin on and enrols a learner's face in the
 * user dialog; the learner, in front of a (fake) camera, holds still, blinks and is signed in; someone
 * else in front of the camera is refused. The cameras are Chromium's fake device fed from real photos
 * (services/kit/src/face/testing: v* one person, p30 another), made into .y4m videos with ffmpeg.
 */
const FIX = fileURLToPath(new URL('../../services/kit/src/face/testing/', import.meta.url));
const TMP = fileURLToPath(new URL('../../.tmp/face-e2e/', import.meta.url));

/**
 * A 640×480 video of a photo that blinks: open eyes for 2.5 s, then 0.5 s with skin from under each eye
 * laid over it (boxes x:y:w in the 360-px face, found with the face mesh), looping in Chromium.
 */
function blinkingVideo(photo: string, eyes: [number, number, number][]): string {
  mkdirSync(TMP, { recursive: true });
  const open = `${TMP}${photo}-open.png`;
  const closed = `${TMP}${photo}-closed.png`;
  const out = `${TMP}${photo}.y4m`;
  const ff = (...a: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...a]);
  ff('-i', `${FIX}${photo}.jpg`, '-vf', 'scale=360:360,pad=640:480:140:60:color=gray', '-frames:v', '1', open);
  const [[lx, ly, lw], [rx, ry, rw]] = eyes;
  ff(
    '-i',
    open,
    '-filter_complex',
    `[0]split=3[a][b][c];[b]crop=${lw}:16:${lx}:${ly + 18}[l];[c]crop=${rw}:16:${rx}:${ry + 18}[r];[a][l]overlay=${lx}:${ly}[t];[t][r]overlay=${rx}:${ry}`,
    '-frames:v',
    '1',
    closed,
  );
  ff(
    '-loop',
    '1',
    '-t',
    '2.5',
    '-i',
    open,
    '-loop',
    '1',
    '-t',
    '0.5',
    '-i',
    closed,
    '-filter_complex',
    '[0][1]concat=n=2:v=1,fps=10,format=yuv420p',
    out,
  );
  return out;
}

async function cameraPage(video: string) {
  const browser = await chromium.launch(fakeCamera(video));
  const page = await browser.newPage({
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 820 },
  });
  return { browser, page };
}

async function openFaceTab(page: Page) {
  await page.goto('/pages/login/login');
  await page.getByRole('tab', { name: '人脸登录' }).click();
  await expect(page.getByTestId('face-login')).toBeVisible();
}

const user = `face${Date.now().toString(36).slice(-5)}`;

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const switches = await api(request, admin, '/api/sys/config/switch/detail', {});
  await api(request, admin, '/api/sys/config/switch/save', { ...switches, faceLogin: true });
  await api(request, admin, '/api/sys/user/save', {
    userName: user,
    realName: '人脸学员',
    deptCode: 'A01A01',
    roles: ['student'],
    password: 'Face@2026x',
  });
});

test('the admin enrols a face: a photo with two faces is refused, a good one is kept', async ({ page }) => {
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard\/index/);
  await page.goto('/admin/sys/user');
  await page.getByPlaceholder('搜索账号').fill(user);
  await page.keyboard.press('Enter');
  const dialog = page.locator('.arco-modal').filter({ hasText: '人脸照片' });
  const faceField = dialog.locator('.arco-form-item').filter({ hasText: '人脸照片' });
  const upload = async (photo: string) => {
    await page.getByRole('row').filter({ hasText: user }).getByRole('button', { name: '编辑' }).click();
    await faceField.locator('input[type=file]').setInputFiles(`${FIX}${photo}`);
    await expect(faceField.locator('img')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
  };
  await upload('two.jpg');
  await expect(page.getByText('检测到多张人脸，请确保画面中只有本人！')).toBeVisible();
  await shot(page, 'face-00-two-faces-refused');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await upload('v00.jpg');
  await expect(page.getByText('用户保存成功!')).toBeVisible();
  await shot(page, 'face-01-enrolled');
});

test('the learner signs in by face: held still, a blink, signed in', async () => {
  test.setTimeout(120_000);
  const { browser, page } = await cameraPage(
    blinkingVideo('v02', [
      [288, 206, 40],
      [354, 208, 36],
    ]),
  );
  try {
    await openFaceTab(page);
    await expect(page.getByTestId('face-login')).toHaveAttribute('data-phase', /tracking|blink|sending/, {
      timeout: 60_000,
    });
    await shot(page, 'face-02-tracking');
    await expect(page).not.toHaveURL(/\/pages\/login/, { timeout: 60_000 });
    await expect(page.getByText('人脸学员').first()).toBeVisible();
    await shot(page, 'face-03-signed-in');
  } finally {
    await browser.close();
  }
});

test('someone else in front of the camera is refused', async () => {
  test.setTimeout(120_000);
  const { browser, page } = await cameraPage(
    blinkingVideo('p30', [
      [269, 207, 30],
      [320, 207, 32],
    ]),
  );
  try {
    await openFaceTab(page);
    await expect(page.getByText('人脸比对失败，请确保是本人操作！')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/pages\/login/);
    await shot(page, 'face-04-refused');
  } finally {
    await browser.close();
  }
});
