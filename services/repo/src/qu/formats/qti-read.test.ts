import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import { ARCHIVE_UNREADABLE } from '@exam/server-kit';
import type { ImportItem } from './import-item';
import { DOCTYPE_REFUSED } from './import-item';
import { readQtiPackage } from './qti-read';
import { zipFiles } from './zip';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const GIF = Buffer.from('GIF89a');

/** Item envelopes of each version around hand-written declarations, body and feedback. */
const v3 = (head: string, body: string, tail = '', title = '题') =>
  `<?xml version="1.0" encoding="UTF-8"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="i" title="${title}" adaptive="false" time-dependent="false">${head}<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/><qti-item-body>${body}</qti-item-body>${tail}</qti-assessment-item>`;
const v2 = (head: string, body: string, tail = '', title = '题') =>
  `<?xml version="1.0" encoding="UTF-8"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i" title="${title}" adaptive="false" timeDependent="false">${head}<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/><itemBody>${body}</itemBody>${tail}</assessmentItem>`;
const decl3 = (id: string, card: string, type: string, correct: string[], mapping = '') =>
  `<qti-response-declaration identifier="${id}" cardinality="${card}" base-type="${type}">${
    correct.length
      ? `<qti-correct-response>${correct.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response>`
      : ''
  }${mapping ? `<qti-mapping default-value="0">${mapping}</qti-mapping>` : ''}</qti-response-declaration>`;
const decl2 = (id: string, card: string, type: string, correct: string[], mapping = '') =>
  `<responseDeclaration identifier="${id}" cardinality="${card}" baseType="${type}">${
    correct.length ? `<correctResponse>${correct.map((v) => `<value>${v}</value>`).join('')}</correctResponse>` : ''
  }${mapping ? `<mapping defaultValue="0">${mapping}</mapping>` : ''}</responseDeclaration>`;
const entry3 = (key: string, value: number) => `<qti-map-entry map-key="${key}" mapped-value="${value}"/>`;
const entry2 = (key: string, value: number) =>
  `<mapEntry mapKey="${key}" mappedValue="${value}" caseSensitive="true"/>`;
const choices3 = (...xs: string[]) =>
  xs.map((x, i) => `<qti-simple-choice identifier="${'ABCD'[i]}">${x}</qti-simple-choice>`).join('');
const choices2 = (...xs: string[]) =>
  xs.map((x, i) => `<simpleChoice identifier="${'ABCD'[i]}">${x}</simpleChoice>`).join('');

type Files = Record<string, string | Buffer>;
/** A package of the files, its manifest listing `items` (paths) in order as resources of `type`. */
function pkg(items: string[], files: Files, type = 'imsqti_item_xmlv3p0', organizations = '') {
  const resources = items
    .map((h, i) => `<resource identifier="R${i + 1}" type="${type}" href="${h}"><file href="${h}"/></resource>`)
    .join('');
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><organizations>${organizations}</organizations><resources>${resources}</resources></manifest>`;
  return zipFiles(
    Object.entries({ 'imsmanifest.xml': manifest, ...files }).map(([name, data]) => ({
      name,
      data: Buffer.isBuffer(data) ? data : Buffer.from(data),
    })),
  );
}
/** The items of a package holding the given item files, in that order. */
async function read(xmls: string[], type?: string) {
  const files = Object.fromEntries(xmls.map((x, i) => [`item${i + 1}.xml`, x]));
  return readQtiPackage(pkg(Object.keys(files), files, type));
}
const one = async (xml: string, type?: string): Promise<ImportItem> => {
  const { items } = await read([xml], type);
  expect(items).toHaveLength(1);
  return items[0];
};

/** The same question of every mapped kind in both versions, and what it is read as. */
const KINDS: { kind: string; v3: string; v2: string; item: Omit<ImportItem, 'ref' | 'chapter'> }[] = [
  {
    kind: 'single choice: the prompt where it stood, modal feedback as analysis, class qu-hard as level 较难',
    v3: v3(
      decl3('RESPONSE', 'single', 'identifier', ['A']),
      `<p>我国的首都是？</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1" shuffle="false"><qti-prompt>选一项</qti-prompt>${choices3('北京', '上海<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="B" show-hide="show">不对</qti-feedback-inline>')}</qti-choice-interaction>`,
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/><qti-modal-feedback outcome-identifier="FEEDBACK" identifier="ANALYSIS" show-hide="show"><qti-content-body><p>北京 &amp; 首都</p></qti-content-body></qti-modal-feedback>',
    ).replace('<qti-item-body>', '<qti-item-body class="x qu-hard">'),
    v2: v2(
      decl2('RESPONSE', 'single', 'identifier', ['A']),
      `<p>我国的首都是？</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1" shuffle="false"><prompt>选一项</prompt>${choices2('北京', '上海<feedbackInline outcomeIdentifier="FEEDBACK" identifier="B" showHide="show">不对</feedbackInline>')}</choiceInteraction>`,
      '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/><modalFeedback outcomeIdentifier="FEEDBACK" identifier="ANALYSIS" showHide="show"><p>北京 &amp; 首都</p></modalFeedback>',
    ).replace('<itemBody>', '<itemBody class="x qu-hard">'),
    item: {
      note: '答案反馈未导入',
      qu: {
        quType: QuType.SINGLE,
        level: 2,
        content: '<p>我国的首都是？</p><p>选一项</p>',
        analysis: '<p>北京 &amp; 首都</p>',
        answerList: [
          { content: '北京', isRight: true },
          { content: '上海', isRight: false },
        ],
      },
    },
  },
  {
    kind: 'multiple choice: several correct values',
    v3: v3(
      decl3('RESPONSE', 'multiple', 'identifier', ['A', 'C']),
      `<p>选偶数</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="0">${choices3('2', '3', '4')}</qti-choice-interaction>`,
    ),
    v2: v2(
      decl2('RESPONSE', 'multiple', 'identifier', ['A', 'C']),
      `<p>选偶数</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="0">${choices2('2', '3', '4')}</choiceInteraction>`,
    ),
    item: {
      qu: {
        quType: QuType.MULTIPLE,
        level: 1,
        content: '<p>选偶数</p>',
        analysis: '',
        answerList: [
          { content: '2', isRight: true },
          { content: '3', isRight: false },
          { content: '4', isRight: true },
        ],
      },
    },
  },
  {
    kind: 'judge: two choices True/False',
    v3: v3(
      decl3('RESPONSE', 'single', 'identifier', ['B']),
      `<p>地球是方的。</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1">${choices3('True', 'False')}</qti-choice-interaction>`,
    ),
    v2: v2(
      decl2('RESPONSE', 'single', 'identifier', ['B']),
      `<p>地球是方的。</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">${choices2('True', 'False')}</choiceInteraction>`,
    ),
    item: {
      qu: {
        quType: QuType.JUDGE,
        level: 1,
        content: '<p>地球是方的。</p>',
        analysis: '',
        answerList: [
          { content: '正确', isRight: false },
          { content: '错误', isRight: true },
        ],
      },
    },
  },
  {
    kind: 'fill-in: one blank per text entry, alternatives from the correct response and scoring map entries',
    v3: v3(
      decl3('R1', 'single', 'string', ['北京'], entry3('北京', 1) + entry3('Beijing', 1) + entry3('燕京', 0)) +
        decl3('R2', 'single', 'string', ['上海']),
      '<p>首都是<qti-text-entry-interaction response-identifier="R1"/>，最大的城市是<qti-text-entry-interaction response-identifier="R2" label="____"/>。</p>',
    ),
    v2: v2(
      decl2('R1', 'single', 'string', ['北京'], entry2('北京', 1) + entry2('Beijing', 1) + entry2('燕京', 0)) +
        decl2('R2', 'single', 'string', ['上海']),
      '<p>首都是<textEntryInteraction responseIdentifier="R1"/>，最大的城市是<textEntryInteraction responseIdentifier="R2" label="____"/>。</p>',
    ),
    item: {
      qu: {
        quType: QuType.FILL,
        level: 1,
        content: '<p>首都是＿＿＿＿，最大的城市是____。</p>',
        analysis: '',
        answerList: [{ answer: '北京||Beijing' }, { answer: '上海' }],
      },
    },
  },
  {
    kind: 'matching: directed pairs from the first set to the second, a right item without a left one dropped',
    v3: v3(
      decl3('RESPONSE', 'multiple', 'directedPair', ['L1 R2', 'R1 L2']),
      '<p>连线</p><qti-match-interaction response-identifier="RESPONSE" max-associations="2"><qti-simple-match-set><qti-simple-associable-choice identifier="L1" match-max="1">苹果</qti-simple-associable-choice><qti-simple-associable-choice identifier="L2" match-max="1">香蕉</qti-simple-associable-choice></qti-simple-match-set><qti-simple-match-set><qti-simple-associable-choice identifier="R1" match-max="1">黄色</qti-simple-associable-choice><qti-simple-associable-choice identifier="R2" match-max="1"> 红色 </qti-simple-associable-choice><qti-simple-associable-choice identifier="R3" match-max="1">蓝色</qti-simple-associable-choice></qti-simple-match-set></qti-match-interaction>',
    ),
    v2: v2(
      decl2('RESPONSE', 'multiple', 'directedPair', ['L1 R2', 'R1 L2']),
      '<p>连线</p><matchInteraction responseIdentifier="RESPONSE" maxAssociations="2"><simpleMatchSet><simpleAssociableChoice identifier="L1" matchMax="1">苹果</simpleAssociableChoice><simpleAssociableChoice identifier="L2" matchMax="1">香蕉</simpleAssociableChoice></simpleMatchSet><simpleMatchSet><simpleAssociableChoice identifier="R1" matchMax="1">黄色</simpleAssociableChoice><simpleAssociableChoice identifier="R2" matchMax="1"> 红色 </simpleAssociableChoice><simpleAssociableChoice identifier="R3" matchMax="1">蓝色</simpleAssociableChoice></simpleMatchSet></matchInteraction>',
    ),
    item: {
      note: '没有左项的干扰项未导入',
      qu: {
        quType: QuType.MATCH,
        level: 1,
        content: '<p>连线</p>',
        analysis: '',
        answerList: [
          { content: '苹果', answer: '红色' },
          { content: '香蕉', answer: '黄色' },
        ],
      },
    },
  },
  {
    kind: "extended text: the scorer's rubric is the reference answer, the candidate's stays in the stem",
    v3: v3(
      decl3('RESPONSE', 'single', 'string', []),
      '<p>简述安全生产方针。</p><qti-rubric-block use="instructions" view="candidate"><qti-content-body><p>不少于50字</p></qti-content-body></qti-rubric-block><qti-extended-text-interaction response-identifier="RESPONSE"/><qti-rubric-block use="scoring" view="scorer"><qti-content-body><p>安全第一</p></qti-content-body></qti-rubric-block>',
    ),
    v2: v2(
      decl2('RESPONSE', 'single', 'string', []),
      '<p>简述安全生产方针。</p><rubricBlock view="candidate"><p>不少于50字</p></rubricBlock><extendedTextInteraction responseIdentifier="RESPONSE"/><rubricBlock view="scorer tutor"><p>安全第一</p></rubricBlock>',
    ),
    item: {
      qu: {
        quType: QuType.SHORT,
        level: 1,
        content: '<p>简述安全生产方针。</p><p>不少于50字</p>',
        analysis: '',
        refAnswer: '<p>安全第一</p>',
      },
    },
  },
  {
    kind: 'scale: scores mapped, no correct response, class qu-scale',
    v3: v3(
      decl3('RESPONSE', 'single', 'identifier', [], entry3('A', 5) + entry3('B', 2.5)),
      `<p>满意度？</p><qti-choice-interaction class="qu-scale" response-identifier="RESPONSE" max-choices="1">${choices3('满意', '一般', '不满意')}</qti-choice-interaction>`,
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>',
    ),
    v2: v2(
      decl2('RESPONSE', 'single', 'identifier', [], entry2('A', 5) + entry2('B', 2.5)),
      `<p>满意度？</p><choiceInteraction class="qu-scale" responseIdentifier="RESPONSE" maxChoices="1">${choices2('满意', '一般', '不满意')}</choiceInteraction>`,
      '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response"/>',
    ),
    item: {
      qu: {
        quType: QuType.SCALE,
        level: 1,
        content: '<p>满意度？</p>',
        analysis: '',
        answerList: [
          { content: '满意', score: 5 },
          { content: '一般', score: 2.5 },
          { content: '不满意', score: 0 },
        ],
      },
    },
  },
  {
    kind: 'scored multiple choice: scores mapped, several may be picked',
    v3: v3(
      decl3('RESPONSE', 'multiple', 'identifier', [], entry3('A', 3) + entry3('B', 2)),
      `<p>掌握的技能？</p><qti-choice-interaction response-identifier="RESPONSE" max-choices="0">${choices3('急救', '灭火')}</qti-choice-interaction>`,
    ),
    v2: v2(
      decl2('RESPONSE', 'multiple', 'identifier', [], entry2('A', 3) + entry2('B', 2)),
      `<p>掌握的技能？</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="0">${choices2('急救', '灭火')}</choiceInteraction>`,
    ),
    item: {
      qu: {
        quType: QuType.SCORE_MULTI,
        level: 1,
        content: '<p>掌握的技能？</p>',
        analysis: '',
        answerList: [
          { content: '急救', score: 3 },
          { content: '灭火', score: 2 },
        ],
      },
    },
  },
  {
    kind: 'several interactions: a composite, the body as material, one child per interaction',
    v3: v3(
      decl3('R1', 'single', 'identifier', ['A']) +
        decl3('R2', 'single', 'string', ['北京']) +
        decl3('R3', 'single', 'string', []),
      `<p>阅读材料。</p><qti-choice-interaction response-identifier="R1" max-choices="1"><qti-prompt>问题一</qti-prompt>${choices3('甲', '乙')}</qti-choice-interaction><p>首都是<qti-text-entry-interaction response-identifier="R2"/>。</p><qti-extended-text-interaction response-identifier="R3"><qti-prompt><p>简述</p></qti-prompt></qti-extended-text-interaction><qti-rubric-block view="scorer"><qti-content-body>答</qti-content-body></qti-rubric-block>`,
    ),
    v2: v2(
      decl2('R1', 'single', 'identifier', ['A']) +
        decl2('R2', 'single', 'string', ['北京']) +
        decl2('R3', 'single', 'string', []),
      `<p>阅读材料。</p><choiceInteraction responseIdentifier="R1" maxChoices="1"><prompt>问题一</prompt>${choices2('甲', '乙')}</choiceInteraction><p>首都是<textEntryInteraction responseIdentifier="R2"/>。</p><extendedTextInteraction responseIdentifier="R3"><prompt><p>简述</p></prompt></extendedTextInteraction><rubricBlock view="scorer">答</rubricBlock>`,
    ),
    item: {
      qu: {
        quType: QuType.COMPOSITE,
        level: 1,
        content: '<p>阅读材料。</p><p>首都是（2）。</p>',
        analysis: '',
        subList: [
          {
            quType: QuType.SINGLE,
            level: 1,
            content: '<p>问题一</p>',
            answerList: [
              { content: '甲', isRight: true },
              { content: '乙', isRight: false },
            ],
          },
          { quType: QuType.FILL, level: 1, content: '（2）', answerList: [{ answer: '北京' }] },
          { quType: QuType.SHORT, level: 1, content: '<p>简述</p>', refAnswer: '答' },
        ],
      },
    },
  },
];

