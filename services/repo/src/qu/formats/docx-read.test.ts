import { readFileSync } from 'node:fs';
import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { LevelFormat, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PNG, GIF, picture, para, heading, docx, read, errors } from '../../testing/docx-builder';
import { readDocx } from './docx-read';

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
