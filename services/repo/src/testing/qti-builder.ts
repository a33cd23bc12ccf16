import { QuType } from '@exam/contracts';
import { expect } from '@rstest/core';
import type { ImportItem } from '../qu/formats/import-item';
import { readQtiPackage } from '../qu/formats/qti-read';
import { zipFiles } from '../qu/formats/zip';

/* QTI items and packages written by hand in tests, in both versions, and read back. */

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
export const GIF = Buffer.from('GIF89a');

/** Item envelopes of each version around hand-written declarations, body and feedback. */
export const v3 = (head: string, body: string, tail = '', title = '题') =>
  `<?xml version="1.0" encoding="UTF-8"?><qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="i" title="${title}" adaptive="false" time-dependent="false">${head}<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/><qti-item-body>${body}</qti-item-body>${tail}</qti-assessment-item>`;
export const v2 = (head: string, body: string, tail = '', title = '题') =>
  `<?xml version="1.0" encoding="UTF-8"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="i" title="${title}" adaptive="false" timeDependent="false">${head}<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/><itemBody>${body}</itemBody>${tail}</assessmentItem>`;
export const decl3 = (id: string, card: string, type: string, correct: string[], mapping = '') =>
  `<qti-response-declaration identifier="${id}" cardinality="${card}" base-type="${type}">${
    correct.length
      ? `<qti-correct-response>${correct.map((v) => `<qti-value>${v}</qti-value>`).join('')}</qti-correct-response>`
      : ''
  }${mapping ? `<qti-mapping default-value="0">${mapping}</qti-mapping>` : ''}</qti-response-declaration>`;
export const decl2 = (id: string, card: string, type: string, correct: string[], mapping = '') =>
  `<responseDeclaration identifier="${id}" cardinality="${card}" baseType="${type}">${
    correct.length ? `<correctResponse>${correct.map((v) => `<value>${v}</value>`).join('')}</correctResponse>` : ''
  }${mapping ? `<mapping defaultValue="0">${mapping}</mapping>` : ''}</responseDeclaration>`;
export const entry3 = (key: string, value: number) => `<qti-map-entry map-key="${key}" mapped-value="${value}"/>`;
export const entry2 = (key: string, value: number) =>
  `<mapEntry mapKey="${key}" mappedValue="${value}" caseSensitive="true"/>`;
export const choices3 = (...xs: string[]) =>
  xs.map((x, i) => `<qti-simple-choice identifier="${'ABCD'[i]}">${x}</qti-simple-choice>`).join('');
export const choices2 = (...xs: string[]) =>
  xs.map((x, i) => `<simpleChoice identifier="${'ABCD'[i]}">${x}</simpleChoice>`).join('');

export type Files = Record<string, string | Buffer>;
/** A package of the files, its manifest listing `items` (paths) in order as resources of `type`. */
export function pkg(items: string[], files: Files, type = 'imsqti_item_xmlv3p0', organizations = '') {
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
export async function read(xmls: string[], type?: string) {
  const files = Object.fromEntries(xmls.map((x, i) => [`item${i + 1}.xml`, x]));
  return readQtiPackage(pkg(Object.keys(files), files, type));
}
export const one = async (xml: string, type?: string): Promise<ImportItem> => {
  const { items } = await read([xml], type);
  expect(items).toHaveLength(1);
  return items[0];
};

/** The same question of every mapped kind in both versions, and what it is read as. */
export const KINDS: { kind: string; v3: string; v2: string; item: Omit<ImportItem, 'ref' | 'chapter'> }[] = [
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

export const pkgManifest = (hrefs: string[]) =>
  `<manifest><resources>${hrefs.map((h) => `<resource identifier="${h}" type="imsqti_item_xmlv3p0" href="${h}"/>`).join('')}</resources></manifest>`;
