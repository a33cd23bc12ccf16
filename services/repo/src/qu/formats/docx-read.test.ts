import { readFileSync } from 'node:fs';
import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { ARCHIVE_TOO_LARGE } from '@exam/server-kit';
import {
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import { ZipFile } from 'yazl';
import { NOT_DOCX } from './docx-lines';
import { readDocx } from './docx-read';
import { DOCTYPE_REFUSED } from './import-item';
import { MAX_ZIP_ENTRIES } from './zip';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const picture = (data = PNG, alt = '') =>
  new ImageRun({
    type: data === PNG ? 'png' : 'gif',
    data,
    transformation: { width: 20, height: 20 },
    ...(alt ? { altText: { name: alt, description: alt, title: alt } } : {}),
  });
/** A paragraph of runs; a string is plain text, `'\n'` a line break typed with Shift+Enter. */
const para = (...parts: (string | ParagraphChild)[]) =>
  new Paragraph({
    children: parts.map((p) => (p === '\n' ? new TextRun({ break: 1 }) : typeof p === 'string' ? new TextRun(p) : p)),
  });
const heading = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2 });
type Block = string | Paragraph | Table;
const docx = (blocks: Block[], numbering?: ConstructorParameters<typeof Document>[0]['numbering']) =>
  Packer.toBuffer(
    new Document({
      numbering,
      sections: [{ children: blocks.map((b) => (typeof b === 'string' ? new Paragraph(b) : b)) }],
    }),
  );
const read = async (...blocks: Block[]) => readDocx(await docx(blocks));
const errors = (r: Awaited<ReturnType<typeof readDocx>>) => r.items.map((i) => i.error ?? i.note);

