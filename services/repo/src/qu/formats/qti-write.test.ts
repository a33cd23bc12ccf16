import { QuType } from '@exam/contracts';
import { type FullQu, sanitizeRichText } from '@exam/server-kit';
import { describe, expect, it } from '@rstest/core';
import { IMG_A, IMG_B, canon, fullQu, textFormatSamples } from '../../testing/questions';
import { type QuDraftReq, replaceImageRefs } from './import-item';
import { readQtiPackage } from './qti-read';
import { writeQtiPackage } from './qti-write';
import { readZip } from './zip';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const chapters: Record<string, string> = { c1: '第一章', c2: '第二/三章 & <附>' };
const chapterOf = (id: string) => chapters[id] ?? '';

/** A question of every type, children of every type, with what the text formats cannot carry. */
const qtiSamples = (): FullQu[] => [
  ...textFormatSamples(),
  fullQu({
    quType: QuType.SHORT,
    chapterId: 'c1',
    content: '<p>说明理由</p>',
    refAnswer: '<p>参考 &amp; 答案<br>第二行</p>',
    analysis: '<p>解析</p>',
    level: 2,
  }),
  fullQu({
    quType: QuType.FILL,
    content: '<p>首都是____，最大的城市是＿＿＿＿，第三个是（ ），__ 不是空。</p>',
    analysis: '<p>常识</p>',
    options: [{ answer: '北京||Beijing' }, { answer: '上海 #1 ~ {沪}||<Shanghai>' }, { answer: '一' }],
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
    ],
  }),
  fullQu({
    quType: QuType.SCORE_MULTI,
    content: '<p>掌握的技能？</p>',
    options: [
      { content: '急救', score: 3, image: IMG_A },
      { content: '灭火', score: 2.5 },
    ],
  }),
  fullQu({
    quType: QuType.COMPOSITE,
    chapterId: 'c1',
    level: 2,
    content: '<p>阅读材料后回答下列问题。</p><table><tr><td>表</td></tr></table>',
    analysis: '<p>总解析</p>',
    subs: [
      fullQu({
        quType: QuType.SINGLE,
        level: 2,
        content: '<p>子题：1+1=？</p>',
        analysis: '<p>子解析</p>',
        options: [{ content: '1' }, { content: '2', isRight: true, image: IMG_B }],
      }),
      fullQu({
        quType: QuType.MULTIPLE,
        content: '子题：偶数',
        options: [{ content: '2', isRight: true }, { content: '3' }, { content: '4', isRight: true }],
      }),
      fullQu({
        quType: QuType.JUDGE,
        content: '<p>子题：对吗</p>',
        options: [{ content: '正确', isRight: true }, { content: '错误' }],
      }),
      fullQu({
        quType: QuType.FILL,
        content: `<p>子题：____和____<img src="${IMG_A}"></p>`,
        options: [{ answer: 'a&b' }, { answer: 'c||d' }],
      }),
      fullQu({
        quType: QuType.MATCH,
        content: '<p>子题：连线</p>',
        options: [
          { content: '甲', answer: '一' },
          { content: '乙', answer: '一' },
          { content: '丙', answer: '二' },
        ],
      }),
      fullQu({ quType: QuType.SHORT, content: '<p>子题：简述</p>', refAnswer: '<p>答</p>' }),
      fullQu({
        quType: QuType.SCALE,
        content: '<p>子题：量表</p>',
        options: [{ content: '好', score: 2 }, { content: '差' }],
      }),
      fullQu({
        quType: QuType.SCORE_MULTI,
        content: '<p>子题：评分</p>',
        options: [
          { content: 'x', score: 1 },
          { content: 'y', score: 1.5 },
        ],
      }),
    ],
  }),
];

