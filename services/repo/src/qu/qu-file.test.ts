import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { imageOf, storedImageOfUrl } from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { type RepoTest, repoTestApp } from '../testing/test-app';
import { zipFiles } from './formats/zip';
import { COLUMNS } from './xlsx-format';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

/** A multipart body with the file and the bank id (and any other fields), as the shared client sends it. */
function importFile(
  data: Buffer,
  repoId: string,
  token?: string,
  filename = 'qu.xlsx',
  { url = '/api/qu/qu/import', fields = {} as Record<string, string> } = {},
) {
  const b = '----qu-boundary';
  const part = (h: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${b}\r\n${h}\r\n\r\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part(
      `content-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: application/octet-stream`,
      data,
    ),
    part('content-disposition: form-data; name="repoId"', repoId),
    ...Object.entries(fields).map(([k, v]) => part(`content-disposition: form-data; name="${k}"`, v)),
    Buffer.from(`--${b}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, ...(token ? { token } : {}) },
  });
}
const download = async (url: string, body: object, token = t.admin) => {
  const r = await t.app.inject({ method: 'POST', url, payload: body, headers: { token } });
  return { status: r.statusCode, data: r.rawPayload };
};
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
const newBank = async (title: string) => (await t.post('/api/repo/save', { title }, t.admin)).body.data.id as string;

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

/** A real 1×1 PNG (the import sniffs pictures by their bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/安全规程</text></category></question>
  <question type="multichoice">
    <name><text>标志</text></name>
    <questiontext format="html"><text><![CDATA[<p>哪个是禁止标志？<img src="@@PLUGINFILE@@/sign.png"></p>]]></text>
      <file name="sign.png" path="/" encoding="base64">${PNG.toString('base64')}</file></questiontext>
    <generalfeedback format="html"><text>红圈斜杠。</text></generalfeedback>
    <single>true</single>
    <answer fraction="100"><text>圆形带斜杠</text></answer>
    <answer fraction="0"><text>三角形</text></answer>
  </question>
  <question type="truefalse">
    <name><text>判断</text></name>
    <questiontext format="html"><text>灭火器应定期检查。</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="multichoice">
    <name><text>坏题</text></name>
    <questiontext format="html"><text>没有正确答案的单选</text></questiontext>
    <single>true</single>
    <answer fraction="0"><text>甲</text></answer>
    <answer fraction="0"><text>乙</text></answer>
  </question>
  <question type="description">
    <name><text>说明</text></name>
    <questiontext format="html"><text>以下为第二部分。</text></questiontext>
  </question>
</quiz>`;

describe('importing other formats, with a preview', () => {
  it('previews a Moodle XML file without writing, then imports exactly the good questions with their picture', async () => {
    const bank = await newBank('Moodle 导入');
    const data = Buffer.from(MOODLE);
    const pv = await importFile(data, bank, t.admin, 'quiz.xml', { url: '/api/qu/qu/import-preview' });
    expect(pv.statusCode, pv.body).toBe(200);
    const p = pv.json().data;
    expect([p.format, p.okCount, p.failCount, p.imageCount]).toEqual(['moodle', 2, 1, 1]);
    const byRef = (name: string) => p.items.find((i: { ref: string }) => i.ref.includes(name));
    expect(byRef('标志')).toMatchObject({
      quType_dictText: '单选',
      chapter: '安全规程',
      content: '哪个是禁止标志？',
      options: ['A. 圆形带斜杠', 'B. 三角形'],
      answer: 'A',
      error: '',
    });
    expect(byRef('判断')).toMatchObject({ quType_dictText: '判断', answer: '正确' });
    expect(byRef('坏题').error).toBe('单选题必须有且只有一个正确答案！');
    // The preview wrote nothing.
    expect((await t.post('/api/repo/detail', { id: bank }, t.admin)).body.data.quCount).toBe(0);

    // Without the preview's digest a file with a bad question imports nothing, naming it.
    const all = await importFile(data, bank, t.admin, 'quiz.xml');
    expect(all.statusCode).toBe(400);
    expect(all.json().msg).toContain('单选题必须有且只有一个正确答案！');
    // Another file under the previewed digest is refused.
    const other = await importFile(Buffer.from(MOODLE.replace('三角形', '方形')), bank, t.admin, 'quiz.xml', {
      fields: { digest: p.digest },
    });
    expect(other.json().msg).toBe('文件与预览时不同，请重新选择文件预览！');

    const r = await importFile(data, bank, t.admin, 'quiz.xml', { fields: { digest: p.digest } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      data: { count: 2, skipped: 1 },
      msg: '成功导入 2 道试题！跳过 1 道有错误的试题。',
    });
    const list = (await t.post('/api/qu/qu/paging', { current: 1, size: 10, params: { repoId: bank } }, t.admin)).body
      .data.records;
    expect(list.map((q: { chapterTitle: string }) => q.chapterTitle)).toEqual(['安全规程', '安全规程']);
    const sign = list.find((q: { quType: number }) => q.quType === 1);
    const d = (await t.post('/api/qu/qu/detail', { id: sign.id }, t.admin)).body.data;
    const src = /<img src="([^"]+)"/.exec(d.content)?.[1] ?? '';
    expect(src).toMatch(/^\/api\/common\/file\/get\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(d.analysis).toContain('红圈斜杠');
    expect(d.answerList.map((o: { isRight: boolean }) => o.isRight)).toEqual([true, false]);
  });

  it('reads GIFT and Aiken, in UTF-8 or the GB18030 of Chinese Windows', async () => {
    const bank = await newBank('GIFT 导入');
    const gift = '$CATEGORY: 第一章\n\n::Q1:: 1+1=? {=2 ~3 ~4}\n\n::Q2:: 中国的首都是 {=北京 =Beijing}。\n';
    const g = await importFile(Buffer.from(gift), bank, t.admin, 'q.gift');
    expect(g.json()).toMatchObject({ code: 0, data: { count: 2, skipped: 0 } });
    const aiken = '下列哪个是水果？\nA. 苹果\nB. 白菜\nANSWER: A\n';
    const a = await importFile(gb18030(aiken), bank, t.admin, 'q.txt', { url: '/api/qu/qu/import-preview' });
    expect(a.json().data).toMatchObject({ format: 'aiken', okCount: 1, items: [{ content: '下列哪个是水果？' }] });
  });

  it('refuses XML with a DOCTYPE (entity expansion, external entities) and files it cannot read', async () => {
    const bank = await newBank('恶意文件');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz>&x;</quiz>`;
    for (const x of [bomb, xxe]) {
      const r = await importFile(Buffer.from(x), bank, t.admin, 'q.xml', { url: '/api/qu/qu/import-preview' });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toContain('DOCTYPE');
    }
    const notQuiz = await importFile(Buffer.from('<html></html>'), bank, t.admin, 'q.xml');
    expect(notQuiz.json().msg).toContain('<quiz>');
    const empty = await importFile(Buffer.from('   '), bank, t.admin, 'q.txt');
    expect(empty.statusCode).toBe(400);
    expect((await t.post('/api/repo/detail', { id: bank }, t.admin)).body.data.quCount).toBe(0);
  });
});

/** Text as Chinese Windows saves it: GB18030 (Node has no encoder; the few characters used are mapped by hand). */
function gb18030(text: string): Buffer {
  const table: Record<string, number[]> = {
    下: [0xcf, 0xc2],
    列: [0xc1, 0xd0],
    哪: [0xc4, 0xc4],
    个: [0xb8, 0xf6],
    是: [0xca, 0xc7],
    水: [0xcb, 0xae],
    果: [0xb9, 0xfb],
    '？': [0xa3, 0xbf],
    苹: [0xc6, 0xbb],
    白: [0xb0, 0xd7],
    菜: [0xb2, 0xcb],
  };
  return Buffer.from([...text].flatMap((c) => table[c] ?? [c.charCodeAt(0)]));
}

describe('exporting to other formats', () => {
  it('exports a selection as Moodle XML with its picture embedded, and it imports back the same', async () => {
    const bank = await newBank('导出源');
    // A question whose stem shows a stored picture (imported from Moodle, so the picture is a real stored file).
    const first = await importFile(Buffer.from(MOODLE), bank, t.admin, 'quiz.xml', {
      url: '/api/qu/qu/import-preview',
    });
    await importFile(Buffer.from(MOODLE), bank, t.admin, 'quiz.xml', { fields: { digest: first.json().data.digest } });
    const rows = (await t.post('/api/qu/qu/paging', { current: 1, size: 10, params: { repoId: bank } }, t.admin)).body
      .data.records as { id: string; quType: number }[];
    const sign = rows.find((q) => q.quType === 1)!;
    const other = await newBank('别人的题库');
    await importFile(Buffer.from(MOODLE), other, t.admin, 'quiz.xml', { fields: { digest: first.json().data.digest } });
    const otherId = (await t.post('/api/qu/qu/paging', { current: 1, size: 1, params: { repoId: other } }, t.admin))
      .body.data.records[0].id;

    const xml = await download('/api/qu/qu/export', { repoId: bank, format: 'moodle', ids: [sign.id, otherId] });
    expect(xml.status).toBe(200);
    const text = xml.data.toString();
    // Only the selected question of this bank; its picture as a base64 file.
    expect(text.match(/<question type="multichoice">/g)).toHaveLength(1);
    expect(text).toContain(`encoding="base64">${PNG.toString('base64')}</file>`);

    const copy = await newBank('导入回来');
    const pv = (await importFile(xml.data, copy, t.admin, 'back.xml', { url: '/api/qu/qu/import-preview' })).json()
      .data;
    expect([pv.okCount, pv.failCount, pv.imageCount]).toEqual([1, 0, 1]);
    await importFile(xml.data, copy, t.admin, 'back.xml', { fields: { digest: pv.digest } });
    const backId = (await t.post('/api/qu/qu/paging', { current: 1, size: 1, params: { repoId: copy } }, t.admin)).body
      .data.records[0].id;
    const a = (await t.post('/api/qu/qu/detail', { id: sign.id }, t.admin)).body.data;
    const b = (await t.post('/api/qu/qu/detail', { id: backId }, t.admin)).body.data;
    const same = (d: typeof a) => ({
      ...d,
      id: '',
      repoId: '',
      chapterId: '',
      content: d.content.replace(/src="[^"]+"/, 'src=""'),
      answerList: d.answerList.map((o: object) => ({ ...o, id: '' })),
    });
    expect(same(b)).toEqual(same(a));
    // The picture was stored again, the same bytes.
    const src = /src="([^"]+)"/.exec(b.content)![1];
    const where = await storedImageOfUrl(t.app.db, t.app.config.dataDir, src);
    expect((await imageOf(t.app.db, t.app.config.dataDir, where!))?.equals(PNG)).toBe(true);
  });

  it('exports GIFT, saying at the top what GIFT cannot carry; refuses an unknown format', async () => {
    const bank = await newBank('GIFT 导出');
    const tpl = await download('/api/qu/qu/template', {});
    await importFile(tpl.data, bank, t.admin);
    const gift = await download('/api/qu/qu/export', { repoId: bank, format: 'gift' });
    expect(gift.status).toBe(200);
    const text = gift.data.toString();
    expect(text).toMatch(/^\/\/ 未导出 \d+ 道试题（该格式无法表示）：/);
    expect(text).toContain('$CATEGORY: $course$/top/第一章');
    const back = await importFile(gift.data, await newBank('GIFT 回来'), t.admin, 'x.gift', {
      url: '/api/qu/qu/import-preview',
    });
    expect(back.json().data.failCount).toBe(0);
    expect((await download('/api/qu/qu/export', { repoId: bank, format: 'pdf' })).status).toBe(400);
  });
});

describe('QTI packages', () => {
  it('exports a bank as a QTI 3.0 package with its picture, which imports back the same', async () => {
    const bank = await newBank('QTI 源');
    const pv = (
      await importFile(Buffer.from(MOODLE), bank, t.admin, 'quiz.xml', { url: '/api/qu/qu/import-preview' })
    ).json().data;
    await importFile(Buffer.from(MOODLE), bank, t.admin, 'quiz.xml', { fields: { digest: pv.digest } });
    const zip = await download('/api/qu/qu/export', { repoId: bank, format: 'qti' });
    expect(zip.status).toBe(200);
    expect(zip.data.subarray(0, 2).toString()).toBe('PK');

    const copy = await newBank('QTI 回来');
    const back = (await importFile(zip.data, copy, t.admin, 'qti.zip', { url: '/api/qu/qu/import-preview' })).json()
      .data;
    expect([back.format, back.okCount, back.failCount, back.imageCount]).toEqual(['qti', 2, 0, 1]);
    const r = await importFile(zip.data, copy, t.admin, 'qti.zip', { fields: { digest: back.digest } });
    expect(r.json().data).toEqual({ count: 2, skipped: 0 });
    const rows = async (repoId: string) =>
      (await t.post('/api/qu/qu/paging', { current: 1, size: 10, params: { repoId } }, t.admin)).body.data.records as {
        id: string;
        chapterTitle: string;
      }[];
    const [a, b] = [await rows(bank), await rows(copy)];
    expect(b.map((q) => q.chapterTitle)).toEqual(a.map((q) => q.chapterTitle));
    for (const [x, y] of a.map((q, i) => [q.id, b[i].id])) {
      const dx = (await t.post('/api/qu/qu/detail', { id: x }, t.admin)).body.data;
      const dy = (await t.post('/api/qu/qu/detail', { id: y }, t.admin)).body.data;
      const same = (d: typeof dx) => ({
        quType: d.quType,
        level: d.level,
        content: d.content.replace(/src="[^"]+"/, 'src=""'),
        analysis: d.analysis,
        answerList: d.answerList.map((o: { content: string; isRight: boolean }) => [o.content, o.isRight]),
      });
      expect(same(dy)).toEqual(same(dx));
    }
  });

  it('refuses a zip that is no question package', async () => {
    const bank = await newBank('坏压缩包');
    const zip = zipFiles([{ name: 'notes.txt', data: Buffer.from('不是题目') }]);
    const r = await importFile(zip, bank, t.admin, 'x.zip', { url: '/api/qu/qu/import-preview' });
    expect(r.json().msg).toBe('压缩包不是 QTI 题目包（缺少 imsmanifest.xml）！');
  });
});

describe('Word documents', () => {
  it('imports the downloadable example (every type), and a bank exported to .docx imports back the same', async () => {
    const ex = await download('/api/qu/qu/docx-example', {});
    expect(ex.status).toBe(200);
    const bank = await newBank('Word 示例');
    const pv = (await importFile(ex.data, bank, t.admin, '示例.docx', { url: '/api/qu/qu/import-preview' })).json()
      .data;
    expect(pv.format).toBe('docx');
    expect(pv.failCount).toBe(0);
    expect(new Set(pv.items.map((i: { quType: number }) => i.quType)).size).toBe(10);
    const r = await importFile(ex.data, bank, t.admin, '示例.docx', { fields: { digest: pv.digest } });
    expect(r.json().data).toEqual({ count: pv.okCount, skipped: 0 });

    const doc = await download('/api/qu/qu/export', { repoId: bank, format: 'docx' });
    expect(doc.status).toBe(200);
    const copy = await newBank('Word 回来');
    const back = (await importFile(doc.data, copy, t.admin, 'back.docx', { url: '/api/qu/qu/import-preview' })).json()
      .data;
    expect([back.okCount, back.failCount]).toEqual([pv.okCount, 0]);
    await importFile(doc.data, copy, t.admin, 'back.docx', { fields: { digest: back.digest } });
    const details = async (repoId: string) => {
      const rows = (await t.post('/api/qu/qu/paging', { current: 1, size: 50, params: { repoId } }, t.admin)).body.data
        .records as { id: string }[];
      return Promise.all(
        rows.map(async ({ id }) => {
          const d = (await t.post('/api/qu/qu/detail', { id }, t.admin)).body.data;
          const strip = (q: typeof d): unknown => ({
            quType: q.quType,
            level: q.level,
            content: q.content,
            analysis: q.analysis,
            refAnswer: q.refAnswer,
            keywords: q.keywords,
            answerList: q.answerList.map((o: object) => ({ ...o, id: '' })),
            subList: (q.subList ?? []).map(strip),
          });
          return strip(d);
        }),
      );
    };
    expect(await details(copy)).toEqual(await details(bank));
  });

  it('refuses a .docx that is not a Word document', async () => {
    const bank = await newBank('坏 Word');
    const zip = zipFiles([{ name: 'word/other.xml', data: Buffer.from('<x/>') }]);
    const r = await importFile(zip, bank, t.admin, 'x.docx', { url: '/api/qu/qu/import-preview' });
    expect(r.statusCode).toBe(400);
  });
});