describe('readQtiPackage: every mapped kind, QTI 3.0 and 2.1', () => {
  for (const k of KINDS) {
    it(`reads ${k.kind}`, async () => {
      expect(await one(k.v3)).toEqual({ ref: '第1题“题”', chapter: '', ...k.item });
      expect(await one(k.v2, 'imsqti_item_xmlv2p1')).toEqual({ ref: '第1题“题”', chapter: '', ...k.item });
    });
  }

  it('reads QTI 2.2 items and a package of every kind in the manifest order', async () => {
    const v22 = KINDS[1].v2.replace('imsqti_v2p1', 'imsqti_v2p2');
    expect((await one(v22, 'imsqti_item_xmlv2p2')).qu?.quType).toBe(QuType.MULTIPLE);
    const { items } = await read(KINDS.map((k, i) => (i % 2 ? k.v2 : k.v3)));
    expect(items.map((i) => i.qu?.quType)).toEqual(KINDS.map((k) => k.item.qu?.quType));
    expect(items.map((i) => i.ref)).toEqual(KINDS.map((_, i) => `第${i + 1}题“题”`));
  });

  it('takes a maxChoices=1 item with several correct values as multiple choice, 正确/错误 choices as judge', async () => {
    const several = await one(
      v3(
        decl3('RESPONSE', 'multiple', 'identifier', ['A', 'B']),
        `<p>q</p><qti-choice-interaction response-identifier="RESPONSE">${choices3('a', 'b', 'c')}</qti-choice-interaction>`,
      ),
    );
    expect(several.qu?.quType).toBe(QuType.MULTIPLE);
    const judge = await one(
      v2(
        decl2('RESPONSE', 'single', 'identifier', ['B']),
        `<p>q</p><choiceInteraction responseIdentifier="RESPONSE" maxChoices="1">${choices2('错误', '<p>正确</p>')}</choiceInteraction>`,
      ),
      'imsqti_item_xmlv2p1',
    );
    expect(judge.qu?.answerList).toEqual([
      { content: '正确', isRight: true },
      { content: '错误', isRight: false },
    ]);
  });

  it('takes an essay without a rubric: the feedback becomes the reference answer, noted', async () => {
    const item = await one(
      v3(
        decl3('RESPONSE', 'single', 'string', []),
        '<p>简述</p><qti-extended-text-interaction response-identifier="RESPONSE"/>',
        '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="X" show-hide="show"><qti-content-body><p>答</p></qti-content-body></qti-modal-feedback>',
      ),
    );
    expect(item.qu).toMatchObject({ quType: QuType.SHORT, refAnswer: '<p>答</p>', analysis: '' });
    expect(item.note).toBe('参考答案取自反馈');
  });
});

