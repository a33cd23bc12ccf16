import { type APIRequestContext, expect, test } from '@playwright/test';
import { fakeCamera } from './camera';
import { adminViaLogin, api, apiToken, handInOpenPapers, openWindow, pngLogo, shot, signIn } from './helpers';

/*
 * Issue 16's widgets on the learner's side: the learner shell's fixed routes, a bank's chapter groups, covers on the
 * open-exam cards (the image box's upload, the default for none), and the audio recorder of a written exam answer
 * (Chromium's fake microphone) as the reviewer hears it. The admin's side is in widgets-admin.spec.ts.
 */
test.use({ launchOptions: fakeCamera() });

const stamp = Date.now() % 100000;

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
    ...openWindow(),
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
  await adminViaLogin(reviewer);
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
