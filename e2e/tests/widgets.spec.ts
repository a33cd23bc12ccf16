import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fakeCamera } from './camera';
import { api, apiToken, fmt, handInOpenPapers, pngLogo, shot, signIn } from './helpers';

/*
 * Issue 16's widgets in the screens that use them: the score-band slider on an exam's records and its score
 * distribution, the exam selection dialog of a course's final exams, the audio recorder of the editor's
 * attachment dialog (Chromium's fake microphone) and of a written exam answer, the group selector of the user
 * picker (exam 指定人员), covers through the image box (exam form, learner exam cards), the fixed routes of both
 * shells, and the chapter groups of a bank.
 */
test.use({ launchOptions: fakeCamera() });

const stamp = Date.now() % 100000;
const window2h = () => ({
  startTime: fmt(new Date(Date.now() - 3600_000)),
  endTime: fmt(new Date(Date.now() + 86400_000)),
});

/** A PNG uploaded through the common upload call: its address. */
async function uploadPng(request: APIRequestContext, token: string, name: string) {
  const r = await request.post('/api/common/file/upload', {
    headers: { token },
    multipart: { file: { name, mimeType: 'image/png', buffer: pngLogo(320, 180) } },
  });
  const body = await r.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.url as string;
}

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
    startTime: fmt(new Date(Date.now() - 3600_000)),
    endTime: fmt(new Date(Date.now() + 86400_000)),
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

/** /login of the admin shell leads to its login page (spec admin §2 fixed routes). */
async function adminIn(page: Page) {
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/pages\/login\/login$/);
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
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
    ...window2h(),
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
  await adminIn(page);

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

