import { type APIRequestContext, expect, test } from '@playwright/test';
import { fakeCamera } from './camera';
import { adminViaLogin, api, apiToken, handInOpenPapers, openWindow, pngLogo, shot } from './helpers';

/*
 * Issue 16's widgets in the admin's screens: the score-band slider on an exam's records and its score distribution,
 * the exam selection dialog of a course's final exams, the audio recorder of the editor's attachment dialog
 * (Chromium's fake microphone), the group selector of the user picker (exam 指定人员), a cover through the image box
 * of the exam form, and the admin shell's fixed routes. The learner's side is in widgets-learner.spec.ts.
 */
test.use({ launchOptions: fakeCamera() });

const stamp = Date.now() % 100000;

/** An exam of two 50-point judge questions: learner answers both right (100), learner2 none (0). */
async function scoredExam(request: APIRequestContext) {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const { id: repoId } = await api(request, admin, '/api/repo/save', { title: `分数段题库${stamp}`, isOpen: true });
  const quIds: string[] = [];
  for (const i of [1, 2]) {
    const { id } = await api(request, admin, '/api/qu/qu/save', {
      repoId,
      quType: 3,
      content: `<p>判断${stamp}-${i}</p>`,
      answerList: [
        { content: '对', isRight: true },
        { content: '错', isRight: false },
      ],
    });
    quIds.push(id);
  }
  const title = `分数段考试${stamp}`;
  const { id: examId } = await api(request, admin, '/api/exam/exam/save', {
    title,
    openType: 1,
    ...openWindow(),
    totalTime: 30,
    qualifyScore: 60,
    price: 0,
    points: 0,
    rules: [{ title: '判断题', quType: 3, quIds, score: 50 }],
  });
  const right = await Promise.all(
    quIds.map(
      async (id) =>
        (await api(request, admin, '/api/qu/qu/detail', { id })).answerList.find((o: { isRight: boolean }) => o.isRight)
          .id as string,
    ),
  );
  for (const [user, answer] of [
    ['learner', true],
    ['learner2', false],
  ] as const) {
    await handInOpenPapers(request, user, 'Learner@2026');
    const token = await apiToken(request, user, 'Learner@2026');
    const paper = await api(request, token, '/api/paper/paper/create-paper', { examId });
    if (answer)
      for (const [i, quId] of quIds.entries())
        await api(request, token, '/api/paper/paper/fill-answer', { paperId: paper.id, quId, answers: [right[i]] });
    await api(request, token, '/api/paper/paper/hand-exam', { id: paper.id });
  }
  return { title, quIds };
}

