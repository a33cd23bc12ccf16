import { QuType, abcOf } from '@exam/contracts';
import { type WordQu, writeDocx } from './docx-write';
import { JUDGE_TEXTS } from './import-item';

/* The example the import dialog offers (Word 示例): written by the writer, so it always reads back. */

type Option = WordQu['options'][number];
const q = (
  x: Partial<Omit<WordQu, 'options'>> & Pick<WordQu, 'quType' | 'content'> & { options?: Partial<Option>[] },
): WordQu => ({
  id: '',
  chapterId: '',
  level: 1,
  analysis: '',
  refAnswer: '',
  keywords: '',
  subs: [],
  ...x,
  options: (x.options ?? []).map((o) => ({ content: '', isRight: false, score: 0, answer: '', image: '', ...o })),
});
const opts = (texts: string[], rights = '', scores: number[] = []): Partial<Option>[] =>
  texts.map((content, i) => ({ content, isRight: rights.includes(abcOf(i)), score: scores[i] ?? 0 }));

/** The example offered in the import dialog: one question of every type, after a few lines on the layout. */
export async function exampleDocx(): Promise<Buffer> {
  const intro = [
    '试题导入示例：按本文件的格式录入试题，保存为 .docx 后即可导入题库。',
    '题型标题（如“一、单选题”）决定其下各题的题型，没有标题时按答案推断；每道题以题号开头，题干可以写多段。',
    '选项以 A. B. 开头，可各占一行，也可写在同一行（用空格隔开）；其后写“答案：”“解析：”“难度：”（较难或普通）。',
    '填空题的空写成（ ）或 ____，每空的答案用；隔开，同一空的多个答案用 | 隔开；简答题可写“关键词：”。',
    '连线题的选项写成“左项 → 右项”；量表和评分题在选项后写分值，如“满意（5分）”；组合题先写材料，子题用（1）（2）编号。',
    '图片和表格可以直接放在题干、选项或解析中。本说明在第一道题之前，导入时会跳过。',
  ];
  const questions = [
    q({
      quType: QuType.SINGLE,
      content: '<p>我国的首都是（ ）。</p>',
      analysis: '<p>北京是我国的首都。</p>',
      options: opts(['北京', '上海', '广州', '深圳'], 'A'),
    }),
    q({
      quType: QuType.MULTIPLE,
      content: '<p>下列属于水果的有（ ）。</p>',
      options: opts(['苹果', '香蕉', '白菜', '梨'], 'ABD'),
    }),
    q({ quType: QuType.JUDGE, content: '<p>地球是圆的。</p>', options: opts([...JUDGE_TEXTS], 'A') }),
    q({
      quType: QuType.FILL,
      content: '<p>中国的首都是____，最大的城市是____。</p>',
      options: [{ answer: '北京||Beijing' }, { answer: '上海' }],
    }),
    q({
      quType: QuType.SHORT,
      level: 2,
      content: '<p>简述安全生产方针。</p>',
      refAnswer: '<p>安全第一、预防为主、综合治理。</p>',
      keywords: '安全第一||预防为主||综合治理',
    }),
    q({
      quType: QuType.MATCH,
      content: '<p>将水果与颜色连线。</p>',
      options: [
        { content: '苹果', answer: '红色' },
        { content: '香蕉', answer: '黄色' },
      ],
    }),
    q({
      quType: QuType.SCALE,
      content: '<p>您对本课程的满意度？</p>',
      options: opts(['满意', '一般', '不满意'], '', [5, 3, 1]),
    }),
    q({
      quType: QuType.SCORE_SINGLE,
      content: '<p>您每周学习几次？</p>',
      options: opts(['0次', '1-2次', '3次以上'], '', [0, 2, 4]),
    }),
    q({
      quType: QuType.SCORE_MULTI,
      content: '<p>您掌握的技能有？</p>',
      options: opts(['急救', '灭火', '驾驶'], '', [3, 2, 1]),
    }),
    q({
      quType: QuType.COMPOSITE,
      content: '<p>阅读下面的材料，回答问题。</p><p>某工厂在一次安全检查中发现灭火器过期。</p>',
      subs: [
        q({ quType: QuType.SINGLE, content: '<p>应当怎么做？</p>', options: opts(['立即更换', '继续使用'], 'A') }),
        q({ quType: QuType.SHORT, content: '<p>说明理由。</p>', refAnswer: '<p>过期灭火器可能失效。</p>' }),
      ],
    }),
  ];
  return (await writeDocx(questions, undefined, undefined, intro)).data;
}