test("learner: /exam, /login and /redirect lead on; a bank's chapter groups start chapter training; exam covers; a recorded exam answer", async ({
  browser,
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin', 'Admin@2026');
  await handInOpenPapers(request, 'learner', 'Learner@2026');
  const { id: repoId } = await api(request, admin, '/api/repo/save', { title: `章节题库${stamp}`, isOpen: true });
  const { id: ch1 } = await api(request, admin, '/api/repo/chapter/save', { repoId, title: '第一章 用电安全' });
  await api(request, admin, '/api/repo/chapter/save', { repoId, title: '第二章 消防' });
  const judge = (chapterId: string | undefined, i: number) => ({
    repoId,
    chapterId,
    quType: 3,
    content: `<p>章节题${i}</p>`,
    answerList: [
      { content: '对', isRight: true },
      { content: '错', isRight: false },
    ],
  });
  for (const [i, ch] of [ch1, ch1, undefined].entries()) await api(request, admin, '/api/qu/qu/save', judge(ch, i));
  await api(request, admin, '/api/qu/qu/save', {
    repoId,
    chapterId: ch1,
    quType: 4,
    content: '<p>简答</p>',
    refAnswer: '略',
  });

  await page.goto('/login');
  await expect(page).toHaveURL(/\/pages\/login\/login/);
  await signIn(page, 'learner', 'Learner@2026');
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/exam');
  await expect(page).toHaveURL(/\/pages\/exam$/);
  await page.goto('/login');
  await expect(page).not.toHaveURL(/login/);
  await page.goto('/redirect/pages/exam');
  await expect(page).toHaveURL(/\/pages\/exam$/);

  await page.goto(`/pages/repo/view/${repoId}`);
  const groups = page.getByTestId('chapter-groups');
  const first = groups.getByRole('row', { name: /第一章 用电安全/ });
  await expect(first).toContainText('第一章 用电安全（3题）');
  await expect(first).toContainText('判断 2');
  await expect(first).toContainText('简答 1');
  await expect(groups.getByRole('row', { name: /未分章节/ })).toContainText('判断 1');
  await expect(groups.getByRole('row', { name: /第二章/ })).toHaveCount(0); // no questions yet
  await shot(page, 'widgets-chapter-groups');
  await page.setViewportSize({ width: 390, height: 844 });
  await groups.scrollIntoViewIfNeeded();
  await shot(page, 'widgets-chapter-groups-390');
  await page.setViewportSize({ width: 1366, height: 820 });
  await first.getByRole('button', { name: '章节练习' }).click();
  await expect(page).toHaveURL(new RegExp(`/pages/train/start/${repoId}/sequence\\?chapterId=${ch1}`));
  await expect(page.getByText('第 1 / 3 题')).toBeVisible();
  // The short answer (third) offers the recorder as an answer aid: the upload adds a line to the written answer.
  await page.getByRole('button', { name: '下一题' }).click();
  await page.getByRole('button', { name: '下一题' }).click();
  await expect(page.getByText('第 3 / 3 题')).toBeVisible();
  await page.getByLabel('作答内容').fill('注意用电安全');
  await page.getByRole('button', { name: '录音作答' }).click();
  const rec = page.getByTestId('audio-recorder');
  await rec.getByRole('button', { name: '开始录音' }).click();
  await expect(rec).toContainText('录音中 1秒', { timeout: 8000 });
  await rec.getByRole('button', { name: '停止录音' }).click();
  await rec.getByRole('button', { name: '上传录音' }).click();
  await expect(page.getByText('录音上传成功！')).toBeVisible();
  await expect(page.getByLabel('作答内容')).toHaveValue(/^注意用电安全\n\[录音\] \/api\/common\/file\/get\/.+\.wav$/);
  await shot(page, 'widgets-answer-aid');

  // Exam covers on the learner's open-exam cards: the uploaded one, and the default cover for none.
  const { id: shortRepo } = await api(request, admin, '/api/repo/save', { title: `录音题库${stamp}` });
  const { id: shortQu } = await api(request, admin, '/api/qu/qu/save', {
    repoId: shortRepo,
    quType: 4,
    content: '<p>请口述安全规程</p>',
    refAnswer: '略',
  });
  const cover = await uploadPng(request, admin, 'exam-cover.png');
  const examBody = (title: string, extra: object) => ({
    title,
    openType: 1,
    ...window2h(),
    totalTime: 30,
    qualifyScore: 6,
    rules: [{ title: '简答题', quType: 4, quIds: [shortQu], score: 10 }],
    ...extra,
  });
  const { id: recExam } = await api(request, admin, '/api/exam/exam/save', examBody(`录音考试${stamp}`, { cover }));
  await api(request, admin, '/api/exam/exam/save', examBody(`无封面考试${stamp}`, {}));
  await page.goto('/pages/exam');
  await page.getByRole('tab', { name: '公开考试' }).click();
  await page.getByPlaceholder('搜索考试').fill(String(stamp));
  await page.getByPlaceholder('搜索考试').press('Enter');
  const card = (title: string) => page.getByTestId('open-exam-card').filter({ hasText: title });
  await expect(card(`录音考试${stamp}`).locator('img')).toHaveAttribute('src', cover);
  await expect(card(`无封面考试${stamp}`).locator('img')).toHaveAttribute('src', /^data:image\/svg/);
  await page.waitForTimeout(300);
  await shot(page, 'widgets-exam-covers');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'widgets-exam-covers-390');
  await page.setViewportSize({ width: 1366, height: 820 });

  // The exam screen's written answer offers the recorder; the recording's address is saved with the answer.
  const token = await apiToken(request, 'learner', 'Learner@2026');
  const paper = await api(request, token, '/api/paper/paper/create-paper', { examId: recExam });
  await page.goto(`/pages/exam/start/${paper.id}`);
  await page.getByLabel('作答内容').fill('先写要点');
  await page.getByRole('button', { name: '录音作答' }).click();
  const examRec = page.getByTestId('audio-recorder');
  await examRec.getByRole('button', { name: '开始录音' }).click();
  await expect(examRec).toContainText('录音中 1秒', { timeout: 8000 });
  await examRec.getByRole('button', { name: '停止录音' }).click();
  await examRec.getByRole('button', { name: '上传录音' }).click();
  await expect(page.getByText('录音上传成功！')).toBeVisible();
  await expect(page.getByLabel('作答内容')).toHaveValue(/^先写要点\n\[录音\] \/api\/common\/file\/get\/.+\.wav$/);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  // Saved at once (an upload is not typing), read back from the server; the answer plays under the text.
  const savedText = async () =>
    (await api(request, token, '/api/paper/paper/qu-detail', { paperId: paper.id, quId: shortQu })).myAnswer
      ?.text as string;
  await expect.poll(savedText, { timeout: 3000 }).toMatch(/^先写要点\n\[录音\] \/api\/common\/file\/get\/.+\.wav$/);
  await expect(page.getByTestId('answer-recordings').locator('audio')).toHaveCount(1);
  await shot(page, 'widgets-exam-answer-aid');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'widgets-exam-answer-aid-390');
  const wav = Buffer.from(
    await (await request.get((await savedText()).split('[录音] ')[1], { headers: { token } })).body(),
  );
  expect([wav.subarray(0, 4).toString(), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([
    'RIFF',
    1,
    48000,
    16,
  ]);
  await api(request, token, '/api/paper/paper/hand-exam', { id: paper.id });

  // The reviewer hears it: the answer's recording plays in the review card.
  const adminCtx = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1366, height: 820 },
  });
  const reviewer = await adminCtx.newPage();
  await adminIn(reviewer);
  await reviewer.goto('/admin/exam/review');
  await reviewer
    .getByRole('row', { name: new RegExp(`录音考试${stamp}`) })
    .getByRole('button', { name: '阅卷' })
    .click();
  await expect(reviewer).toHaveURL(/\/admin\/exam\/review\/detail\//);
  await expect(reviewer.getByTestId('answer-recordings').locator('audio')).toHaveAttribute(
    'src',
    /\/api\/common\/file\/get\/.+\.wav$/,
  );
  await shot(reviewer, 'widgets-review-recording');
  await adminCtx.close();
});
