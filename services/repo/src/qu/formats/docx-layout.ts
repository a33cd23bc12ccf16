import { QU_TYPE_TITLES, QuType, abcOf } from '@exam/contracts';

/*
 * The Word layout that `docx-read.ts` reads and `docx-write.ts` writes (docs/question-formats.md): what a line of
 * the document means, decided from its text alone, so the writer can check that what it prints reads back.
 */

/** Type names a heading, 题型： or 子题型： may use, longer ones first; 选择 leaves single or multiple to the answer. */
const TYPE_NAMES: [string, number | undefined][] = [
  ['单选评分', QuType.SCORE_SINGLE],
  ['多选评分', QuType.SCORE_MULTI],
  ['单项选择', QuType.SINGLE],
  ['多项选择', QuType.MULTIPLE],
  ['不定项选择', QuType.MULTIPLE],
  ['单选', QuType.SINGLE],
  ['多选', QuType.MULTIPLE],
  ['选择', undefined],
  ['判断', QuType.JUDGE],
  ['填空', QuType.FILL],
  ['简答', QuType.SHORT],
  ['问答', QuType.SHORT],
  ['论述', QuType.SHORT],
  ['连线', QuType.MATCH],
  ['匹配', QuType.MATCH],
  ['量表', QuType.SCALE],
  ['组合', QuType.COMPOSITE],
];
const TYPES = new Map(TYPE_NAMES);
const NAMES = TYPE_NAMES.map(([n]) => n).join('|');
/** A type as 题型：/子题型： name it (单选, 单选题); `null` for a name that is none. */
export const typeOfName = (s: string): number | undefined | null => {
  const name = s.trim().replace(/题$/, '');
  return TYPES.has(name) ? TYPES.get(name) : null;
};
/** The heading the writer prints: 单选题, 多选评分题 … */
export const typeHeading = (quType: number) => `${QU_TYPE_TITLES[quType]}题`;

/** 一、单选题 · 第二部分 多项选择题（每题2分）· 3. 判断题： · 填空题 — the number and the remark are optional. */
const TYPE_HEADING = new RegExp(
  `^(?:第?[一二三四五六七八九十]+(?:部分|大题)?|[0-9０-９]+)?\\s*[、.．:：]?\\s*(${NAMES})题?\\s*(?:[（(][^）)]*[)）])?\\s*[:：。]?$`,
);
/** The type a heading names (`undefined`: 选择, the answers tell), or `null` when the text is no type heading. */
export function headingType(text: string): number | undefined | null {
  const m = TYPE_HEADING.exec(text.trim());
  return m ? TYPES.get(m[1]) : null;
}
/** Section numbers the writer prints before its headings: 一 … 九十九. */
const DIGITS = '零一二三四五六七八九';
export function chineseNumber(n: number): string {
  if (n < 10) return DIGITS[n];
  if (n >= 100) return String(n);
  const tens = Math.floor(n / 10);
  return `${tens > 1 ? DIGITS[tens] : ''}十${n % 10 ? DIGITS[n % 10] : ''}`;
}

/** A question's number: 1. 1、 1． (a decimal like 3.14 is no number); a composite's child: (1) （1）. */
export const STEM = /^\s*[0-9０-９]{1,5}\s*[.．、](?![0-9０-９])\s*/;
export const PAREN_STEM = /^\s*[（(]\s*[0-9０-９]{1,3}\s*[)）]\s*/;

/** The lines that name a field: `答案：…`, `【答案】…`; 分值 is read to be dropped (scores are set per exam). */
export type Field = 'answer' | 'analysis' | 'level' | 'keywords' | 'type' | 'chapter' | 'score';
const FIELD_NAMES: Record<string, Field> = {
  答案: 'answer',
  参考答案: 'answer',
  正确答案: 'answer',
  标准答案: 'answer',
  解析: 'analysis',
  答案解析: 'analysis',
  试题解析: 'analysis',
  难度: 'level',
  关键词: 'keywords',
  关键字: 'keywords',
  题型: 'type',
  子题型: 'type',
  章节: 'chapter',
  分值: 'score',
  分数: 'score',
};
const FIELD_NAME = Object.keys(FIELD_NAMES)
  .sort((a, b) => b.length - a.length)
  .join('|');
const FIELD = new RegExp(`^\\s*(?:【\\s*(${FIELD_NAME})\\s*】\\s*[:：]?|(${FIELD_NAME})\\s*[:：])\\s*`);
/** The field a line starts with and where its value begins. */
export function fieldOf(text: string): { field: Field; at: number } | undefined {
  const m = FIELD.exec(text);
  return m ? { field: FIELD_NAMES[m[1] ?? m[2]], at: m[0].length } : undefined;
}

/**
 * Option markers of letter `i`: A. A、 A． A) A） (A) （A）, full-width letters too; at the start of the line or
 * after a space (options typed inline: `A. 北京  B. 上海`).
 */
const MARKERS = Array.from({ length: 26 }, (_, i) => {
  const l = `[${abcOf(i)}${String.fromCharCode(0xff21 + i)}]`;
  return new RegExp(`(?<=^|\\s)(?:${l}\\s*[.．、)）]|[（(]${l}[)）])\\s*`, 'g');
});
/**
 * The options of a line that starts with the marker of letter `first`: where each marker begins (`at`) and its
 * text (`start`). Later options count only in order (B after A …): a lone `I.` in a stem is no option.
 */