describe('writeQtiPackage', () => {
  it('round-trips every type exactly, with chapters, levels, analyses; URLs of pictures left as they are', async () => {
    const qs = qtiSamples();
    const out = writeQtiPackage(qs, chapterOf);
    expect(out.skipped).toEqual([]);
    expect(out.notes).toEqual([]);
    const { items, images } = await readQtiPackage(out.data);
    expect(images).toEqual([]);
    expect(items.map((i) => i.error ?? i.note)).toEqual(qs.map(() => undefined));
    expect(items.map((i) => canon(i.qu!))).toEqual(qs.map(canon));
    expect(items.map((i) => i.chapter)).toEqual(qs.map((q) => chapterOf(q.chapterId)));
  });

  it('round-trips stored (sanitized) rich text as the service stores it again', async () => {
    const stored = (html: string) => sanitizeRichText(html);
    const qs = [
      fullQu({
        quType: QuType.SHORT,
        content: stored('<p>a &amp; b &lt; c &gt; d "q"&nbsp;e<br>f<img src="/api/x.png" width="10"></p>'),
        refAnswer: stored('<ul><li>一</li><li><b>二</b></li></ul><video controls src="/api/v.mp4"></video>'),
      }),
    ];
    const { items } = await readQtiPackage(writeQtiPackage(qs, chapterOf).data);
    const again = (q: QuDraftReq) => ({ ...q, content: stored(q.content), refAnswer: stored(q.refAnswer ?? '') });
    expect(items.map((i) => canon(again(i.qu!)))).toEqual(qs.map(canon));
  });

  it('puts the pictures it gets the bytes of into the package once, and they come back as the same pictures', async () => {
    const files: Record<string, Buffer> = { [IMG_A]: PNG, [IMG_B]: Buffer.from('GIF89a') };
    const qs = qtiSamples();
    const out = writeQtiPackage(qs, chapterOf, (url) =>
      files[url] ? { name: url.split('/').at(-1)!, mime: 'image/png', data: files[url] } : undefined,
    );
    const zip = await readZip(out.data);
    expect([...zip.keys()].filter((k) => k.startsWith('images/'))).toEqual(['images/a.png', 'images/b.png']);
    expect(zip.get('item-1.xml')?.toString()).toContain('src="images/a.png"');
    expect(zip.get('imsmanifest.xml')?.toString()).toContain(
      '<resource identifier="ITEM_1" type="imsqti_item_xmlv3p0" href="item-1.xml"><file href="item-1.xml"/><file href="images/a.png"/><file href="images/b.png"/></resource>',
    );
    const { items, images } = await readQtiPackage(out.data);
    expect(images.map((i) => [i.name, i.data])).toEqual([
      ['a.png', PNG],
      ['b.png', files[IMG_B]],
    ]);
    // Stored again under their old addresses, the questions are the ones written.
    const urlOf = (n: number) => Object.keys(files).find((u) => files[u].equals(images[n].data))!;
    expect(items.map((i) => canon(replaceImageRefs(i.qu!, urlOf)))).toEqual(qs.map(canon));
  });

  it('writes QTI 3.0 with the standard templates, chapters as folders of the organization', async () => {
    const [single, , , fill] = textFormatSamples();
    const zip = await readZip(writeQtiPackage([single, fill, qtiSamples().at(-1)!], chapterOf).data);
    const item = zip.get('item-1.xml')!.toString();
    expect(item).toContain('<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"');
    expect(item).toContain('<qti-item-body class="qu-hard">');
    expect(item).toContain(
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>',
    );
    expect(item).toContain(
      '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>',
    );
    expect(item).toContain('<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="ANALYSIS" show-hide="show">');
    expect(zip.get('item-2.xml')!.toString()).toContain(
      '<p>中国的首都是<qti-text-entry-interaction response-identifier="RESPONSE" label="____"/>。</p>',
    );
    expect(zip.get('item-2.xml')!.toString()).toContain('rptemplates/map_response.xml');
    // Several responses: each adds its points.
    expect(zip.get('item-3.xml')!.toString()).toContain('<qti-map-response identifier="RESPONSE_8"/>');
    const manifest = zip.get('imsmanifest.xml')!.toString();
    expect(manifest).toContain(
      '<item identifier="CHAPTER_1"><title>第一章</title>\n<item identifier="I_ITEM_1" identifierref="ITEM_1"/>\n</item>',
    );
    expect(manifest).toContain('<item identifier="CHAPTER_2"><title>第二/三章 &amp; &lt;附&gt;</title>');
  });

  it('notes what a question loses', async () => {
    const qs = [
      fullQu({ id: 'short', quType: QuType.SHORT, content: '简述', refAnswer: '答', keywords: '安全' }),
      fullQu({
        id: 'judge',
        quType: QuType.JUDGE,
        content: '对吗',
        options: [{ content: '对', isRight: true }, { content: '错' }],
      }),
      fullQu({
        id: 'single',
        quType: QuType.SINGLE,
        content: '选',
        options: [{ content: '正确', isRight: true }, { content: '错误' }],
      }),
      fullQu({
        id: 'fill',
        quType: QuType.FILL,
        content: '<p>没有空</p>',
        options: [{ answer: 'a' }, { answer: 'b' }],
      }),
    ];
    const out = writeQtiPackage(qs, chapterOf);
    expect(out.notes).toEqual([
      { id: 'short', reason: '关键词未导出' },
      { id: 'judge', reason: '判断题的选项写成“正确/错误”' },
      { id: 'single', reason: '选项为“正确/错误”的单选题导入后为判断题' },
      { id: 'fill', reason: '题干中的空（____）少于答案数，其余的空写在题干末尾' },
    ]);
    const { items } = await readQtiPackage(out.data);
    expect(items.map((i) => [i.qu?.quType, i.error])).toEqual([
      [QuType.SHORT, undefined],
      [QuType.JUDGE, undefined],
      [QuType.JUDGE, undefined],
      [QuType.FILL, undefined],
    ]);
    expect(items[1].qu?.answerList?.map((o) => o.content)).toEqual(['正确', '错误']);
    expect(items[3].qu).toMatchObject({
      content: '<p>没有空</p><p>＿＿＿＿ ＿＿＿＿</p>',
      answerList: [{ answer: 'a' }, { answer: 'b' }],
    });
  });
});
