import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { imageOf, storedImageOfUrl } from '@exam/server-kit';
import { MOODLE, PNG, gb18030, quFileCalls } from '../testing/qu-files';
import { type RepoTest, repoTestApp } from '../testing/test-app';
import { zipFiles } from './formats/zip';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const { importFile, download, newBank } = quFileCalls(() => t);

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

  it('lets only holders of qu:import preview or fetch the Word example, and only into a bank that exists', async () => {
    const preview = { url: '/api/qu/qu/import-preview' };
    const data = Buffer.from(MOODLE);
    expect((await importFile(data, 'r-demo-1', t.learner, 'q.xml', preview)).statusCode).toBe(403);
    expect((await importFile(data, 'r-demo-1', undefined, 'q.xml', preview)).statusCode).toBe(401);
    expect((await importFile(data, 'nope', t.admin, 'q.xml', preview)).json().msg).toBe('题库不存在！');
    expect((await importFile(data, '', t.admin, 'q.xml', preview)).json().msg).toBe('请先选择要导入的题库！');
    expect((await download('/api/qu/qu/docx-example', {}, t.learner)).status).toBe(403);
    expect((await download('/api/qu/qu/export', { repoId: 'r-demo-1', format: 'qti' }, t.learner)).status).toBe(403);
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
