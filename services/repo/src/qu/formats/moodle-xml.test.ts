import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { MAX_IMPORT_ITEMS, replaceImageRefs } from './import-item';
import { DOCTYPE_REFUSED } from './import-item';
import { parseMoodleXml } from './moodle-xml';
import { writeMoodleXml } from './moodle-xml-write';
import { IMG_A, IMG_B, canon, fullQu, textFormatSamples } from '../../testing/questions';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const quiz = (...questions: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`);
const q = (type: string, body: string, name = '') =>
  `<question type="${type}">${name ? `<name><text>${name}</text></name>` : ''}${body}</question>`;
const html = (tag: string, text: string, more = '') =>
  `<${tag} format="html"><text><![CDATA[${text}]]></text>${more}</${tag}>`;
const answer = (fraction: number, text: string, more = '') =>
  `<answer fraction="${fraction}" format="html"><text>${text}</text>${more}</answer>`;
const one = (xml: string) => {
  const { items } = parseMoodleXml(quiz(xml));
  expect(items).toHaveLength(1);
  return items[0];
};

describe('parseMoodleXml: every mapped type', () => {
  it('reads a category as the chapter, multichoice single with a base64 image, general feedback as analysis', () => {
    const { items, images } = parseMoodleXml(
      quiz(
        q('category', '<category><text>$course$/top/Default for 课程/第一章</text></category>'),
        q(
          'multichoice',
          [
            html(
              'questiontext',
              '<p>看图<img src="@@PLUGINFILE@@/my%20pic.png"></p>',
              `<file name="my pic.png" path="/" encoding="base64">${PNG.toString('base64')}</file>`,
            ),
            html('generalfeedback', '<p>北京</p>'),
            '<defaultgrade>2.0000000</defaultgrade><single>true</single>',
            answer(100, '北京', '<feedback format="html"><text>对</text></feedback>'),
            answer(0, '上海'),
            '<tags><tag><text>较难</text></tag></tags>',
          ].join(''),
          '首都',
        ),
      ),
    );
    expect(images).toEqual([{ name: 'my pic.png', mime: 'image/png', data: PNG }]);
    expect(items).toEqual([
      {
        ref: '第1题“首都”',
        chapter: '第一章',
        note: '答案反馈未导入',
        qu: {
          quType: QuType.SINGLE,
          level: 2,
          content: '<p>看图<img src="import-image:0"></p>',
          analysis: '<p>北京</p>',
          answerList: [
            { content: '北京', isRight: true },
            { content: '上海', isRight: false },
          ],
        },
      },
    ]);
  });

  it('reads multichoice multiple: positive fractions are right', () => {
    const item = one(
      q(
        'multichoice',
        html('questiontext', '选偶数') +
          `<single>false</single>${answer(50, '2')}${answer(50, '4')}${answer(-100, '3')}`,
      ),
    );
    expect(item.qu).toMatchObject({
      quType: QuType.MULTIPLE,
      answerList: [{ isRight: true }, { isRight: true }, { isRight: false }],
    });
    expect(item.note).toBeUndefined();
  });

  it('reads truefalse as a judge question with 正确/错误', () => {
    const item = one(
      q(
        'truefalse',
        `${html('questiontext', '地球是方的。')}<answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer>`,
      ),
    );
    expect(item.qu).toMatchObject({
      quType: QuType.JUDGE,
      answerList: [
        { content: '正确', isRight: false },
        { content: '错误', isRight: true },
      ],
    });
  });

  it('reads shortanswer and numerical as a fill-in with one blank of the full-marks answers', () => {
    const short = one(
      q(
        'shortanswer',
        `${html('questiontext', '首都？')}<answer fraction="100"><text>北京</text></answer><answer fraction="100"><text>A &amp; B</text></answer><answer fraction="50"><text>燕京</text></answer><answer fraction="0"><text>*</text></answer>`,
      ),
    );
    expect(short.qu).toMatchObject({ quType: QuType.FILL, answerList: [{ answer: '北京||A & B' }] });
    expect(short.note).toBe('部分得分的答案未导入');
    const numerical = one(
      q(
        'numerical',
        `${html('questiontext', '圆周率？')}<answer fraction="100"><text>3.14</text><tolerance>0.01</tolerance></answer>`,
      ),
    );
    expect(numerical.qu).toMatchObject({ quType: QuType.FILL, answerList: [{ answer: '3.14' }] });
    expect(numerical.note).toContain('误差范围未保留');
  });

  it('reads matching pairs, dropping a distractor without its left item', () => {
    const pair = (left: string, right: string) =>
      `<subquestion format="html"><text>${left}</text><answer><text>${right}</text></answer></subquestion>`;
    const item = one(
      q('matching', html('questiontext', '连线') + pair('苹果', '红色') + pair('香蕉', '黄色') + pair('', '蓝色')),
    );
    expect(item.qu).toMatchObject({
      quType: QuType.MATCH,
      answerList: [
        { content: '苹果', answer: '红色' },
        { content: '香蕉', answer: '黄色' },
      ],
    });
    expect(item.note).toContain('干扰项未导入');
  });

  it('reads an essay: grader information is the reference answer, else the general feedback', () => {
    expect(
      one(q('essay', html('questiontext', '简述') + html('generalfeedback', '析') + html('graderinfo', '答'))).qu,
    ).toMatchObject({ quType: QuType.SHORT, refAnswer: '答', analysis: '析' });
    const fallback = one(q('essay', html('questiontext', '简述') + html('generalfeedback', '析')));
    expect(fallback.qu).toMatchObject({ refAnswer: '析', analysis: '' });
    expect(fallback.note).toBe('参考答案取自总体反馈');
  });

  it('reads a cloze as a composite with one child per embedded answer, numbered in the material', () => {
    const item = one(
      q(
        'multianswer',
        html(
          'questiontext',
          '<p>首都是{1:MULTICHOICE:=北京#对~上海}，人口约{2:NUMERICAL:=21.9:0.1}百万，简称{1:SHORTANSWER:=京~%50%燕}；水果有{1:MULTIRESPONSE:%50%苹果~%50%梨~白菜}，地球是圆的{1:MC:=正确~错误}</p>',
        ),
      ),
    );
    expect(item.error).toBeUndefined();
    expect(item.qu).toEqual({
      quType: QuType.COMPOSITE,
      level: 1,
      content: '<p>首都是（1），人口约（2）百万，简称（3）；水果有（4），地球是圆的（5）</p>',
      analysis: '',
      subList: [
        {
          quType: QuType.SINGLE,
          level: 1,
          content: '（1）',
          answerList: [
            { content: '北京', isRight: true },
            { content: '上海', isRight: false },
          ],
        },
        { quType: QuType.FILL, level: 1, content: '（2）', answerList: [{ answer: '21.9' }] },
        { quType: QuType.FILL, level: 1, content: '（3）', answerList: [{ answer: '京' }] },
        {
          quType: QuType.MULTIPLE,
          level: 1,
          content: '（4）',
          answerList: [
            { content: '苹果', isRight: true },
            { content: '梨', isRight: true },
            { content: '白菜', isRight: false },
          ],
        },
        {
          quType: QuType.JUDGE,
          level: 1,
          content: '（5）',
          answerList: [
            { content: '正确', isRight: true },
            { content: '错误', isRight: false },
          ],
        },
      ],
    });
    expect(item.note).toBe('答案反馈未导入；误差范围未保留，只接受与答案相同的数；部分得分的答案未导入');
  });

  it('escapes plain-text formats, skips a description, refuses unknown types, keeps going after a bad question', () => {
    const { items } = parseMoodleXml(
      quiz(
        q('description', html('questiontext', '说明'), '说明'),
        q('ddwtos', html('questiontext', '拖放'), '拖放'),
        q('multichoice', `${html('questiontext', '无对')}${answer(0, 'a')}${answer(0, 'b')}`),
        q('shortanswer', `${html('questiontext', '无满分')}<answer fraction="50"><text>x</text></answer>`),
        q('numerical', `${html('questiontext', '非数')}<answer fraction="100"><text>abc</text></answer>`),
        q('multianswer', html('questiontext', '没有空')),
        q(
          'truefalse',
          '<questiontext format="plain_text"><text>a &lt; b\n\nc</text></questiontext><answer fraction="100"><text>true</text></answer>',
        ),
        q('essay', `${html('questiontext', '<img src="@@PLUGINFILE@@/gone.png">')}${html('graderinfo', '答')}`),
      ),
    );
    expect(items.map((i) => [i.ref, i.error ?? i.note])).toEqual([
      ['第1题“说明”', '说明文字（没有答案），已跳过'],
      ['第2题“拖放”', '不支持的 Moodle 题型“ddwtos”'],
      ['第3题', '单选题必须有且只有一个正确答案！'],
      ['第4题', '没有满分答案'],
      ['第5题', '数值题答案“abc”不是数字'],
      ['第6题', '完形填空题中没有嵌入的答案'],
      ['第7题', undefined],
      ['第8题', '图片“gone.png”没有随文件提供'],
    ]);
    expect(items[6].qu?.content).toBe('<p>a &#60; b</p><p>c</p>');
  });
});

describe('parseMoodleXml: refused files', () => {
  const refuses = (xml: string | Buffer, message: string) =>
    expect(() => parseMoodleXml(Buffer.isBuffer(xml) ? xml : Buffer.from(xml))).toThrow(message);

  it('refuses a DOCTYPE: entity expansion (billion laughs) and external entities', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '  <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
      ']>',
      '<quiz><question type="essay"><questiontext format="html"><text>&lol9;</text></questiontext></question></quiz>',
    ].join('\n');
    refuses(laughs, DOCTYPE_REFUSED);
    refuses(
      '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz><question type="essay"><questiontext><text>&xxe;</text></questiontext></question></quiz>',
      DOCTYPE_REFUSED,
    );
    refuses('<!DOCTYPE quiz SYSTEM "http://example.com/quiz.dtd"><quiz/>', DOCTYPE_REFUSED);
  });

  it('refuses malformed XML with its position, an undefined entity, another root, another encoding', () => {
    refuses('<quiz><question type="essay"></quiz>', '文件不是有效的 XML（第1行');
    refuses('<quiz><question type="essay"><name><text>&nope;</text></name></question></quiz>', '文件不是有效的 XML');
    refuses('', '文件不是有效的 XML');
    refuses('<html><body/></html>', '根元素应为 quiz');
    refuses(`<quiz>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</quiz>`, 'XML 嵌套层次过深');
    refuses('<?xml version="1.0" encoding="GBK"?><quiz/>', '文件不是 UTF-8 编码的 XML');
    refuses(Buffer.from([0x3c, 0x71, 0xff, 0xfe]), '文件不是 UTF-8 编码的 XML');
  });

  it('refuses an oversized file and more questions than one import may hold', () => {
    refuses(Buffer.alloc(50 * 2 ** 20 + 1, 32), '文件过大');
    refuses(
      quiz(...Array.from({ length: MAX_IMPORT_ITEMS + 1 }, () => '<question type="description"/>')).toString(),
      `每次最多导入 ${MAX_IMPORT_ITEMS} 道题`,
    );
  });
});

describe('writeMoodleXml', () => {
  const chapters: Record<string, string> = { c1: '第一章', c2: '第二/三章' };
  const chapterOf = (id: string) => chapters[id] ?? '';
  const moodleOnly = () => [
    ...textFormatSamples(),
    fullQu({
      quType: QuType.SHORT,
      content: '<p>说明理由</p>',
      refAnswer: '<p>参考 & 答案</p>',
      analysis: '<p>解析</p>',
      level: 2,
    }),
    fullQu({
      quType: QuType.FILL,
      content: '<p>中国的首都是____，最大的城市是____。</p>',
      analysis: '<p>常识</p>',
      options: [{ answer: '北京||Beijing' }, { answer: '上海 #1 ~ {沪}||<Shanghai>' }],
    }),
    fullQu({
      quType: QuType.SCALE,
      content: '<p>满意度？</p>',
      options: [
        { content: '满意', score: 5 },
        { content: '一般', score: 3 },
        { content: '不满意', score: 0 },
      ],
    }),
    fullQu({
      quType: QuType.SCORE_SINGLE,
      content: '<p>每周学习几次？</p>',
      options: [
        { content: '0次', score: 0 },
        { content: '1-2次', score: 3.33 },
        { content: '3次以上', score: 1 },
      ],
    }),
    fullQu({
      quType: QuType.SCORE_MULTI,
      content: '<p>掌握的技能？</p>',
      options: [
        { content: '急救', score: 3 },
        { content: '灭火', score: 2.5 },
      ],
    }),
    fullQu({
      quType: QuType.COMPOSITE,
      chapterId: 'c1',
      content: '<p>阅读材料后回答下列问题。{不是空}</p>',
      analysis: '<p>总解析</p>',
      subs: [
        fullQu({
          quType: QuType.SINGLE,
          content: '<p>子题：1+1=？</p>',
          options: [{ content: '%1' }, { content: '2 # 二', isRight: true, image: IMG_B }, { content: '=3' }],
        }),
        fullQu({
          quType: QuType.MULTIPLE,
          content: '<p>子题：偶数</p>',
          options: [{ content: '2', isRight: true }, { content: '3' }, { content: '4\\', isRight: true }],
        }),
        fullQu({
          quType: QuType.JUDGE,
          content: '<p>子题：对吗</p>',
          options: [{ content: '正确' }, { content: '错误', isRight: true }],
        }),
        fullQu({
          quType: QuType.FILL,
          content: `<p>子题：____和____<img src="${IMG_A}"></p>`,
          options: [{ answer: 'a&b' }, { answer: 'c||d' }],
        }),
      ],
    }),
  ];

  it('round-trips every type Moodle carries, URLs of pictures left as they are', () => {
    const qs = moodleOnly();
    const out = writeMoodleXml(qs, chapterOf);
    expect(out.skipped).toEqual([]);
    expect(out.notes).toEqual([]);
    const { items, images } = parseMoodleXml(Buffer.from(out.text));
    expect(images).toEqual([]);
    expect(items.map((i) => i.error ?? i.note)).toEqual(qs.map(() => undefined));
    expect(items.map((i) => canon(i.qu!))).toEqual(qs.map(canon));
    expect(items.map((i) => i.chapter)).toEqual(qs.map((x) => chapterOf(x.chapterId)));
  });

  it('embeds pictures as base64 files when it gets their bytes, and they come back as the same pictures', () => {
    const files: Record<string, Buffer> = { [IMG_A]: PNG, [IMG_B]: Buffer.from('GIF89a') };
    const qs = moodleOnly();
    const out = writeMoodleXml(qs, chapterOf, (url) =>
      files[url] ? { name: url.split('/').at(-1)!, mime: 'image/png', data: files[url] } : undefined,
    );
    expect(out.text).toContain('@@PLUGINFILE@@/a.png');
    expect(out.text).not.toContain(IMG_A);
    const { items, images } = parseMoodleXml(Buffer.from(out.text));
    expect(images.map((i) => i.name)).toEqual(['a.png', 'b.png']);
    // Stored again under their old addresses, the questions are the ones written.
    const urlOf = (n: number) => Object.keys(files).find((u) => files[u].equals(images[n].data))!;
    expect(items.map((i) => canon(replaceImageRefs(i.qu!, urlOf)))).toEqual(qs.map(canon));
  });

  it('lists a composite whose children a cloze cannot hold, and notes what it loses', () => {
    const qs = [
      fullQu({
        id: 'comp',
        quType: QuType.COMPOSITE,
        content: '材料',
        subs: [fullQu({ quType: QuType.SHORT, content: '简述', refAnswer: '答' })],
      }),
      fullQu({
        id: 'comp2',
        quType: QuType.COMPOSITE,
        content: '材料',
        subs: [
          fullQu({
            quType: QuType.SINGLE,
            level: 2,
            content: '子题',
            analysis: '子解析',
            options: [{ content: 'a', isRight: true }, { content: 'b' }],
          }),
        ],
      }),
      fullQu({ id: 'short', quType: QuType.SHORT, content: '简述', refAnswer: '答', keywords: '安全' }),
    ];
    const out = writeMoodleXml(qs, chapterOf);
    expect(out.skipped).toEqual([{ id: 'comp', reason: '子题类型“简答”不能写成 Moodle 完形填空' }]);
    expect(out.notes).toEqual([
      { id: 'comp2', reason: '子题解析未导出' },
      { id: 'comp2', reason: '子题难度未导出' },
      { id: 'short', reason: '关键词未导出' },
    ]);
    expect(parseMoodleXml(Buffer.from(out.text)).items.map((i) => i.error)).toEqual([undefined, undefined]);
  });
});
