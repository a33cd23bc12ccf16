import { CHOICE_TYPES, QU_TYPE_TITLES, type QuOptionEdit, QuType, SCALE_TYPES, abcOf } from '@exam/contracts';
import type { FullQu } from '@exam/server-kit';

/** Columns of the question sheet, in order (import reads them by position after checking the header). */
export const OPTION_COLS = 26;
export const COLUMNS = [
  '题目编号',
  '父题编号',
  '题型',
  '难度',
  '章节',
  '试题内容',
  '正确答案',
  '参考答案',
  '关键词',
  '解析',
  ...Array.from({ length: OPTION_COLS }, (_, i) => `选项${abcOf(i)}`),
] as const;
export const PAIR_SEP = '==';
/** A choice or scale option's picture rides at the end of its cell: `北京 [图片:/api/common/file/get/…]`. */
const IMAGE_MARK = /\s*\[图片:([^\s\]]+)\]$/;
const withImage = (o: { content: string; image: string }) =>
  o.image ? [o.content, `[图片:${o.image}]`].filter(Boolean).join(' ') : o.content;
const splitImage = (cell: string) => {
  const m = IMAGE_MARK.exec(cell);
  return m ? { content: cell.slice(0, m.index), image: m[1] } : { content: cell };
};
/** Types whose right answer is written as option letters (scale types write each option's score). */
const LETTERED = CHOICE_TYPES.filter((t) => !SCALE_TYPES.includes(t));

export type SheetRow = string[];
/** A question parsed from one row; children of a composite point at their parent by number. */
export type RowDraft = {
  row: number;
  no: string;
  parentNo: string;
  quType: number;
  level: number;
  chapter: string;
  content: string;
  refAnswer: string;
  keywords: string;
  analysis: string;
  answerList: QuOptionEdit[];
  error?: string;
};

const typeByTitle = new Map(Object.entries(QU_TYPE_TITLES).map(([k, v]) => [v, Number(k)]));

/** One stored question as a row (composite children get their own rows after the parent). */
export function rowsOf(q: FullQu, no: string, parentNo: string, chapter: string): SheetRow[] {
  const o = q.options;
  const right = LETTERED.includes(q.quType)
    ? o.map((x, i) => (x.isRight ? abcOf(i) : '')).join('')
    : SCALE_TYPES.includes(q.quType)
      ? o.map((x) => String(x.score)).join(';')
      : '';
  const cells =
    q.quType === QuType.FILL
      ? o.map((x) => x.answer)
      : q.quType === QuType.MATCH
        ? o.map((x) => `${x.content}${PAIR_SEP}${x.answer}`)
        : o.map(withImage);
  const row = [
    no,
    parentNo,
    QU_TYPE_TITLES[q.quType],
    q.level === 2 ? '较难' : '普通',
    chapter,
    q.content,
    right,
    q.refAnswer,
    q.keywords,
    q.analysis,
    ...cells,
  ];
  return [row, ...q.subs.map((s, i) => rowsOf(s, `${no}-${i + 1}`, no, '')[0])];
}

/** Reads one row into a draft; `error` names what is wrong with the row's shape (type rules come later). */
export function draftOf(cells: string[], row: number): RowDraft {
  const [no, parentNo, typeText, levelText, chapter, content, right, refAnswer, keywords, analysis] = cells;
  const opts = cells.slice(10).filter((c, i, all) => c !== '' || all.slice(i).some((x) => x !== ''));
  const quType = typeByTitle.get(typeText) ?? (QU_TYPE_TITLES[Number(typeText)] ? Number(typeText) : 0);
  const d: RowDraft = {
    row,
    no,
    parentNo,
    quType,
    level: levelText === '较难' || levelText === '2' ? 2 : 1,
    chapter,
    content,
    refAnswer,
    keywords,
    analysis,
    answerList: [],
  };
  if (!quType) return { ...d, error: `题型“${typeText}”不正确` };
  if (!no) return { ...d, error: '题目编号不能为空' };
  if (LETTERED.includes(quType)) {
    const letters = right.toUpperCase().replace(/[^A-Z]/g, '');
    d.answerList = opts.map((c, i) => ({ ...splitImage(c), isRight: letters.includes(abcOf(i)) }));
  } else if (SCALE_TYPES.includes(quType)) {
    const scores = right.split(/[;；]/).map((s) => s.trim());
    if (scores.length !== opts.length || scores.some((s) => s === '' || !Number.isFinite(Number(s))))
      return { ...d, error: '正确答案列应为每个选项的分值，用;分隔' };
    d.answerList = opts.map((c, i) => ({ ...splitImage(c), score: Number(scores[i]) }));
  } else if (quType === QuType.FILL) {
    d.answerList = opts.map((answer) => ({ answer }));
  } else if (quType === QuType.MATCH) {
    if (opts.some((c) => !c.includes(PAIR_SEP))) return { ...d, error: `连线选项应写成“左项${PAIR_SEP}右项”` };
    d.answerList = opts.map((c) => ({
      content: c.slice(0, c.indexOf(PAIR_SEP)).trim(),
      answer: c.slice(c.indexOf(PAIR_SEP) + PAIR_SEP.length).trim(),
    }));
  }
  return d;
}

/** Example rows of every type for the template (composite children included). */
export const TEMPLATE_ROWS: SheetRow[] = [
  [
    '1',
    '',
    '单选',
    '普通',
    '第一章',
    '<p>我国的首都是？</p>',
    'A',
    '',
    '',
    '<p>北京是首都。</p>',
    '北京',
    '上海',
    '广州',
    '深圳',
  ],
  ['2', '', '多选', '普通', '', '多选题示例：下列属于水果的有？', 'AB', '', '', '', '苹果', '香蕉', '白菜'],
  ['3', '', '判断', '普通', '', '地球是圆的。', 'A', '', '', '', '正确', '错误'],
  ['4', '', '简答', '较难', '', '简述安全生产方针。', '', '安全第一、预防为主、综合治理', '安全第一||预防为主', ''],
  ['5', '', '填空', '普通', '', '中国的首都是____，最大的城市是____。', '', '', '', '', '北京||Beijing', '上海'],
  ['6', '', '连线', '普通', '', '将水果与颜色连线。', '', '', '', '', `苹果${PAIR_SEP}红色`, `香蕉${PAIR_SEP}黄色`],
  ['7', '', '量表', '普通', '', '您对课程的满意度？', '5;3;1', '', '', '', '满意', '一般', '不满意'],
  ['8', '', '单选评分', '普通', '', '您每周学习几次？', '0;2;4', '', '', '', '0次', '1-2次', '3次以上'],
  ['9', '', '多选评分', '普通', '', '您掌握的技能有？', '3;2', '', '', '', '急救', '灭火'],
  ['10', '', '组合', '普通', '', '阅读材料后回答下列问题。', '', '', '', ''],
  ['10-1', '10', '单选', '普通', '', '子题：1+1=？', 'B', '', '', '', '1', '2'],
  ['10-2', '10', '简答', '普通', '', '子题：说明理由。', '', '参考答案', '', ''],
];
