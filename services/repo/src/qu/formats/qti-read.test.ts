import { QuType } from '@exam/contracts';
import { describe, expect, it } from '@rstest/core';
import {
  GIF,
  KINDS,
  PNG,
  choices2,
  choices3,
  decl2,
  decl3,
  one,
  pkg,
  pkgManifest,
  read,
  v2,
  v3,
} from '../../testing/qti-builder';
import { readQtiPackage } from './qti-read';
import { zipFiles } from './zip';

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