describe('readQtiPackage: pictures, chapters, layout', () => {
  it('resolves pictures relative to the item, stores each file once, keeps URLs, notes a missing one', async () => {
    const body = (stem: string) =>
      `<p>${stem}<img src="../images/a%20b.png" alt="图"/><object type="image/gif" data="../images/c.gif"/></p><qti-choice-interaction response-identifier="RESPONSE" max-choices="1">${choices3(
        '甲<img class="option-image" src="../images/c.gif"/>',
        '<img src="https://example.com/x.png"/>',
      )}</qti-choice-interaction>`;
    const decl = decl3('RESPONSE', 'single', 'identifier', ['A']);
    const files = {
      'items/q1.xml': v3(decl, body('看图')),
      'items/q2.xml': v3(decl, `${body('再看')}<p><img src="gone.png"/></p>`),
      'images/a b.png': PNG,
      'images/c.gif': GIF,
    };
    const { items, images } = await readQtiPackage(pkg(['items/q1.xml', 'items/q2.xml'], files));
    expect(images).toEqual([
      { name: 'a b.png', mime: 'image/png', data: PNG },
      { name: 'c.gif', mime: 'image/gif', data: GIF },
    ]);
    expect(items[0].qu).toMatchObject({
      content: '<p>看图<img src="import-image:0" alt="图"><img src="import-image:1"></p>',
      answerList: [
        { content: '甲', image: 'import-image:1', isRight: true },
        { content: '<img src="https://example.com/x.png">', isRight: false },
      ],
    });
    expect(items[1].qu?.content).toBe(
      '<p>再看<img src="import-image:0" alt="图"><img src="import-image:1"></p><p><img src="gone.png"></p>',
    );
    expect(items[1].note).toBe('图片“gone.png”没有随文件提供');
  });

  it("takes the chapter from the organization's folder around an item's entry, the order from the resources", async () => {
    const decl = decl3('RESPONSE', 'single', 'identifier', ['A']);
    const item = (t: string) =>
      v3(
        decl,
        `<p>${t}</p><qti-choice-interaction response-identifier="RESPONSE">${choices3('a', 'b')}</qti-choice-interaction>`,
        '',
        t,
      );
    const org =
      '<organization identifier="O"><title>题库</title><item identifier="C2"><title>第二章</title><item identifier="E2" identifierref="R2"/></item><item identifier="E3" identifierref="R3"/><item identifier="C1"><title> 第一章 </title><item identifier="S"><item identifier="E1" identifierref="R1"/></item></item></organization>';
    const files = { 'a.xml': item('一'), 'b.xml': item('二'), 'c.xml': item('三') };
    const { items } = await readQtiPackage(pkg(['a.xml', 'b.xml', 'c.xml'], files, undefined, org));
    expect(items.map((i) => [i.ref, i.chapter])).toEqual([
      ['第1题“一”', '第一章'],
      ['第2题“二”', '第二章'],
      ['第3题“三”', ''],
    ]);
  });

  it('finds the manifest of a package zipped with its folder', async () => {
    const inner = pkg(['item1.xml'], { 'item1.xml': KINDS[0].v3 });
    const { items } = await readQtiPackage(inner);
    const folder = zipFiles([
      { name: 'bank/imsmanifest.xml', data: Buffer.from(pkgManifest(['item1.xml'])) },
      { name: 'bank/item1.xml', data: Buffer.from(KINDS[0].v3) },
    ]);
    expect((await readQtiPackage(folder)).items).toEqual(items);
  });
});
const pkgManifest = (hrefs: string[]) =>
  `<manifest><resources>${hrefs.map((h) => `<resource identifier="${h}" type="imsqti_item_xmlv3p0" href="${h}"/>`).join('')}</resources></manifest>`;

