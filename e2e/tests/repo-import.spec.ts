import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Document, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { shot, signIn } from './helpers';

/** The downloaded template (one example of every type, composite children included) plus generated rows. */
async function fillTemplate(template: string, out: string, extra: string[][]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(template);
  const ws = wb.worksheets[0];
  for (const row of extra) ws.addRow(row);
  await wb.xlsx.writeFile(out);
}

const generated = (n: number, from: number): string[][] =>
  Array.from({ length: n }, (_, i) => {
    const no = String(from + i);
    switch (i % 4) {
      case 0:
        return [no, '', '单选', '普通', '', `批量单选题${no}`, 'C', '', '', '', '甲', '乙', '丙', '丁'];
      case 1:
        return [no, '', '多选', '较难', '', `批量多选题${no}`, 'AD', '', '', '', '甲', '乙', '丙', '丁'];
      case 2:
        return [no, '', '判断', '普通', '', `批量判断题${no}`, 'B', '', '', '', '正确', '错误'];
      default:
        return [no, '', '填空', '普通', '', `批量填空题${no}：____`, '', '', '', '', `答案${no}||备选${no}`];
    }
  });

/** A real 1×1 PNG, for the Moodle file's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const moodleXml = (tag: string) => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/安全标志</text></category></question>
  <question type="multichoice">
    <name><text>禁止标志</text></name>
    <questiontext format="html"><text><![CDATA[<p>${tag}哪个是禁止标志？</p><p><img src="@@PLUGINFILE@@/sign.png" alt="标志"></p>]]></text>
      <file name="sign.png" path="/" encoding="base64">${PNG.toString('base64')}</file></questiontext>
    <generalfeedback format="html"><text>红圈加斜杠表示禁止。</text></generalfeedback>
    <single>true</single>
    <answer fraction="100"><text>红圈斜杠</text></answer>
    <answer fraction="0"><text>黄色三角</text></answer>
    <answer fraction="0"><text>蓝色圆形</text></answer>
  </question>
  <question type="truefalse">
    <name><text>灭火器</text></name>
    <questiontext format="html"><text>${tag}灭火器应定期检查。</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="multichoice">
    <name><text>坏题</text></name>
    <questiontext format="html"><text>没有正确答案</text></questiontext>
    <single>true</single>
    <answer fraction="0"><text>甲</text></answer>
    <answer fraction="0"><text>乙</text></answer>
  </question>
</quiz>`;

test('an admin imports questions through the preview dialog (.xlsx, Moodle XML and Word with pictures); a learner trains on them', async ({
  page,
  browser,
  request,
}) => {
  const admin = (
    await (await request.post('/api/sys/user/login', { data: { username: 'admin', password: 'Admin@2026' } })).json()
  ).data.token;
  const tag = `导入${Date.now() % 100000}`;
  const repoId = (
    await (
      await request.post('/api/repo/save', { data: { title: `${tag}题库`, isOpen: true }, headers: { token: admin } })
    ).json()
  ).data.id;
  const total = async () =>
    (
      await (
        await request.post('/api/qu/qu/paging', { data: { params: { repoId } }, headers: { token: admin } })
      ).json()
    ).data.total;

  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/repo/qu?repoId=${repoId}`);

  const dialog = page.locator('.arco-modal').filter({ hasText: '导入试题' });
  const open = async () => {
    await page.getByRole('button', { name: '导入', exact: true }).click();
    await expect(dialog).toBeVisible();
  };
  const pick = async (file: string) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByText('选择文件').click()]);
    await chooser.setFiles(file);
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'qu-import-'));

  await open();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载模板' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('试题导入模板.xlsx');
  const template = path.join(dir, 'template.xlsx');
  await download.saveAs(template);

  // The template's 10 examples (every type), 190 generated rows and one row of an unknown type: the preview names
  // the bad row, nothing is written until 导入, then exactly the 200 good questions are.
  const file = path.join(dir, 'questions.xlsx');
  await fillTemplate(template, file, [
    ...generated(190, 100),
    ['300', '', '问答', '普通', '', '题型写错了', '', '', '', ''],
  ]);
  await pick(file);
  await expect(dialog).toContainText('可导入 200 道');
  await expect(dialog).toContainText('有错误 1 道');
  await expect(dialog).toContainText('题型“问答”不正确');
  await shot(page, 'repo-import-preview');
  expect(await total()).toBe(0);
  await dialog.getByRole('button', { name: '导入 200 道试题' }).click();
  await expect(page.getByText('成功导入 200 道试题！跳过 1 道有错误的试题。')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('共 200 条')).toBeVisible();
  expect(await total()).toBe(200);
  // What was imported is what the file said: a generated multiple choice keeps A and D right.
  const found = (
    await (
      await request.post('/api/qu/qu/paging', {
        data: { params: { repoId, content: '批量多选题101' } },
        headers: { token: admin },
      })
    ).json()
  ).data.records;
  const detail = (
    await (await request.post('/api/qu/qu/detail', { data: { id: found[0].id }, headers: { token: admin } })).json()
  ).data;
  expect(detail.answerList.map((o: { isRight: boolean }) => o.isRight)).toEqual([true, false, false, true]);

  // Moodle XML with a picture and a bad question, at a phone's width too.
  const xml = path.join(dir, 'moodle.xml');
  writeFileSync(xml, moodleXml(tag));
  await open();
  await pick(xml);
  await expect(dialog).toContainText('格式：Moodle XML');
  await expect(dialog).toContainText('可导入 2 道');
  await expect(dialog).toContainText('单选题必须有且只有一个正确答案！');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'repo-import-moodle-phone');
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 800 });
  await dialog.getByRole('button', { name: '导入 2 道试题' }).click();
  await expect(page.getByText('成功导入 2 道试题！跳过 1 道有错误的试题。')).toBeVisible({ timeout: 30_000 });
  expect(await total()).toBe(202);

  // A Word document typed the way teachers do, with a picture in a stem.
  const word = path.join(dir, 'word.docx');
  const para = (...runs: (string | ImageRun)[]) =>
    new Paragraph({ children: runs.map((r) => (typeof r === 'string' ? new TextRun(r) : r)) });
  const doc = new Document({
    sections: [
      {
        children: [
          para('一、单选题'),
          para(`1. ${tag}图中是什么标志？`),
          para(new ImageRun({ type: 'png', data: PNG, transformation: { width: 20, height: 20 } })),
          para('A. 禁止标志    B. 警告标志'),
          para('答案：A'),
          para('二、判断题'),
          para(`2. ${tag}安全帽可以不系下颏带。`),
          para('答案：错误'),
        ],
      },
    ],
  });
  writeFileSync(word, await Packer.toBuffer(doc));
  await open();
  await pick(word);
  await expect(dialog).toContainText('格式：Word 文档 (.docx)');
  await expect(dialog).toContainText('可导入 2 道');
  await expect(dialog).toContainText('图片 1 张');
  await dialog.getByRole('button', { name: '导入 2 道试题' }).click();
  // Exactly: the Moodle import's message (…跳过 1 道…) may still be on screen.
  await expect(page.getByText('成功导入 2 道试题！', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await total()).toBe(204);
  const wordQu = (
    await (
      await request.post('/api/qu/qu/paging', {
        data: { params: { repoId, content: '图中是什么标志' } },
        headers: { token: admin },
      })
    ).json()
  ).data.records[0];
  const wordDetail = (
    await (await request.post('/api/qu/qu/detail', { data: { id: wordQu.id }, headers: { token: admin } })).json()
  ).data;
  expect(wordDetail.content).toMatch(/<img[^>]+src="\/api\/common\/file\/get\/\d{8}\/[0-9a-f]{32}\.png"/);
  expect(wordDetail.answerList.map((o: { isRight: boolean }) => o.isRight)).toEqual([true, false]);

  // A learner trains on the imported picture question: the stored picture shows, the answer is graded.
  const learner = await (await browser.newContext()).newPage();
  await learner.goto('/pages/login/login');
  await signIn(learner, 'learner2', 'Learner@2026');
  await expect(learner.getByRole('menuitem', { name: '题库训练' })).toBeVisible();
  await learner.goto(`/pages/repo/view/${repoId}`);
  const seq = learner.getByTestId('mode-sequence');
  await seq
    .getByRole('button', { name: /开始训练|重新开始/ })
    .first()
    .click();
  await expect(learner.getByText('第 1 /')).toBeVisible();
  await learner.getByRole('button', { name: '第202题' }).click();
  await expect(learner.getByText(`${tag}灭火器应定期检查。`)).toBeVisible();
  await learner.getByRole('button', { name: '第201题' }).click();
  await expect(learner.getByText(`${tag}哪个是禁止标志？`)).toBeVisible();
  const img = learner.locator('img[alt="标志"]');
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  await learner.getByText('红圈斜杠').click();
  await expect(learner.getByText('回答正确')).toBeVisible();
  await shot(learner, 'repo-import-trained');
  await learner.context().close();
});
