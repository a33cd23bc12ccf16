import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, apiToken, pickSelect, shot, signIn } from './helpers';
import { demoPdf, demoVideo, uploadCourseware } from './course-fixtures';

// The embedded server writes captcha answers to this outbox (CAPTCHA_OUTBOX=1, see user-centre.spec.ts).
const OUTBOX = `${process.env.E2E_DATA_DIR ?? fileURLToPath(new URL(`../../.tmp/e2e-data-${process.env.E2E_PORT ?? 18080}`, import.meta.url))}/sms-outbox.log`;
const captchaFor = async (page: Page) => {
  const src = (await page.locator('img[alt="验证码"]').getAttribute('src'))!;
  const key = new URL(src, 'http://x').searchParams.get('key')!;
  const find = () =>
    readFileSync(OUTBOX, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .reverse()
      .find((e) => e.captchaKey === key);
  await expect
    .poll(() => {
      try {
        return !!find();
      } catch {
        return false;
      }
    })
    .toBe(true);
  return find().captcha as string;
};

const stamp = Date.now().toString(36);
const title = `消防课程-${stamp}`;
let courseId = '';
let videoId = '';
let pdfId = '';

/**
 * Runs the fake clock until the study check asks. Its minute counts from when the study has started, which
 * the page can learn after the PDF is already drawn: a fixed 61 s from the canvas could run out before it.
 */
async function untilCheck(page: Page, dialog: Locator) {
  await page.clock.runFor(58_000);
  await expect
    .poll(
      async () => {
        await page.clock.runFor(2_000);
        return dialog.isVisible();
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
}

test.describe
  .serial('a learner studies a course', () => {
    test.beforeAll(async ({ request }) => {
      test.setTimeout(120_000);
      const token = await apiToken(request, 'admin', 'Admin@2026');
      videoId = await uploadCourseware(request, token, demoVideo(`learn-${stamp}.mp4`), `视频-${stamp}`, 'video/mp4');
      pdfId = await uploadCourseware(request, token, demoPdf(`learn-${stamp}.pdf`), `讲义-${stamp}`, 'application/pdf');
      courseId = (
        await api(request, token, '/api/course/course/save', {
          title,
          openType: 1,
          videoDrag: true,
          checkOn: true,
          checkSec: 1,
          content: '<p>消防知识</p>',
          fileRefs: [
            { fileId: videoId, chapter: '第一章' },
            { fileId: pdfId, chapter: '第二章' },
          ],
        })
      ).id;
    });

    test('joins the course from the grid, a forward drag snaps back, and watching to the end finishes the video', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/pages/login/login');
      await signIn(page, 'learner', 'Learner@2026');
      await page.getByRole('menuitem', { name: '课程学习' }).click();
      await page.getByPlaceholder('搜索课程').fill(stamp);
      await page.getByPlaceholder('搜索课程').press('Enter');
      // The last match: the page's own card holds the course cards too.
      const card = page.locator('.arco-card').filter({ hasText: title }).last();
      await expect(card.getByText('免费')).toBeVisible();
      await card.getByRole('button', { name: '加入课程' }).click();
      await expect(page.getByText('加入成功！')).toBeVisible();
      await expect(card.getByRole('button', { name: '取消加入' })).toBeVisible();
      await shot(page, 'course-learner-grid');

      await page.getByRole('tab', { name: '我的课程' }).click();
      const mine = page.locator('.arco-card').filter({ hasText: title }).last();
      await expect(mine.getByText('未开始')).toBeVisible();
      await expect(mine.getByText('课程中心')).toBeVisible();
      await mine.getByRole('button', { name: '开始学习' }).click();
      await expect(page).toHaveURL(new RegExp(`/pages/course/view/${courseId}$`));
      await page.getByRole('button', { name: '开始学习' }).click();
      await expect(page).toHaveURL(new RegExp(`/pages/course/view/${courseId}/${videoId}$`));

      const video = page.locator('video');
      await expect(video).toHaveCount(1);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(1);
      // Drag lock: a seek far past what was watched goes back to the furthest point.
      await video.evaluate((v: HTMLVideoElement) => {
        v.currentTime = 10;
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(6);
      await shot(page, 'course-learner-video');
      // Watched through, the server counts the covered seconds and the file is finished.
      await expect(page.getByText('恭喜，您已学完本课件！')).toBeVisible({ timeout: 40_000 });
      const item = page.getByRole('listitem').filter({ hasText: `视频-${stamp}` });
      await expect(item.getByText('100%')).toBeVisible();
      // One second after the end the video is back at the start.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(1);
      await page.reload();
      await expect(
        page
          .getByRole('listitem')
          .filter({ hasText: `视频-${stamp}` })
          .getByText('100%'),
      ).toBeVisible();
    });

    test('progress resumes after a reload at the position the server stored', async ({ page, request }) => {
      test.setTimeout(60_000);
      // learner2 has not watched this video: a fresh position, not the finished one of the test above.
      await page.goto('/pages/login/login');
      await signIn(page, 'learner2', 'Learner@2026');
      await expect(page.getByRole('menuitem', { name: '课程学习' })).toBeVisible();
      await page.goto(`/pages/course/view/${courseId}/${videoId}`);
      const video = page.locator('video');
      await expect(video).toHaveCount(1);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(4);
      // A pause saves the position (part of the video only: 12 s long).
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      const token = await apiToken(request, 'learner2', 'Learner@2026');
      const stored = async () =>
        (await api(request, token, '/api/course/file/learn/load-process', { courseId, fileId: videoId })) as {
          learnSec: number;
          finished: boolean;
        };
      await expect.poll(async () => (await stored()).learnSec).toBeGreaterThanOrEqual(4);
      const saved = await stored();
      expect(saved.learnSec).toBeLessThan(10);
      expect(saved.finished).toBe(false);

      await page.reload();
      await expect(video).toHaveCount(1);
      // The first frame played after the reload is at the stored position, not at 0.
      const resumed = await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            v.muted = true;
            const onTime = () => {
              if (v.currentTime > 0) {
                v.removeEventListener('timeupdate', onTime);
                v.pause();
                resolve(v.currentTime);
              }
            };
            v.addEventListener('timeupdate', onTime);
            void v.play();
          }),
      );
      expect(Math.abs(resumed - saved.learnSec)).toBeLessThan(2);
      await shot(page, 'course-learner-resume');
    });

    test('the study check sends a learner who does not answer in 30 s away, and a right captcha lets them stay', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/pages/login/login');
      await signIn(page, 'learner', 'Learner@2026');
      await expect(page.getByRole('menuitem', { name: '课程学习' })).toBeVisible();
      // A fake clock: a minute of study and the 30 s grace pass at once.
      await page.clock.install();
      await page.goto(`/pages/course/view/${courseId}/${pdfId}`);
      await expect(page.locator('canvas')).toBeVisible();
      const dialog = page.locator('.arco-modal').filter({ hasText: '学习检测' });
      await untilCheck(page, dialog);
      await shot(page, 'course-learner-check');
      await page.clock.runFor(31_000);
      await expect(page).toHaveURL(/\/pages\/course\?break/);

      await page.goto(`/pages/course/view/${courseId}/${pdfId}`);
      await expect(page.locator('canvas')).toBeVisible();
      await untilCheck(page, dialog);
      await dialog.getByRole('button', { name: '确认' }).click();
      await expect(page.getByText('验证码不能为空！')).toBeVisible();
      const firstKey = await page.locator('img[alt="验证码"]').getAttribute('src');
      await dialog.getByPlaceholder('请输入验证码').fill('0000');
      await dialog.getByRole('button', { name: '确认' }).click();
      await expect(page.getByText('验证码错误或已失效，请点击图片刷新验证码！')).toBeVisible();
      await expect(page.locator('img[alt="验证码"]')).not.toHaveAttribute('src', firstKey!);
      await dialog.getByPlaceholder('请输入验证码').fill(await captchaFor(page));
      await dialog.getByRole('button', { name: '确认' }).click();
      await page.clock.runFor(1_000);
      await expect(dialog).toBeHidden();
      await page.clock.runFor(31_000);
      await expect(page).toHaveURL(new RegExp(`/pages/course/view/${courseId}/${pdfId}$`));
    });

    test('reads the PDF page by page, finishes the course, and asks a question the admin answers', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await page.goto('/pages/login/login');
      await signIn(page, 'learner', 'Learner@2026');
      await expect(page.getByRole('menuitem', { name: '课程学习' })).toBeVisible();
      await page.goto(`/pages/course/view/${courseId}/${pdfId}`);
      await expect(page.getByText(/^1 \/ 3$/)).toBeVisible();
      // Each page stays on screen past the server's minimum dwell (3 s).
      for (const next of ['2 / 3', '3 / 3']) {
        await page.waitForTimeout(3_500);
        await page.getByRole('button', { name: '下一页' }).click();
        await expect(page.getByText(next)).toBeVisible();
      }
      await page.waitForTimeout(3_500);
      await shot(page, 'course-learner-pdf');
      // Leaving the PDF reports its last page: every file is learned now.
      await page
        .getByRole('listitem')
        .filter({ hasText: `视频-${stamp}` })
        .click();
      await expect(page.getByText('恭喜，您已经学完全部课程啦！')).toBeVisible();

      await page.goto(`/pages/course/qa?courseId=${courseId}`);
      await page.getByRole('button', { name: '我要提问' }).click();
      const ask = page.locator('.arco-modal').filter({ hasText: '我要提问' });
      await ask.getByRole('button', { name: '确定' }).click();
      await expect(ask.getByText('请选择课件！')).toBeVisible();
      await expect(ask.getByText('问题内容不能为空！')).toBeVisible();
      await pickSelect(page, ask.locator('.arco-select'), `视频-${stamp}`);
      await ask.getByPlaceholder('请描述你的问题').fill(`灭火器怎么用？${stamp}`);
      await ask.getByRole('button', { name: '确定' }).click();
      await expect(page.getByText('提问成功！')).toBeVisible();
      const qa = page
        .locator('.arco-card')
        .filter({ hasText: `灭火器怎么用？${stamp}` })
        .last();
      await expect(qa.getByText('待回复')).toBeVisible();

      const token = await apiToken(request, 'admin', 'Admin@2026');
      const rows = await api(request, token, '/api/course/qa/paging', {
        current: 1,
        size: 10,
        params: { title: stamp },
      });
      await api(request, token, '/api/course/qa/reply', {
        qaId: rows.records[0].id,
        content: '拔掉保险销，对准火焰根部。',
      });
      await page.reload();
      await page.getByText('只看已回复').click();
      await expect(qa.getByText('已回复')).toBeVisible();
      await qa.getByText(`灭火器怎么用？${stamp}`).click();
      const detail = page.locator('.arco-modal').filter({ hasText: '问答详情' });
      await expect(detail.getByText('拔掉保险销，对准火焰根部。')).toBeVisible();
      await shot(page, 'course-learner-qa');
    });

    test("the admin corrects a learner's progress from the learning records, after a confirmation", async ({
      page,
    }) => {
      await page.goto('/admin/');
      await signIn(page, 'admin', 'Admin@2026');
      await expect(page).toHaveURL(/\/admin\/dashboard/);
      await page.goto('/admin/course/list');
      await page.getByPlaceholder('搜索课程名称').fill(title);
      await page.getByPlaceholder('搜索课程名称').press('Enter');
      await page.locator('tr').filter({ hasText: title }).getByRole('button', { name: '学习记录' }).click();
      const drawer = page.locator('.arco-drawer').filter({ hasText: `学习记录：${title}` });
      const learner = drawer.locator('tr').filter({ hasText: '张小明' });
      await expect(learner.getByText('已完成')).toBeVisible();
      const confirm = page.locator('.arco-modal').filter({ hasText: '张小明' });
      // Cancelling changes nothing.
      await learner.getByRole('button', { name: '重置进度' }).click();
      await expect(confirm).toContainText('不可恢复');
      await confirm.getByRole('button', { name: /取消|Cancel/ }).click();
      await expect(learner.getByText('已完成')).toBeVisible();
      await learner.getByRole('button', { name: '重置进度' }).click();
      await confirm.getByRole('button', { name: /确定|OK/ }).click();
      await expect(page.getByText('学习进度已重置！')).toBeVisible();
      await expect(learner.getByText('学习中')).toBeVisible();
      await expect(learner).toContainText('0/2');
      await shot(page, 'course-admin-learn-fix');
      await learner.getByRole('button', { name: '设为完成' }).click();
      await confirm.getByRole('button', { name: /确定|OK/ }).click();
      await expect(page.getByText('已标记为学完！')).toBeVisible();
      await expect(learner.getByText('已完成')).toBeVisible();
      await expect(learner).toContainText('2/2');
    });
  });