describe('readQtiPackage: items that cannot be imported', () => {
  it('fails an unsupported interaction, a missing correct response, broken XML, a missing file; reads the others', async () => {
    const choice = (decl: string) =>
      v3(
        decl,
        `<p>q</p><qti-choice-interaction response-identifier="RESPONSE">${choices3('a', 'b')}</qti-choice-interaction>`,
      );
    const files = {
      'hotspot.xml': v3('', '<p>点图</p><qti-hotspot-interaction response-identifier="RESPONSE"/>', '', '热点'),
      'order.xml': v2('', '<orderInteraction responseIdentifier="RESPONSE"/>', '', '排序'),
      'upload.xml': v3('', '<p>上传</p><qti-upload-interaction response-identifier="RESPONSE"/>'),
      'nocorrect.xml': choice(decl3('RESPONSE', 'single', 'identifier', [])),
      'noblank.xml': v3(
        decl3('R', 'single', 'string', []),
        '<p>填<qti-text-entry-interaction response-identifier="R"/></p>',
      ),
      'badid.xml': choice(decl3('RESPONSE', 'single', 'identifier', ['Z'])),
      'broken.xml': '<qti-assessment-item><qti-item-body></qti-assessment-item>',
      'nothing.xml': v3('', '<p>只有文字</p>'),
      'other.xml': '<html/>',
      'good.xml': KINDS[1].v3,
      'invalid.xml': choice(decl3('RESPONSE', 'single', 'identifier', ['A'])).replace('>a<', '><'),
    };
    const hrefs = [...Object.keys(files), 'missing.xml'];
    const { items } = await readQtiPackage(pkg(hrefs, files));
    expect(items.map((i) => [i.ref, i.error])).toEqual([
      ['第1题“热点”', '不支持的 QTI 交互“qti-hotspot-interaction”'],
      ['第2题“排序”', '不支持的 QTI 交互“orderInteraction”'],
      ['第3题“题”', '不支持的 QTI 交互“qti-upload-interaction”'],
      ['第4题“题”', '选择题没有正确答案（correctResponse）'],
      ['第5题“题”', '第1空：填空没有正确答案（correctResponse）'],
      ['第6题“题”', '正确答案“Z”不是任何选项'],
      ['第7题“broken.xml”', expect.stringContaining('题目文件不是有效的 XML（第1行')],
      ['第8题“题”', '题目中没有可作答的交互（interaction）'],
      ['第9题“other.xml”', '不是 QTI 题目（根元素为 html）'],
      ['第10题“题”', undefined],
      ['第11题“题”', '选项内容不能为空！'],
      ['第12题“missing.xml”', '题目文件“missing.xml”不在压缩包中'],
    ]);
    // A draft that fails the editor's checks is kept for the preview.
    expect(items[10].qu?.quType).toBe(QuType.SINGLE);
  });
});

