import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { ARCHIVE_TOO_LARGE } from '@exam/server-kit';
import { ZipFile } from 'yazl';
import { read } from '../../testing/docx-builder';
import { NOT_DOCX } from './docx-lines';
import { readDocx } from './docx-read';
import { DOCTYPE_REFUSED } from './import-item';
import { MAX_ZIP_ENTRIES } from './zip';

describe('readDocx: what cannot be imported', () => {
  it('reports each broken question with its number and reason, and imports the rest', async () => {
    const { items } = await read(
      '单选题',
      '1. 没有答案',
      'A. 甲  B. 乙',
      '2. 答案不是选项',
      'A. 甲  B. 乙',
      '答案：E',
      '3. 两个答案',
      'A. 甲  B. 乙',
      '答案：AB',
      '4. 没有选项',
      '答案：A',
      '填空题',
      '5. 空与答案（ ）不符（ ）',
      '答案：甲；乙；丙',
      '6. 没有空',
      '答案：甲',
      '判断题',
      '7. 天是蓝的',
      '答案：也许',
      '连线题',
      '8. 连一连',
      'A. 甲乙',
      'B. 丙 = 丁',
      '量表题',
      '9. 满意吗',
      'A. 满意',
      '组合题',
      '10. 没有子题',
      '11. 子题有错',
      '（1）子题',
      'A. 甲  B. 乙',
      '简答题',
      '12. 题型不对',
      '题型：口算',
      '答案：1',
      '13. 好题',
      '答案：好',
    );
    expect(items.map((i) => [i.ref.replace(/“.*/, ''), i.error])).toEqual([
      ['第1题', '缺少答案（答案：…）'],
      ['第2题', '答案“E”不是本题的选项（应为A~B中的字母）'],
      ['第3题', '单选题必须有且只有一个正确答案！'],
      ['第4题', '没有选项（选项以 A. B. … 开头）'],
      ['第5题', '填空数量与答案数量不一致（题干中有2个空，答案有3个）'],
      ['第6题', '题干中没有填空（用（ ）或 ____ 表示）'],
      ['第7题', '判断题的答案应为“正确”或“错误”（√/×），不是“也许”'],
      ['第8题', '连线题的选项应写成“左项 → 右项”（或 =、->）'],
      ['第9题', '量表和评分题的每个选项后应写分值，如“满意（5分）”'],
      ['第10题', '组合题没有子题（子题用（1）（2）… 编号）'],
      ['第11题', '第1道子题：缺少答案（答案：…）'],
      ['第12题', '题型“口算”不正确'],
      ['第13题', undefined],
    ]);
    // A draft that breaks the editor's rules is still shown in the preview.
    expect(items[2].qu?.quType).toBe(QuType.SINGLE);
  });
});

/** A zip of the given entries (deflated), built the way any zip tool would. */
async function zipOf(entries: Record<string, Buffer | string>, compress = true): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name, { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
/** Rewrites the uncompressed size every header declares for the first entry (local header and central directory). */
function declareSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  out.writeUInt32LE(size, 22);
  const central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  out.writeUInt32LE(size, central + 24);
  return out;
}

describe('readDocx: refused files', () => {
  const refuses = async (buf: Buffer, message: string) => expect(readDocx(buf)).rejects.toThrow(message);
  const DOC = '<?xml version="1.0"?><w:document xmlns:w="x"><w:body/></w:document>';

  it('refuses what is no Word document', async () => {
    await refuses(Buffer.from('不是压缩包'), NOT_DOCX);
    await refuses(await zipOf({ 'a.txt': 'x' }), NOT_DOCX);
    await refuses(await zipOf({ 'word/document.xml': 'not xml' }), NOT_DOCX);
    const broken = await zipOf({ 'word/document.xml': DOC.repeat(50) });
    broken.fill(0xff, 40, 60);
    await refuses(broken, NOT_DOCX);
  });

  it('refuses zip bombs: a high ratio, a huge declared size, an entry that inflates past what it declares, too many entries', async () => {
    await refuses(
      await zipOf({ 'word/document.xml': DOC, 'word/media/a.bin': Buffer.alloc(2 ** 20) }),
      ARCHIVE_TOO_LARGE,
    );
    const small = await zipOf({ 'a.bin': Buffer.alloc(4000), 'word/document.xml': DOC });
    await refuses(declareSize(small, 300 * 2 ** 20), ARCHIVE_TOO_LARGE);
    await refuses(declareSize(small, 3000), ARCHIVE_TOO_LARGE);
    const many = Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES }, (_, i) => [`f${i}.txt`, 'x']));
    await refuses(await zipOf({ ...many, 'word/document.xml': DOC }, false), ARCHIVE_TOO_LARGE);
  });

  it('refuses a DOCTYPE in the document (external entities, entity expansion)', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>${DOC.slice(21)}`;
    await refuses(await zipOf({ 'word/document.xml': xxe }), DOCTYPE_REFUSED);
  });

  it('refuses an oversized file', async () => {
    await refuses(Buffer.alloc(50 * 2 ** 20 + 1), '文件过大');
  });
});
