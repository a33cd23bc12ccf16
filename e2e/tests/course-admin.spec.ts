import { expect, test } from '@playwright/test';
import { api, apiToken, shot, signIn } from './helpers';
import { demoPdf, demoVideo } from './course-fixtures';

test('an admin uploads a video and a PDF, watches transcoding finish, builds a course from them and opens it to a department', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const video = demoVideo(`admin-${stamp}.mp4`);
  const pdf = demoPdf(`admin-${stamp}.pdf`);
  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/course/file');
  await expect(page.getByRole('button', { name: '上传课件' })).toBeVisible();

  // Upload dialog: a file is required; the title comes from the file name and can be changed.
  const upload = async (file: string, title: string, done: string) => {
    await page.getByRole('button', { name: '上传课件' }).click();
    const dialog = page.locator('.arco-modal').filter({ hasText: '课件文件' });
    await dialog.getByRole('button', { name: '上传' }).click();
    await expect(page.getByText('请选择要上传的文件！')).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByPlaceholder('请输入课件名称').fill(title);
    await dialog.getByRole('button', { name: '上传' }).click();
    await expect(page.getByText(done)).toBeVisible();
  };
  await upload(video, `视频-${stamp}`, '上传成功，视频正在转码！');
  const videoRow = page.locator('tr').filter({ hasText: `视频-${stamp}` });
  // The list polls while a video is 转码中; ffmpeg finishes a 12 s clip in seconds.
  await expect(videoRow.getByText('正常')).toBeVisible({ timeout: 60_000 });
  await expect(videoRow).toContainText('00:12');
  await upload(pdf, `讲义-${stamp}`, '上传成功！');
  await expect(
    page
      .locator('tr')
      .filter({ hasText: `讲义-${stamp}` })
      .getByText('正常'),
  ).toBeVisible();
  await shot(page, 'course-admin-files');

  // A course with drag lock, a 1-minute study check and both coursewares in order.
  await page.goto('/admin/course/list');
  await page.getByRole('button', { name: '添加课程' }).click();
  const dialog = page.locator('.arco-modal').filter({ hasText: '添加课程' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('课程名称不能为空！')).toBeVisible();
  await dialog.getByPlaceholder('请输入课程名称').fill(`课程-${stamp}`);
  await dialog.locator('.arco-form-item').filter({ hasText: '禁止拖动' }).locator('.arco-switch').click();
  await dialog.locator('.arco-form-item').filter({ hasText: '学习检测' }).locator('.arco-switch').click();
  const interval = dialog.locator('.arco-form-item').filter({ hasText: '检测间隔' }).locator('input');
  await interval.fill('1');
  await interval.press('Tab');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('请至少添加一个课件！')).toBeVisible();

  await dialog.getByRole('button', { name: '添加课件' }).click();
  const picker = page.locator('.arco-modal').filter({ hasText: '选择课件' });
  await picker.getByPlaceholder('搜索课件名称').fill(stamp);
  await picker.getByPlaceholder('搜索课件名称').press('Enter');
  await expect(picker.locator('tbody tr')).toHaveCount(2);
  await picker
    .locator('tbody tr')
    .filter({ hasText: `视频-${stamp}` })
    .locator('.arco-checkbox')
    .click();
  await picker
    .locator('tbody tr')
    .filter({ hasText: `讲义-${stamp}` })
    .locator('.arco-checkbox')
    .click();
  await picker.getByRole('button', { name: /确定（已选2个）/ }).click();
  await expect(dialog.getByText(`视频-${stamp}`)).toBeVisible();
  await expect(dialog.getByText(`讲义-${stamp}`)).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('课程保存成功！')).toBeVisible();
  const row = page.locator('tr').filter({ hasText: `课程-${stamp}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('完全公开');
  await shot(page, 'course-admin-list');

  // Editing shows what was saved: the files in order and the study check.
  await row.getByRole('button', { name: '修改' }).click();
  const edit = page.locator('.arco-modal').filter({ hasText: '修改课程' });
  await expect(edit.getByPlaceholder('请输入课程名称')).toHaveValue(`课程-${stamp}`);
  await expect(edit.locator('.arco-form-item').filter({ hasText: '检测间隔' }).locator('input')).toHaveValue('1');
  const files = edit.getByText(new RegExp(`^(视频|讲义)-${stamp}$`));
  await expect(files).toHaveText([`视频-${stamp}`, `讲义-${stamp}`]);

  // Opened to 技术部 only: learner (技术部) finds it, learner2 (市场部) does not.
  await edit.getByText('指定部门', { exact: true }).click();
  await edit.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('请选择指定部门！')).toBeVisible();
  await edit.locator('.arco-tree-select').click();
  await edit.locator('.arco-tree-select input').fill('技术部');
  await page
    .locator('.arco-tree-select-popup .arco-tree-node')
    .filter({ hasText: '技术部' })
    .locator('.arco-checkbox')
    .click();
  await edit.getByText('课程名称', { exact: true }).click(); // closes the dropdown
  await expect(edit.locator('.arco-tree-select')).toContainText('技术部');
  await shot(page, 'course-admin-depart');
  await edit.getByRole('button', { name: '确定' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('指定部门');
  const seen = async (user: string) => {
    const token = await apiToken(request, user, 'Learner@2026');
    const open = await api(request, token, '/api/client/course/open-paging', {
      current: 1,
      size: 12,
      params: { title: `课程-${stamp}` },
    });
    return open.records.map((c: { title: string }) => c.title);
  };
  expect(await seen('learner')).toEqual([`课程-${stamp}`]);
  expect(await seen('learner2')).toEqual([]);
});