describe('readQtiPackage: refused packages', () => {
  const refuses = async (zip: Buffer, message: string) => expect(readQtiPackage(zip)).rejects.toThrow(message);

  it('refuses a DOCTYPE in an item or the manifest (entity expansion, external entities)', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${v3('', '<p>&xxe;</p>')}`;
    await refuses(pkg(['a.xml'], { 'a.xml': xxe }), DOCTYPE_REFUSED);
    const manifest = zipFiles([
      { name: 'imsmanifest.xml', data: Buffer.from(`<!DOCTYPE manifest SYSTEM "http://x/m.dtd">${pkgManifest([])}`) },
    ]);
    await refuses(manifest, DOCTYPE_REFUSED);
  });

  it('refuses no manifest, a broken one, one without items, QTI 1.x, no zip at all', async () => {
    await refuses(zipFiles([{ name: 'item.xml', data: Buffer.from(KINDS[0].v3) }]), '没有 imsmanifest.xml');
    await refuses(
      zipFiles([{ name: 'imsmanifest.xml', data: Buffer.from('<manifest>') }]),
      'imsmanifest.xml 不是有效的 XML',
    );
    await refuses(pkg([], {}), '题目包中没有 QTI 题目');
    await refuses(pkg(['a.xml'], { 'a.xml': '<questestinterop/>' }, 'imsqti_xmlv1p2'), '不支持 QTI 1.x');
    await refuses(Buffer.from('PK not really'), ARCHIVE_UNREADABLE);
  });

  it('refuses a file over the import size before unzipping', async () => {
    await refuses(Buffer.alloc(50 * 2 ** 20 + 1), '文件过大');
  });
});