describe('readDocx: the layout, every type', () => {
  it('reads each type under its heading: options, answers, analysis, level, keywords, pairs, scores, children', async () => {
    const { items, images } = await read(
      '2024 年安全知识题库',
      '说明：每题 2 分。',
      heading('一、单选题'),
      '1. 我国的首都是（ ）。',
      'A. 北京',
      'B. 上海',
      '答案：A',
      '解析：北京是首都。',
      '难度：较难',
      heading('二、多项选择题（每题 3 分）'),
      '2、下列属于水果的有（ ）。',
      'A．苹果   B．香蕉   C．白菜',
      '答案：A、B',
      '三、判断题',
      '3．地球是圆的。',
      '【答案】×',
      '四、填空题',
      '4. 中国的首都是（  ），最大的城市是____。',
      '答案：北京｜Beijing；上海',
      '五、问答题',
      '5. 简述安全生产方针。',
      '答案：安全第一、预防为主、综合治理。',
      '第二段参考答案。',
      '关键词：安全第一|预防为主',
      '六、连线题',
      '6. 将水果与颜色连线。',
      'A. 苹果 = 红色',
      'B. 香蕉 → 黄色',
      'C. 葡萄 -> 紫色',
      '七、量表题',
      '7. 您对课程满意吗？',
      'A. 满意（5分）',
      'B. 一般 (3.5分)',
      '八、单选评分题',
      '8. 每周学习几次？',
      'A. 0次（0分）',
      'B. 1次以上（2分）',
      '九、多选评分题',
      '9. 掌握的技能？',
      'A. 急救（3分）  B. 灭火（2分）',
    );
    expect(images).toEqual([]);
    expect(errors({ items, images })).toEqual(items.map(() => undefined));
    expect(items.map((i) => i.ref)).toEqual([
      '第1题“我国的首都是（ ）。”',
      '第2题“下列属于水果的有（ ）。”',
      '第3题“地球是圆的。”',
      '第4题“中国的首都是（  ），最大的城市是___”',
      '第5题“简述安全生产方针。”',
      '第6题“将水果与颜色连线。”',
      '第7题“您对课程满意吗？”',
      '第8题“每周学习几次？”',
      '第9题“掌握的技能？”',
    ]);
    expect(items.map((i) => i.qu)).toEqual([
      {
        quType: QuType.SINGLE,
        level: 2,
        content: '<p>我国的首都是（ ）。</p>',
        analysis: '<p>北京是首都。</p>',
        answerList: [
          { content: '北京', isRight: true },
          { content: '上海', isRight: false },
        ],
      },
      {
        quType: QuType.MULTIPLE,
        level: 1,
        content: '<p>下列属于水果的有（ ）。</p>',
        analysis: '',
        answerList: [
          { content: '苹果', isRight: true },
          { content: '香蕉', isRight: true },
          { content: '白菜', isRight: false },
        ],
      },
      {
        quType: QuType.JUDGE,
        level: 1,
        content: '<p>地球是圆的。</p>',
        analysis: '',
        answerList: [
          { content: '正确', isRight: false },
          { content: '错误', isRight: true },
        ],
      },
      {
        quType: QuType.FILL,
        level: 1,
        content: '<p>中国的首都是（  ），最大的城市是____。</p>',
        analysis: '',
        answerList: [{ answer: '北京||Beijing' }, { answer: '上海' }],
      },
      {
        quType: QuType.SHORT,
        level: 1,
        content: '<p>简述安全生产方针。</p>',
        analysis: '',
        refAnswer: '<p>安全第一、预防为主、综合治理。</p><p>第二段参考答案。</p>',
        keywords: '安全第一||预防为主',
      },
      {
        quType: QuType.MATCH,
        level: 1,
        content: '<p>将水果与颜色连线。</p>',
        analysis: '',
        answerList: [
          { content: '苹果', answer: '红色' },
          { content: '香蕉', answer: '黄色' },
          { content: '葡萄', answer: '紫色' },
        ],
      },
      {
        quType: QuType.SCALE,
        level: 1,
        content: '<p>您对课程满意吗？</p>',
        analysis: '',
        answerList: [
          { content: '满意', score: 5 },
          { content: '一般', score: 3.5 },
        ],
      },
      {
        quType: QuType.SCORE_SINGLE,
        level: 1,
        content: '<p>每周学习几次？</p>',
        analysis: '',
        answerList: [
          { content: '0次', score: 0 },
          { content: '1次以上', score: 2 },
        ],
      },
      {
        quType: QuType.SCORE_MULTI,
        level: 1,
        content: '<p>掌握的技能？</p>',
        analysis: '',
        answerList: [
          { content: '急救', score: 3 },
          { content: '灭火', score: 2 },
        ],
      },
    ]);
  });

  it('reads a composite: the material, its analysis, and children numbered （1）, typed by 子题型 or inferred', async () => {
    const { items } = await read(
      '十、组合题',
      '10. 阅读材料，回答问题。',
      '某厂发现灭火器过期。',
      '解析：总解析',
      '（1）应当怎么做？',
      'A. 更换  B. 继续使用',
      '答案：A',
      '(2) 说明理由。',
      '子题型：简答',
      '答案：可能失效。',
      '解析：子解析',
      '难度：难',
      '（3）过期的有（ ）个。',
      '答案：1',
      '11. 第二段材料',
      '（1）对吗？',
      '答案：对',
      '简答题',
      '12. 没有组合题标题的材料',
      '题型：组合',
      '（1）子题',
      '答案：子答案',
    );
    expect(items.map((i) => i.error)).toEqual([undefined, undefined, undefined]);
    expect(items[0].qu).toEqual({
      quType: QuType.COMPOSITE,
      level: 1,
      content: '<p>阅读材料，回答问题。</p><p>某厂发现灭火器过期。</p>',
      analysis: '<p>总解析</p>',
      subList: [
        {
          quType: QuType.SINGLE,
          level: 1,
          content: '<p>应当怎么做？</p>',
          analysis: '',
          answerList: [
            { content: '更换', isRight: true },
            { content: '继续使用', isRight: false },
          ],
        },
        {
          quType: QuType.SHORT,
          level: 2,
          content: '<p>说明理由。</p>',
          analysis: '<p>子解析</p>',
          refAnswer: '<p>可能失效。</p>',
        },
        {
          quType: QuType.FILL,
          level: 1,
          content: '<p>过期的有（ ）个。</p>',
          analysis: '',
          answerList: [{ answer: '1' }],
        },
      ],
    });
    expect(items[1].qu?.subList?.map((s) => s.quType)).toEqual([QuType.JUDGE]);
    expect(items[2].qu).toMatchObject({ quType: QuType.COMPOSITE, subList: [{ quType: QuType.SHORT }] });
  });
});

