import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { parseGift, writeGift } from './gift';
import { MAX_IMPORT_ITEMS } from './import-item';
import { canon, fullQu, textFormatSamples } from '../../testing/questions';

const one = (text: string) => {
  const { items } = parseGift(text);
  expect(items).toHaveLength(1);
  return items[0];
};

describe('parseGift: every mapped type', () => {
  it('reads multiple choice with one right answer as single choice, plain text escaped', () => {
    const item = one("::墓::Who's buried in <Grant's> tomb?{~Grant ~Jefferson =no one}");
    expect(item).toEqual({
      ref: '第1行“墓”',
      chapter: '',
      qu: {
        quType: QuType.SINGLE,
        level: 1,
        content: '<p>Who&#39;s buried in &#60;Grant&#39;s&#62; tomb?</p>',
        analysis: '',
        answerList: [
          { content: 'Grant', isRight: false },
          { content: 'Jefferson', isRight: false },
          { content: 'no one', isRight: true },
        ],
      },
    });
  });

  it('reads weights as multiple choice: positive weights are the right answers; unequal weights are noted', () => {
    const item = one('选出偶数{~%50%2 ~%50%4 ~%-100%3}');
    expect(item.qu?.quType).toBe(QuType.MULTIPLE);
    expect(item.qu?.answerList?.map((o) => o.isRight)).toEqual([true, true, false]);
    expect(item.note).toBeUndefined();
    const uneven = one('选出{~%70%a ~%30%b ~c}');
    expect(uneven.qu?.answerList?.map((o) => o.isRight)).toEqual([true, true, false]);
    expect(uneven.note).toContain('比例未保留');
    expect(one('单选{=a ~%50%b ~c}').note).toContain('部分得分未保留');
  });

  it('reads true/false in every spelling as a judge question with 正确/错误', () => {
    for (const [mark, isTrue] of [
      ['T', true],
      ['TRUE', true],
      ['F', false],
      ['FALSE', false],
    ] as const) {
      const item = one(`地球是圆的。{${mark}}`);
      expect(item.qu).toMatchObject({
        quType: QuType.JUDGE,
        answerList: [
          { content: '正确', isRight: isTrue },
          { content: '错误', isRight: !isTrue },
        ],
      });
      expect(item.error).toBeUndefined();
    }
  });

  it('reads short answers as a fill-in with one blank; text after the braces puts the blank there', () => {
    expect(one('中国的首都？{=北京 =Beijing}').qu).toMatchObject({
      quType: QuType.FILL,
      content: '<p>中国的首都？</p>',
      answerList: [{ answer: '北京||Beijing' }],
    });
    const middle = one('中国的首都是{=北京}，对吗？');
    expect(middle.qu?.content).toBe('<p>中国的首都是____，对吗？</p>');
    const partial = one('首都{=北京 =%50%燕京}');
    expect(partial.qu?.answerList).toEqual([{ answer: '北京' }]);
    expect(partial.note).toContain('部分得分的答案未导入');
  });

  it('reads numerical answers as a fill-in of the number; a tolerance is noted', () => {
    expect(one('圆周率{#3.14}').qu).toMatchObject({ quType: QuType.FILL, answerList: [{ answer: '3.14' }] });
    const tol = one('圆周率{#3.14:0.01}');
    expect(tol.qu?.answerList).toEqual([{ answer: '3.14' }]);
    expect(tol.note).toContain('误差范围未保留');
    expect(one('年份{# =1822:0 =%50%1821:2}').qu?.answerList).toEqual([{ answer: '1822' }]);
  });

  it('reads matching pairs; a distractor without its left item is dropped with a note', () => {
    const item = one('连线{=苹果 -> 红色 =香蕉 -> 黄色 = -> 蓝色}');
    expect(item.qu).toMatchObject({
      quType: QuType.MATCH,
      answerList: [
        { content: '苹果', answer: '红色' },
        { content: '香蕉', answer: '黄色' },
      ],
    });
    expect(item.note).toContain('干扰项未导入');
  });

  it('reads an essay as short answer with the general feedback as reference answer', () => {
    expect(one('简述方针。{####安全第一}').qu).toMatchObject({
      quType: QuType.SHORT,
      content: '<p>简述方针。</p>',
      refAnswer: '<p>安全第一</p>',
    });
  });

  it('skips a description with a note, and takes general feedback as analysis', () => {
    const { items } = parseGift('这是一段说明。\n\n1+1=?{=2 ~3 ####因为 1+1\\=2}');
    expect(items[0]).toEqual({ ref: '第1行', chapter: '', note: '说明文字（没有答案），已跳过' });
    expect(items[1].qu?.analysis).toBe('<p>因为 1+1=2</p>');
  });

  it('drops option feedback with a note', () => {
    const item = one('1+1{=2#对 ~3#错}');
    expect(item.qu?.answerList?.map((o) => o.content)).toEqual(['2', '3']);
    expect(item.note).toBe('答案反馈未导入');
  });
});

