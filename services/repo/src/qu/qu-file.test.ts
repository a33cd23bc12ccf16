import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import { quFileCalls } from '../testing/qu-files';
import { type RepoTest, repoTestApp } from '../testing/test-app';
import { COLUMNS } from './xlsx-format';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const { importFile, download, newBank } = quFileCalls(() => t);
async function rowsIn(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws.eachRow((row) => out.push(COLUMNS.map((_, i) => row.getCell(i + 1).text)));
  return out;
}
async function sheet(rows: string[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('试题');
  ws.addRow([...COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('question import and export', () => {
  it('imports the template: every type, composite children included', async () => {
    const tpl = await download('/api/qu/qu/template', {});
    expect(tpl.status).toBe(200);
    const bank = await newBank('模板导入');
    const r = await importFile(tpl.data, bank, t.admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ code: 0, data: { count: 10 } });
    const stat = (await t.post('/api/repo/stat', { id: bank }, t.admin)).body.data;
    expect(stat.byType.every((x: { count: number }) => x.count === 1)).toBe(true);
    expect(
      (await t.post('/api/repo/chapter/list', { repoId: bank }, t.admin)).body.data.map(
        (c: { title: string }) => c.title,
      ),
    ).toEqual(['第一章']);
  });
  it('round-trips a bank through export and import unchanged', async () => {
    const first = await download('/api/qu/qu/export', { repoId: 'r-demo-1' });
    expect(first.status).toBe(200);
    const bank = await newBank('往返');
    expect((await importFile(first.data, bank, t.admin)).statusCode).toBe(200);
    const second = await download('/api/qu/qu/export', { repoId: bank });
    expect(await rowsIn(second.data)).toEqual(await rowsIn(first.data));
  });
  it('carries option pictures through export and import; refuses a bad one', async () => {
    const pic = '/api/common/file/get/20260101/0123456789abcdef0123456789abcdef.png';
    const bank = await newBank('图片往返');
    const answerList = [
      { content: '<p>圆形</p>', isRight: true, image: pic },
      { content: '', image: 'https://cdn.example.com/b.png' },
      { content: '方形' },
    ];
    expect(
      (await t.post('/api/qu/qu/save', { repoId: bank, quType: 1, content: '选图', answerList }, t.admin)).status,
    ).toBe(200);
    const file = await download('/api/qu/qu/export', { repoId: bank });
    expect((await rowsIn(file.data))[1].slice(10, 13)).toEqual([
      `<p>圆形</p> [图片:${pic}]`,
      '[图片:https://cdn.example.com/b.png]',
      '方形',
    ]);
    const copy = await newBank('图片往返副本');
    expect((await importFile(file.data, copy, t.admin)).statusCode).toBe(200);
    const id = (await t.post('/api/qu/qu/paging', { current: 1, size: 10, params: { repoId: copy } }, t.admin)).body
      .data.records[0].id;
    const back = (await t.post('/api/qu/qu/detail', { id }, t.admin)).body.data.answerList;
    expect(back.map((o: { content: string; image: string }) => [o.content, o.image])).toEqual([
      ['<p>圆形</p>', pic],
      ['', 'https://cdn.example.com/b.png'],
      ['方形', ''],
    ]);
    const bad = await importFile(
      await sheet([['1', '', '单选', '普通', '', '选图', 'A', '', '', '', '甲 [图片:javascript:alert(1)]', '乙']]),
      copy,
      t.admin,
    );
    expect(bad.json().msg).toContain('第2行：选项图片地址不正确！');
  });
  it('imports nothing from a file with errors, naming each bad row', async () => {
    const bank = await newBank('错误文件');
    const r = await importFile(
      await sheet([
        ['1', '', '单选', '普通', '', '好的题', 'A', '', '', '', '甲', '乙'],
        ['2', '', '单选', '普通', '', '两个答案', 'AB', '', '', '', '甲', '乙'],
        ['3', '', '不知道', '普通', '', 'x'],
        ['4', '', '连线', '普通', '', '连线', '', '', '', '', '左没有右'],
        ['5-1', '9', '单选', '普通', '', '孤儿子题', 'A', '', '', '', '甲', '乙'],
      ]),
      bank,
      t.admin,
    );
    expect(r.statusCode).toBe(400);
    const msg = r.json().msg as string;
    for (const line of [
      '第3行：单选题必须有且只有一个正确答案！',
      '第4行：题型“不知道”不正确',
      '第5行：连线选项应写成',
      '第6行：父题编号 9 不是前面的组合题',
    ])
      expect(msg).toContain(line);
    expect((await t.post('/api/repo/detail', { id: bank }, t.admin)).body.data.quCount).toBe(0);
  });
  it('refuses other files, a missing bank, learners and visitors', async () => {
    const good = await sheet([['1', '', '判断', '普通', '', '对吗', 'A', '', '', '', '对', '错']]);
    expect((await importFile(good, 'r-demo-1', t.learner)).statusCode).toBe(403);
    expect((await importFile(good, 'r-demo-1')).statusCode).toBe(401);
    expect((await importFile(good, 'nope', t.admin)).json().msg).toBe('题库不存在！');
    expect((await importFile(good, '', t.admin)).json().msg).toBe('请先选择要导入的题库！');
    expect((await importFile(Buffer.from('not a sheet'), 'r-demo-1', t.admin, 'x.xlsx')).statusCode).toBe(400);
    expect((await importFile(good, 'r-demo-1', t.admin, 'x.csv')).statusCode).toBe(400);
    expect((await download('/api/qu/qu/export', { repoId: 'r-demo-1' }, t.learner)).status).toBe(403);
    expect((await download('/api/qu/qu/export', { repoId: 'nope' })).status).toBe(404);
  });
});
