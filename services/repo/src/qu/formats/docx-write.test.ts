import { QU_TYPES, QuType } from '@exam/contracts';
import type { FullQu } from '@exam/server-kit';
import { describe, expect, it } from '@rstest/core';
import { readDocx } from './docx-read';
import { exampleDocx } from './docx-example';
import { writeDocx } from './docx-write';
import { type ImportImage, type QuDraftReq, replaceImageRefs } from './import-item';
import { IMG_A, IMG_B, canon, fullQu, textFormatSamples } from '../../testing/questions';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const FILES: Record<string, Buffer> = { [IMG_A]: PNG, [IMG_B]: GIF };
const imageData = (url: string) => (FILES[url] ? { name: url, mime: 'image/png', data: FILES[url] } : undefined);
/** Stored again under their old addresses, the pictures of an import are the ones written. */
const stored = (qu: QuDraftReq, images: ImportImage[]) =>
  replaceImageRefs(qu, (n) => Object.keys(FILES).find((u) => FILES[u].equals(images[n].data))!);

const chapters: Record<string, string> = { c1: '第一章', c2: '第二章' };
const chapterOf = (id: string) => chapters[id] ?? '';
const keywordsOf = (q: FullQu | QuDraftReq): string[] => [
  q.keywords ?? '',
  ...('subs' in q ? q.subs : (q.subList ?? [])).map((s) => s.keywords ?? ''),
];

/** Rich text as Word gives it back: bold as <strong>, nothing between paragraphs. */
const wordForm = (html: string) => html.replace(/<(\/?)b>/g, '<$1strong>').replace(/<\/p>\s+<p>/g, '</p><p>');
const inWordForm = (q: FullQu): FullQu => ({
  ...q,
  content: wordForm(q.content),
  analysis: wordForm(q.analysis),
  refAnswer: wordForm(q.refAnswer),
  options: q.options.map((o) => ({ ...o, content: wordForm(o.content) })),
  subs: q.subs.map(inWordForm),
});

/** What Word carries beyond the text formats: several blanks, scale scores, keywords, tables, formatting, children. */
const wordSamples = (): FullQu[] => [
  fullQu({
    quType: QuType.SINGLE,
    chapterId: 'c1',
    level: 2,
    content: `<p>看<strong>图</strong>：<img src="${IMG_A}" alt="a.png"></p><p>第二段<br><em>换行</em> &#60;b&#62; &#38;</p>`,
    analysis:
      '<p>解析</p><table><thead><tr><th><p>甲</p></th><th><p><strong>乙</strong></p></th></tr></thead><tbody><tr><td colspan="2"><p>丙</p><p>丁</p></td></tr></tbody></table>',
    options: [
      { content: '<strong>北</strong><em>京</em>', isRight: true },
      { content: '', image: IMG_B },
      { content: 'H<sub>2</sub>O', image: IMG_A },
      { content: '第一行<br>第二行' },
    ],
  }),
  fullQu({
    quType: QuType.JUDGE,
    content: '<p>这样做对吗？</p>',
    options: [{ content: '对' }, { content: '不对', isRight: true }],
  }),
  fullQu({
    quType: QuType.FILL,
    content: '<p>首都是（ ），最大城市是____，简称<u>    </u>。</p>',
    options: [{ answer: '北京||Beijing' }, { answer: 'New York' }, { answer: '京' }],
  }),
  fullQu({
    quType: QuType.SHORT,
    chapterId: 'c2',
    content: '<p>简述方针。</p>',
    refAnswer: '<p>安全第一。</p><p>预防为主。</p>',
    keywords: '安全第一||预防为主',
    analysis: '<p>见<s>第三</s>第二章。</p>',
  }),
  fullQu({
    quType: QuType.SCALE,
    content: '<p>满意度？</p>',
    options: [
      { content: '满意（很）', score: 5 },
      { content: '一般', score: 2.5 },
      { content: '', image: IMG_A, score: 0 },
    ],
  }),
  fullQu({
    quType: QuType.SCORE_SINGLE,
    content: '<p>每周学习几次？</p>',
    options: [
      { content: '0次', score: 0 },
      { content: '3次以上', score: 3.33 },
    ],
  }),
  fullQu({
    quType: QuType.SCORE_MULTI,
    content: '<p>掌握的技能？</p>',
    options: [
      { content: '急救', score: 3 },
      { content: '灭火', score: 2 },
    ],
  }),
  fullQu({
    quType: QuType.MATCH,
    content: '<p>请连线</p>',
    options: [
      { content: '1+1=2', answer: '对 -> 是' },
      { content: '<em>猫</em>', answer: '喵' },
    ],
  }),
  fullQu({
    quType: QuType.COMPOSITE,
    chapterId: 'c2',
    level: 2,
    content: '<p>阅读材料。</p><p>材料第二段。</p>',
    analysis: '<p>总解析</p>',
    subs: [
      fullQu({
        quType: QuType.SINGLE,
        level: 2,
        content: '<p>子题一</p>',
        analysis: '<p>子解析</p>',
        options: [{ content: 'a', isRight: true }, { content: 'b' }],
      }),
      fullQu({
        quType: QuType.MULTIPLE,
        content: '<p>子题二</p>',
        options: [{ content: 'a', isRight: true }, { content: 'b', isRight: true }, { content: 'c' }],
      }),
      fullQu({
        quType: QuType.JUDGE,
        content: '<p>子题三</p>',
        options: [{ content: '正确' }, { content: '错误', isRight: true }],
      }),
      fullQu({
        quType: QuType.FILL,
        content: '<p>子题四：____和____</p>',
        options: [{ answer: 'x' }, { answer: 'y||z' }],
      }),
      fullQu({ quType: QuType.SHORT, content: '<p>子题五</p>', refAnswer: '<p>答</p>', keywords: 'k' }),
      fullQu({
        quType: QuType.MATCH,
        content: '<p>子题六</p>',
        options: [
          { content: 'l1', answer: 'r1' },
          { content: 'l2', answer: 'r2' },
        ],
      }),
      fullQu({
        quType: QuType.SCALE,
        content: '<p>子题七</p>',
        options: [
          { content: '好', score: 2 },
          { content: '差', score: 0 },
        ],
      }),
    ],
  }),
];

