import { FILE_GET_PREFIX, QuType } from '@exam/contracts';
import type { FullQu } from '@exam/server-kit';
import type { QuDraftReq } from '../qu/formats/import-item';

type Option = FullQu['options'][number];
let seq = 0;

/** A stored question as `loadQuestions` gives it, from the fields a test cares about. */
export function fullQu(
  q: Partial<Omit<FullQu, 'options' | 'subs'>> & { quType: number; options?: Partial<Option>[]; subs?: FullQu[] },
): FullQu {
  const id = q.id ?? `q${++seq}`;
  const now = new Date(0);
  return {
    id,
    repoId: 'r1',
    parentId: '',
    chapterId: '',
    level: 1,
    content: '',
    contentText: '',
    analysis: '',
    refAnswer: '',
    keywords: '',
    sort: 0,
    createBy: '',
    createTime: now,
    updateTime: now,
    ...q,
    options: (q.options ?? []).map((o, i) => ({
      id: `${id}-o${i}`,
      quId: id,
      sort: i,
      content: '',
      isRight: false,
      score: 0,
      answer: '',
      image: '',
      ...o,
    })),
    subs: q.subs ?? [],
  };
}

type Canon = {
  quType: number;
  level: number;
  content: string;
  analysis: string;
  refAnswer: string;
  answerList: { content: string; isRight: boolean; score: number; answer: string; image: string }[];
  subList: Canon[];
};
/** What a round trip must keep of a question, the same for a stored question and an imported draft. */
export function canon(q: FullQu | QuDraftReq): Canon {
  const opts = 'options' in q ? q.options : (q.answerList ?? []);
  const subs: (FullQu | QuDraftReq)[] = 'subs' in q ? q.subs : (q.subList ?? []);
  return {
    quType: q.quType,
    level: q.level ?? 1,
    content: q.content,
    analysis: q.analysis ?? '',
    refAnswer: q.refAnswer ?? '',
    answerList: opts.map((o) => ({
      content: o.content ?? '',
      isRight: !!o.isRight,
      score: o.score ?? 0,
      answer: o.answer ?? '',
      image: o.image ?? '',
    })),
    subList: subs.map(canon),
  };
}

export const IMG_A = `${FILE_GET_PREFIX}2026/a.png`;
export const IMG_B = `${FILE_GET_PREFIX}2026/b.png`;

/** One question of every type a text format can carry, with rich text, escapes, images and both levels. */
export const textFormatSamples = (): FullQu[] => [
  fullQu({
    quType: QuType.SINGLE,
    chapterId: 'c1',
    level: 2,
    content: '<p>我国的首都是？<img src="' + IMG_A + '"></p>',
    analysis: '<p>北京是首都：{见课本 #3}</p>',
    options: [
      { content: '北京', isRight: true },
      { content: '上海 ~ 浦东' },
      { content: '=广州', image: IMG_B },
      { content: '<b>深圳</b>' },
    ],
  }),
  fullQu({
    quType: QuType.MULTIPLE,
    chapterId: 'c1',
    content: '<p>下列属于水果的有？</p>',
    options: [
      { content: '苹果', isRight: true },
      { content: '香蕉', isRight: true },
      { content: '白菜' },
      { content: '梨', isRight: true },
    ],
  }),
  fullQu({
    quType: QuType.JUDGE,
    chapterId: 'c2',
    content: '<p>地球是圆的。</p>',
    analysis: '<p>是的</p>',
    options: [{ content: '正确' }, { content: '错误', isRight: true }],
  }),
  fullQu({
    quType: QuType.FILL,
    chapterId: 'c2',
    content: '<p>中国的首都是____。</p>',
    options: [{ answer: '北京||Beijing||a=b:c' }],
  }),
  fullQu({
    quType: QuType.MATCH,
    content: '<p>将水果与颜色连线。</p>',
    level: 2,
    options: [
      { content: '苹果', answer: '红色' },
      { content: '香蕉', answer: '黄色 {亮}' },
    ],
  }),
  fullQu({
    quType: QuType.SHORT,
    content: '<p>简述安全生产方针。</p>\n<p>第二段</p>',
    refAnswer: '<p>安全第一、预防为主、综合治理</p>',
  }),
];