test('admin: score bands on exam records, the exam selection dialog, recording an answer aid, fixed routes', async ({
  page,
  request,
}) => {
  const { title, quIds } = await scoredExam(request);
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  const coverTitle = `封面考试${stamp}`;
  await api(request, admin, '/api/exam/exam/save', {
    title: coverTitle,
    openType: 1,
    ...openWindow(),
    totalTime: 30,
    qualifyScore: 60,
    rules: [{ title: '判断题', quType: 3, quIds, score: 50 }],
  });
  const { id: groupId } = await api(request, admin, '/api/sys/group/save', { groupName: `考试人员组${stamp}` });
  await api(request, admin, '/api/sys/group/user/batch-join', {
    userIds: ['u-learner2'],
    groupIds: [groupId],
    flag: 1,
  });
  await adminViaLogin(page);

  // Records filtered by a score band typed with the full-width separator; a non-numeric band is refused.
  await page.goto('/admin/exam/list');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button', { name: '考试记录' })
    .click();
  const drawer = page.locator('.arco-drawer').filter({ hasText: `考试记录 - ${title}` });
  await expect(drawer.getByRole('row', { name: /learner2/ })).toBeVisible();
  const band = drawer.getByLabel('分数段筛选');
  await band.fill('0~abc');
  await band.press('Enter');
  await expect(drawer.getByText('分数段【0~abc】格式不正确，应为数字~数字！')).toBeVisible();
  await band.fill('90~100；95~100');
  await band.press('Enter');
  await expect(drawer.getByText('90~100', { exact: true })).toBeVisible(); // merged into one band tag
  await expect(drawer.getByRole('row', { name: /learner2/ })).toHaveCount(0);
  await expect(drawer.getByRole('row', { name: /learner/ })).toHaveCount(1);
  await page.waitForTimeout(400);
  await shot(page, 'widgets-records-band');
  // The distribution: split points give consecutive bands (next start = previous end + 1).
  await drawer.getByRole('tab', { name: '分数分布' }).click();
  const splits = drawer.getByLabel('分割点');
  await splits.fill('59；79');
  await splits.press('Enter');
  await expect(drawer.getByTestId('band-0-59')).toContainText('1人次');
  await expect(drawer.getByTestId('band-60-79')).toContainText('0人次');
  await expect(drawer.getByTestId('band-80-100')).toContainText('1人次');
  await shot(page, 'widgets-score-dist');
  await drawer.locator('.arco-drawer-close-icon').click();

  // An exam's cover: uploaded in the exam form, saved, and there again when the exam is edited next.
  const search = page.getByPlaceholder('搜索考试名称');
  await search.fill(coverTitle);
  await search.press('Enter');
  const coverRow = page.getByRole('row', { name: new RegExp(coverTitle) });
  const examForm = page.locator('.arco-modal').filter({ hasText: '修改考试' });
  const coverItem = examForm.locator('.arco-form-item').filter({ hasText: '考试封面' });
  await coverRow.getByRole('button', { name: '编辑' }).click();
  await expect(examForm.getByPlaceholder('请输入考试名称')).toHaveValue(coverTitle);
  await expect(coverItem.locator('img')).toHaveCount(0);
  // A photo-sized cover (about 1.9 MB) is compressed in the browser before it is sent (spec admin §9: to about 500 KB).
  const photo = pngLogo(900, 700, true);
  await coverItem
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: photo });
  expect(photo.length).toBeGreaterThan(1_500_000);
  await expect(coverItem.locator('img')).toHaveAttribute('src', /\/api\/common\/file\/get\/.+\.png/);
  const stored = await page.request.get((await coverItem.locator('img').getAttribute('src'))!);
  expect((await stored.body()).length).toBeLessThan(520 * 1024);
  await page.waitForTimeout(400);
  await shot(page, 'widgets-exam-cover-form');
  await examForm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('考试保存成功！')).toBeVisible();
  await expect(examForm).toBeHidden();
  await coverRow.getByRole('button', { name: '编辑' }).click();
  await expect(coverItem.locator('img')).toHaveAttribute('src', /\/api\/common\/file\/get\/.+\.png/);
  await examForm.getByRole('button', { name: '取消' }).click();
  await expect(examForm).toBeHidden();

  // 指定人员 through the user picker's group selector: only the group's member is listed.
  await page.getByRole('button', { name: '新增' }).click();
  const newExam = page.locator('.arco-modal').filter({ hasText: '新增考试' });
  await newExam.getByText('指定人员', { exact: true }).click();
  await newExam.getByRole('button', { name: '选择人员（已选0人）' }).click();
  const users = page.locator('.arco-modal').filter({ hasText: '选择用户' }).last();
  await expect(users.getByRole('row').nth(1)).toBeVisible();
  await users.locator('.arco-select').filter({ hasText: '用户组' }).click();
  await page.locator('.arco-select-popup:visible').getByText(`考试人员组${stamp}`, { exact: true }).click();
  await users.locator('.arco-modal-title').click(); // a multiple select stays open over the table until focus leaves it
  await expect(page.locator('.arco-select-popup:visible')).toHaveCount(0);
  await expect(users.getByRole('row')).toHaveCount(2); // header and the one member
  await expect(users.getByRole('row', { name: /learner2/ })).toBeVisible();
  await users
    .getByRole('row', { name: /learner2/ })
    .locator('.arco-checkbox')
    .click();
  await shot(page, 'widgets-user-picker-group');
  await users.getByRole('button', { name: '确定' }).click();
  await expect(newExam.getByRole('button', { name: '选择人员（已选1人）' })).toBeVisible();
  await newExam.getByRole('button', { name: '取消' }).click();
  await expect(newExam).toBeHidden();

  // A course's final exams from the exam selection dialog: search, pick, 确定（1）.
  await page.goto('/admin/course/list');
  await page.getByRole('button', { name: '添加课程' }).click();
  const course = page.locator('.arco-modal').filter({ hasText: '添加课程' });
  await course.getByTestId('final-exams').getByRole('button', { name: '选择考试' }).click();
  const picker = page.locator('.arco-modal').filter({ hasText: '选择考试' }).last();
  await picker.getByPlaceholder('搜索考试名称').fill(title);
  await picker.getByPlaceholder('搜索考试名称').press('Enter');
  await expect(picker.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await expect(picker.getByRole('row')).toHaveCount(2); // header and the one match
  await picker
    .getByRole('row', { name: new RegExp(title) })
    .locator('.arco-checkbox')
    .click();
  await shot(page, 'widgets-exam-picker');
  await picker.getByRole('button', { name: '确定（1）' }).click();
  await expect(course.getByTestId('final-exams').getByText(title)).toBeVisible();
  await course.getByRole('button', { name: '取消' }).click();

  // The recorder in the attachment dialog: record from the fake microphone, play it back, upload it.
  await page.goto('/admin/sys/notice');
  await page.getByRole('button', { name: '新增' }).click();
  await page.getByRole('button', { name: '插入附件' }).click();
  const attach = page.locator('.arco-modal').filter({ hasText: '插入附件' });
  await attach.getByText('录音', { exact: true }).click();
  const rec = attach.getByTestId('audio-recorder');
  await expect(rec).toHaveAttribute('data-state', '0');
  await rec.getByRole('button', { name: '开始录音' }).click();
  await expect(rec).toHaveAttribute('data-state', '1');
  await expect(rec).toContainText('录音中 2秒', { timeout: 8000 });
  await rec.getByRole('button', { name: '停止录音' }).click();
  await expect(rec).toHaveAttribute('data-state', '2');
  await expect(rec.getByLabel('录音回放')).toBeVisible();
  await shot(page, 'widgets-recorder');
  await rec.getByRole('button', { name: '上传录音' }).click();
  await expect(page.getByText('录音上传成功！')).toBeVisible();
  await expect(rec).toHaveAttribute('data-state', '0');
  await attach.getByRole('button', { name: '确定' }).click();
  const audio = page.locator('.ProseMirror audio');
  await expect(audio).toHaveCount(1);
  const src = await audio.getAttribute('src');
  const wav = Buffer.from(await (await request.get(src!)).body());
  expect(wav.subarray(0, 4).toString()).toBe('RIFF');
  expect([wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 48000, 16]);
  expect(wav.readUInt32LE(40)).toBeGreaterThan(48000 * 2); // more than a second of samples

  // Fixed routes of the admin shell.
  await page.goto('/admin/profile');
  await expect(page).toHaveURL(/\/admin\/profile\/index$/);
  await expect(page.getByTestId('profile-page')).toContainText('admin');
  await page.goto('/admin/redirect/exam/list');
  await expect(page).toHaveURL(/\/admin\/exam\/list$/);
});