describe('readDocx: the documented example', () => {
  it('reads the layout shown in docs/question-formats.md without an error or a note', async () => {
    const doc = readFileSync(new URL('../../../../../docs/question-formats.md', import.meta.url), 'utf8');
    const example = /## Word \(\.docx\)[\s\S]*?```\n([\s\S]*?)```/.exec(doc)![1];
    const { items } = await read(
      ...example
        .split('\n')
        .map((l) => l.replace(/\s*←.*$/, ''))
        .filter(Boolean),
    );
    expect(items.map((i) => [i.qu?.quType, i.chapter, i.error ?? i.note])).toEqual(
      [
        QuType.SINGLE,
        QuType.MULTIPLE,
        QuType.JUDGE,
        QuType.FILL,
        QuType.SHORT,
        QuType.MATCH,
        QuType.SCALE,
        QuType.COMPOSITE,
      ].map((t) => [t, '第一章', undefined]),
    );
  });
});

describe('readDocx: typed by hand', () => {
  it('takes inline options, Chinese punctuation, full-width letters, 【】 fields, and a stem over two paragraphs', async () => {
    const { items } = await read(
      '单选题',
      '1、 下列说法',
      '正确的是（ ）。',
      'A、甲\tB．乙  （C）丙    D）丁',
      '【答案】Ｃ',
      '【解析】因为丙。',
      '（2）第二题',
      '(A) 是 (B) 否',
      '答案: b',
    );
    expect(errors({ items, images: [] })).toEqual([undefined, undefined]);
    expect(items[0].qu).toMatchObject({
      content: '<p>下列说法</p><p>正确的是（ ）。</p>',
      analysis: '<p>因为丙。</p>',
      answerList: [
        { content: '甲', isRight: false },
        { content: '乙', isRight: false },
        { content: '丙', isRight: true },
        { content: '丁', isRight: false },
      ],
    });
    expect(items[1].qu?.answerList?.map((o) => o.isRight)).toEqual([false, true]);
  });

  it('takes options on the lines of one paragraph, and keeps a line break inside a stem', async () => {
    const { items } = await read(para('1. 第一行', '\n', '第二行'), para('A. 北京', '\n', 'B. 上海', '\n', '答案：B'));
    expect(items[0].qu).toMatchObject({
      content: '<p>第一行<br>第二行</p>',
      answerList: [
        { content: '北京', isRight: false },
        { content: '上海', isRight: true },
      ],
    });
  });

  it('keeps bold, italic, underline, strike, sub- and superscript; underlined spaces are blanks', async () => {
    const { items } = await read(
      '填空题',
      para(
        '1. ',
        new TextRun({ text: 'H', bold: true }),
        new TextRun({ text: '2', bold: true, subScript: true }),
        new TextRun({ text: 'O', bold: true, italics: true }),
        ' 与 x',
        new TextRun({ text: '2', superScript: true }),
        new TextRun({ text: '错', strike: true }),
        '：',
        new TextRun({ text: '      ', underline: {} }),
        '。',
      ),
      '答案：水',
    );
    expect(items[0].error).toBeUndefined();
    expect(items[0].qu?.content).toBe(
      '<p><strong>H<sub>2</sub><em>O</em></strong> 与 x<sup>2</sup><s>错</s>：<u>      </u>。</p>',
    );
    expect(items[0].qu?.answerList).toEqual([{ answer: '水' }]);
  });

  it('infers the type without a heading: letters, several letters, 对/错, blanks, pairs, else short answer', async () => {
    const { items } = await read(
      '1. 单选？',
      'A. 甲  B. 乙',
      '答案：B',
      '2. 多选？',
      'A. 甲  B. 乙  C. 丙',
      '答案：A,C',
      '3. 天是蓝的（ ）',
      '答案：√',
      '4. 一年有____个月。',
      '答案：12',
      '5. 连一连',
      'A. 猫 = 喵',
      'B. 狗 = 汪',
      '6. 谈谈你的看法。',
      '答案：言之有理即可。',
    );
    expect(items.map((i) => [i.qu?.quType, i.error])).toEqual([
      [QuType.SINGLE, undefined],
      [QuType.MULTIPLE, undefined],
      [QuType.JUDGE, undefined],
      [QuType.FILL, undefined],
      [QuType.MATCH, undefined],
      [QuType.SHORT, undefined],
    ]);
    expect(items[2].qu?.answerList?.map((o) => o.isRight)).toEqual([true, false]);
  });

  it('reads Word automatic numbering: numbered paragraphs are questions, those under them options', async () => {
    const numbering = {
      config: [
        {
          reference: 'q',
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.' },
            { level: 1, format: LevelFormat.UPPER_LETTER, text: '%2.' },
          ],
        },
      ],
    };
    const n = (text: string, level: number) => new Paragraph({ text, numbering: { reference: 'q', level } });
    const buf = await docx(
      [
        n('首都是？', 0),
        n('北京', 1),
        n('上海', 1),
        '答案：A',
        n('最大的城市是？', 0),
        'A. 北京  B. 上海',
        '答案：B',
        n('简述理由。', 0),
        '北京',
        '答案：略',
      ],
      numbering,
    );
    const { items } = await readDocx(buf);
    expect(items.map((i) => [i.error, i.qu?.content, i.qu?.answerList?.map((o) => o.content)])).toEqual([
      [undefined, '<p>首都是？</p>', ['北京', '上海']],
      [undefined, '<p>最大的城市是？</p>', ['北京', '上海']],
      // Not numbered, a line after a stem is more of it.
      [undefined, '<p>简述理由。</p><p>北京</p>', undefined],
    ]);
  });

  it('skips text outside questions, reads 章节 lines as chapters, drops 分值 with a note', async () => {
    const { items } = await read(
      '期末试卷',
      '章节：第一章',
      '一、判断题',
      '（说明：正确的打√）',
      '1. 对吗？',
      '答案：T',
      '分值：2',
      '章节：第二章',
      '2. 错吗？',
      '答案：F',
      '难度：特难',
      '多余的一行',
    );
    expect(items.map((i) => [i.chapter, i.qu?.answerList?.[0].isRight, i.note])).toEqual([
      ['第一章', true, '分值未导入（分值在试卷中设置）'],
      ['第二章', false, '无法识别的文字已忽略：“多余的一行”；难度“特难”未识别，按普通导入'],
    ]);
  });
});