export function optionSpans(text: string, first: number): { at: number; start: number }[] {
  const spans: { at: number; start: number }[] = [];
  const lead = text.search(/\S/);
  for (let i = first, from = Math.max(lead, 0); i < 26; i++) {
    const re = MARKERS[i];
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m || (i === first && m.index !== lead)) break;
    spans.push({ at: m.index, start: m.index + m[0].length });
    from = m.index + m[0].length;
  }
  return spans;
}

/** Answer letters: AC, A,C, A、C, a c; each must name one of `count` options. */
export function lettersOf(answer: string, count: number): number[] | string {
  const letters = answer
    .replace(/[Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toUpperCase()
    .replace(/[\s,，、;；和]/g, '');
  const wrong = [...letters].find((c) => c < 'A' || c > abcOf(count - 1));
  if (!letters || wrong) return `答案“${wrong ?? answer}”不是本题的选项（应为${abcOf(0)}~${abcOf(count - 1)}中的字母）`;
  return [...new Set([...letters].map((c) => c.charCodeAt(0) - 65))];
}

const TRUE_WORDS = ['正确', '对', '是', '√', '✓', '✔', 'T', 'TRUE', 'Y', 'YES'];
const FALSE_WORDS = ['错误', '错', '否', '×', '✗', '✘', 'X', 'F', 'FALSE', 'N', 'NO'];
/** A judge answer: 正确/错误, 对/错, √/×, T/F …; `undefined` when it is none. */
export function judgeOf(answer: string): boolean | undefined {
  const w = answer
    .trim()
    .replace(/[。.]$/, '')
    .toUpperCase();
  return TRUE_WORDS.includes(w) ? true : FALSE_WORDS.includes(w) ? false : undefined;
}

/** Blanks of a fill-in stem: （ ） ( ) ＿＿ __ (the reader writes underlined spaces as `__` before counting). */
export const countBlanks = (text: string) => text.match(/[（(][\s\u3000]*[)）]|[_＿]{2,}/g)?.length ?? 0;
/** A fill-in's answers: per blank separated by ；/; (by spaces when there are several blanks and no ；), alternatives by |. */
export function fillAnswers(answer: string, blanks: number): string[][] {
  const parts = /[;；]/.test(answer) ? answer.split(/[;；]/) : blanks > 1 ? answer.trim().split(/\s+/) : [answer];
  return parts
    .map((p) =>
      p
        .split(/[|｜]/)
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .filter((a) => a.length);
}
export const keywordsOf = (s: string) =>
  s
    .split(/[|｜;；、,，]/)
    .map((k) => k.trim())
    .filter(Boolean);

/** A matching option's two sides: split at the first →, else ->, else = (the writer uses →). */
export function pairSplit(text: string): { at: number; end: number } | undefined {
  for (const sep of ['→', '->', '=', '＝']) {
    const at = text.indexOf(sep);
    if (at >= 0) return { at, end: at + sep.length };
  }
  return undefined;
}
export const PAIR_SEP = ' → ';
/** A scale option's score at its end: 满意（5分）, 满意 (5分). */
export const SCORE = /[（(]\s*(\d+(?:\.\d+)?)\s*分\s*[)）]\s*$/;
export const scoreText = (score: number) => `（${score}分）`;

const HARD = /^(较难|难|困难|偏难|高|2)$/;
const EASY = /^(普通|简单|易|容易|较易|中等|一般|中|低|1)$/;
/** 难度：较难/难/困难 → 2; 普通/简单/易/中等 → 1; anything else → 1 with a note. */
export function levelOf(s: string | undefined, notes: string[]): 1 | 2 {
  const w = s?.trim() ?? '';
  if (HARD.test(w)) return 2;
  if (w && !EASY.test(w)) notes.push(`难度“${w}”未识别，按普通导入`);
  return 1;
}

/** Marks of a Word run as HTML keeps them, in the order they nest (bit i = MARKS[i]). */
export const MARKS = ['strong', 'em', 'u', 's', 'sub', 'sup'] as const;
export const markBit = (tag: string) => {
  const i = MARKS.indexOf(tag as (typeof MARKS)[number]);
  return i < 0 ? 0 : 1 << i;
};

/** The alt text that marks a picture as its option's `image` (not a picture inside the option's text). */
export const OPTION_IMAGE_ALT = '选项图片';

/**
 * What a paragraph the writer prints inside a field would be read as instead, if anything: `option` is the letter
 * an option line would take there (none once the answer is given), `paren` whether （1） starts a question there.
 */
export function misreading(text: string, at: { option?: number; paren?: boolean }): string | undefined {
  if (headingType(text) !== null) return '题型标题';
  if (STEM.test(text)) return '新的一题';
  if (fieldOf(text)) return '答案、解析等字段';
  if (at.paren && PAREN_STEM.test(text)) return '新的一题或子题';
  if (at.option !== undefined && optionSpans(text, at.option).length) return '选项';
  return undefined;
}