describe('parseGift: file syntax', () => {
  it('handles categories, comments, tags, titles, formats, escapes, CRLF and a BOM', () => {
    const text = [
      '\uFEFF// 题库导出',
      '$CATEGORY: $course$/top/Default for 课程/第一章',
      '',
      '// [tag:较难]',
      '::标题\\:一::[html]<p>a \\{b\\} \\~ \\= \\# \\\\ c</p>{',
      '  =[html]<b>对</b>',
      '  ~[plain]<b>错</b>',
      '}',
      '',
      '$CATEGORY: $course$/top',
      '[markdown]**粗体**\\n第二行{TRUE}',
    ].join('\r\n');
    const { items } = parseGift(text);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      ref: '第5行“标题:一”',
      chapter: '第一章',
      qu: {
        quType: QuType.SINGLE,
        level: 2,
        content: '<p>a {b} ~ = # \\ c</p>',
        answerList: [
          { content: '<b>对</b>', isRight: true },
          { content: '&#60;b&#62;错&#60;/b&#62;', isRight: false },
        ],
      },
    });
    expect(items[1]).toMatchObject({ chapter: '', qu: { level: 1, content: '<p>**粗体**<br>第二行</p>' } });
  });

  it('keeps a question typed right under its category line', () => {
    expect(parseGift('$CATEGORY: 第二章\n地球是圆的{T}').items[0]).toMatchObject({
      ref: '第1行',
      chapter: '第二章',
      qu: { quType: QuType.JUDGE },
    });
  });

  it('reports each broken question with its line and reason, and imports the rest', () => {
    const bad = [
      '不配对{=a ~b',
      '两组{=a ~b} 又{=c ~d}',
      '数值{#abc}',
      '范围{#1..5}',
      '连线{=a -> 1 =b}',
      '问答{}',
      '两个对{=a =b ~c}',
      '好题{=a ~b}',
    ];
    const { items } = parseGift(bad.join('\n\n'));
    expect(items.map((i) => [i.ref, i.error])).toEqual([
      ['第1行', '大括号不配对'],
      ['第3行', '一道题只能有一组答案 {…}'],
      ['第5行', '数值题答案“abc”不是数字'],
      ['第7行', '数值范围“1..5”不能作为填空答案导入'],
      ['第9行', '连线题每项应写成“=左项 -> 右项”'],
      ['第11行', '问答题缺少参考答案（在 {} 中用 #### 写出）'],
      ['第13行', '单选题必须有且只有一个正确答案！'],
      ['第15行', undefined],
    ]);
    // A draft that breaks the editor's rules is still shown in the preview.
    expect(items[6].qu?.quType).toBe(QuType.SINGLE);
  });

  it('refuses more questions than one import may hold', () => {
    expect(() => parseGift('说明\n\n'.repeat(MAX_IMPORT_ITEMS + 1))).toThrow(`每次最多导入 ${MAX_IMPORT_ITEMS} 道题`);
  });

  it('refuses an oversized file', () => {
    expect(() => parseGift('x'.repeat(50 * 2 ** 20 + 1))).toThrow('文件过大');
  });
});

describe('writeGift', () => {
  const chapters: Record<string, string> = { c1: '第一章', c2: '第二/三章' };
  const chapterOf = (id: string) => chapters[id] ?? '';

  it('round-trips every type GIFT carries: type, stem, options, answers, analysis, level, chapter, images', () => {
    const qs = textFormatSamples();
    const out = writeGift(qs, chapterOf);
    expect(out.skipped).toEqual([]);
    expect(out.notes).toEqual([]);
    const { items } = parseGift(out.text);
    expect(items.map((i) => i.error ?? i.note)).toEqual(qs.map(() => undefined));
    expect(items.map((i) => canon(i.qu!))).toEqual(qs.map(canon));
    expect(items.map((i) => i.chapter)).toEqual(qs.map((q) => chapterOf(q.chapterId)));
  });

  it('lists what GIFT cannot carry, and notes what it loses', () => {
    const qs = [
      fullQu({ id: 'fill2', quType: QuType.FILL, content: 'a__b__', options: [{ answer: 'x' }, { answer: 'y' }] }),
      fullQu({ id: 'scale', quType: QuType.SCALE, content: '满意吗', options: [{ content: '是', score: 1 }] }),
      fullQu({ id: 'comp', quType: QuType.COMPOSITE, content: '材料' }),
      fullQu({ id: 'arrow', quType: QuType.FILL, content: '箭头', options: [{ answer: 'a->b' }] }),
      fullQu({ id: 'short', quType: QuType.SHORT, content: '简述', refAnswer: '答', analysis: '析', keywords: 'k' }),
      fullQu({
        id: 'judge',
        quType: QuType.JUDGE,
        content: '判断',
        options: [{ content: '对', isRight: true }, { content: '错' }],
      }),
    ];
    const out = writeGift(qs, chapterOf);
    expect(out.skipped.map((s) => s.id)).toEqual(['fill2', 'scale', 'comp', 'arrow']);
    expect(out.notes).toEqual([
      { id: 'short', reason: 'GIFT 问答题只能带参考答案，解析未导出' },
      { id: 'short', reason: '关键词未导出' },
      { id: 'judge', reason: '判断题的选项写成“正确/错误”' },
    ]);
    expect(parseGift(out.text).items.map((i) => i.qu?.quType)).toEqual([QuType.SHORT, QuType.JUDGE]);
  });
});