describe('readDocx: pictures and tables', () => {
  it('collects pictures once each and points at them; a picture alone or marked is the option`s image', async () => {
    const { items, images } = await read(
      para('1. 看图', picture()),
      para('A. ', picture(GIF)),
      para('B. 红色', picture(PNG, '选项图片')),
      para('C. 蓝色', picture(PNG, '图例')),
      '答案：A',
      para('解析：如图', picture(GIF)),
    );
    expect(images).toEqual([
      { name: 'image1.png', mime: 'image/png', data: PNG },
      { name: 'image2.gif', mime: 'image/gif', data: GIF },
    ]);
    expect(items[0].error).toBeUndefined();
    expect(items[0].qu).toMatchObject({
      content: '<p>看图<img src="import-image:0"></p>',
      analysis: '<p>如图<img src="import-image:1"></p>',
      answerList: [
        { content: '', image: 'import-image:1', isRight: true },
        { content: '红色', image: 'import-image:0', isRight: false },
        { content: '蓝色<img src="import-image:0" alt="图例">', isRight: false },
      ],
    });
  });

  it('keeps a table in the stem, its cells rebuilt as paragraphs', async () => {
    const cell = (...ps: Paragraph[]) => new TableCell({ children: ps });
    const table = new Table({
      rows: [
        new TableRow({ children: [cell(para('品名')), cell(para('单价'))] }),
        new TableRow({
          children: [cell(para(new TextRun({ text: '苹果', bold: true }))), cell(para('5 & <6>'), para('元'))],
        }),
      ],
    });
    const { items } = await read('1. 根据下表回答：', table, '苹果多少钱？', 'A. 5元  B. 6元', '答案：A');
    expect(items[0].qu?.content).toBe(
      '<p>根据下表回答：</p><table><tr><td><p>品名</p></td><td><p>单价</p></td></tr><tr><td><p><strong>苹果</strong></p></td><td><p>5 &#38; &#60;6&#62;</p><p>元</p></td></tr></table><p>苹果多少钱？</p>',
    );
  });
});

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
