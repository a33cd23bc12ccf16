import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

test('an admin imports 200 questions from the downloaded template; a file with a bad row imports nothing', async ({
  page,
  request,
}) => {
  const admin = (
    await (await request.post('/api/sys/user/login', { data: { username: 'admin', password: 'Admin@2026' } })).json()
  ).data.token;
  const bank = `导入题库${Date.now() % 100000}`;
  const repoId = (
    await (
      await request.post('/api/repo/save', { data: { title: bank, isOpen: true }, headers: { token: admin } })
    ).json()
  ).data.id;

  await page.goto('/admin/');
  await signIn(page, 'admin', 'Admin@2026');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto(`/admin/repo/qu?repoId=${repoId}`);

  const dir = mkdtempSync(path.join(tmpdir(), 'qu-import-'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载模板' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('试题导入模板.xlsx');
  const template = path.join(dir, 'template.xlsx');
  await download.saveAs(template);

  const importFile = async (file: string) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: '导入' }).click(),
    ]);
    await chooser.setFiles(file);
  };

  // A row with an unknown type: the whole file is refused with the row number, nothing is imported.
  const bad = path.join(dir, 'bad.xlsx');
  await fillTemplate(template, bad, [
    ...generated(5, 100),
    ['200', '', '问答', '普通', '', '题型写错了', '', '', '', ''],
  ]);
  await importFile(bad);
  const refusal = page.locator('.arco-modal').filter({ hasText: '导入失败' });
  await expect(refusal).toContainText('题型“问答”不正确');
  await expect(refusal).toContainText(/第\s*\d+\s*行/);
  await shot(page, 'repo-import-refused');
  await refusal.getByRole('button').last().click();
  expect(
    (
      await (
        await request.post('/api/qu/qu/paging', { data: { params: { repoId } }, headers: { token: admin } })
      ).json()
    ).data.total,
  ).toBe(0);

  // The template's 10 examples (every type) and 190 generated rows: 200 questions.
  const good = path.join(dir, 'good.xlsx');
  await fillTemplate(template, good, generated(190, 100));
  await importFile(good);
  await expect(page.getByText('数据导入成功')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('共 200 条')).toBeVisible();
  await shot(page, 'repo-import-done');
  const stat = (
    await (await request.post('/api/repo/detail', { data: { id: repoId }, headers: { token: admin } })).json()
  ).data;
  expect(stat.quCount).toBe(200);

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
});