describe('writeDocx', () => {
  it('round-trips every type: type, stem, options, answers, blanks, pairs, scores, analysis, level, keywords, chapter, pictures', async () => {
    const qs = [...textFormatSamples(), ...wordSamples()].map(inWordForm);
    expect(new Set(qs.map((q) => q.quType))).toEqual(new Set(QU_TYPES));
    const out = await writeDocx(qs, chapterOf, imageData);
    expect(out.skipped).toEqual([]);
    expect(out.notes).toEqual([]);
    const { items, images } = await readDocx(out.data);
    expect(images.map((i) => i.data)).toEqual([PNG, GIF]);
    expect(items.map((i) => i.error ?? i.note)).toEqual(qs.map(() => undefined));
    expect(items.map((i) => canon(stored(i.qu!, images)))).toEqual(qs.map(canon));
    expect(items.map((i) => keywordsOf(i.qu!))).toEqual(qs.map(keywordsOf));
    expect(items.map((i) => i.chapter)).toEqual(qs.map((q) => chapterOf(q.chapterId)));
  });

  it('writes pictures as their addresses without the image hook', async () => {
    const q = fullQu({ quType: QuType.SHORT, content: `<p>看图<img src="${IMG_A}"></p>`, refAnswer: '<p>答</p>' });
    const out = await writeDocx([q], chapterOf);
    expect(out.notes).toEqual([]);
    const { items, images } = await readDocx(out.data);
    expect(images).toEqual([]);
    expect(items[0].qu?.content).toBe(`<p>看图[图片:${IMG_A}]</p>`);
  });

  it('notes what Word cannot keep and what would read back otherwise', async () => {
    const qs = [
      fullQu({
        id: 'stem',
        quType: QuType.SINGLE,
        content: '<p>题干</p><p>A. 不是选项</p>',
        analysis: '<p>解析</p><p>2. 不是新题</p>',
        options: [{ content: 'Plan B. 备选', isRight: true }, { content: '乙' }],
      }),
      fullQu({
        id: 'fill',
        quType: QuType.FILL,
        content: '<p>只有一个空____</p>',
        options: [{ answer: 'a;b' }, { answer: 'c' }],
      }),
      fullQu({
        id: 'media',
        quType: QuType.SHORT,
        content: '<p><a href="https://x.cn">链接</a><video src="https://x.cn/v.mp4"></video><img src="/gone.png"></p>',
        refAnswer: '<p>答</p>',
      }),
      fullQu({ id: 'match', quType: QuType.MATCH, content: '<p>连</p>', options: [{ content: 'a→b', answer: 'c' }] }),
      fullQu({ id: 'heading', quType: QuType.SHORT, content: '<p>判断题</p>', refAnswer: '<p>答</p>' }),
    ];
    const out = await writeDocx(qs, chapterOf, imageData);
    expect(out.notes).toEqual([
      { id: 'stem', reason: '“A. 不是选项”会被读作选项，导入前请修改' },
      { id: 'stem', reason: '选项A中的“B.”会被读作下一个选项，导入前请修改' },
      { id: 'stem', reason: '“2. 不是新题”会被读作新的一题，导入前请修改' },
      { id: 'fill', reason: '题干中有1个空，答案有2个，导入时会报错' },
      { id: 'fill', reason: '填空答案含有 ; 或 |，导入时会被拆开' },
      { id: 'media', reason: '链接地址未导出' },
      { id: 'media', reason: '音视频写成了地址' },
      { id: 'media', reason: '图片未能嵌入，写成了地址：/gone.png' },
      { id: 'match', reason: '连线左项含有“→”，导入时会被拆开' },
      { id: 'heading', reason: '“5. 判断题”会被读作题型标题，导入前请修改' },
    ]);
    // As the notes say: “2. 不是新题” has become a question of its own, “5. 判断题” a heading.
    const { items } = await readDocx(out.data);
    expect(items.map((i) => i.ref.replace(/“.*/, ''))).toEqual(['第1题', '第2题', '第3题', '第4题', '第5题']);
    expect(items[3].qu?.content).toBe('<p>链接[音视频:https://x.cn/v.mp4][图片:/gone.png]</p>');
  });
});

describe('exampleDocx', () => {
  it('reads back with one question of every type and nothing to report', async () => {
    const { items, images } = await readDocx(await exampleDocx());
    expect(images).toEqual([]);
    expect(items.map((i) => i.error ?? i.note)).toEqual(items.map(() => undefined));
    expect(items.map((i) => i.qu?.quType).sort((a, b) => a! - b!)).toEqual([...QU_TYPES]);
    expect(items.at(-1)?.qu?.subList?.map((s) => s.quType)).toEqual([QuType.SINGLE, QuType.SHORT]);
  });
});
