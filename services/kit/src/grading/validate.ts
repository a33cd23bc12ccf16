import { CHOICE_TYPES, QU_TYPES, QuType, SCALE_TYPES } from './types';
import { splitAlternatives } from './grade';

export type QuDraftOption = { content?: string; isRight?: boolean; score?: number; answer?: string; image?: string };
export type QuDraft = {
  quType: number;
  content: string;
  refAnswer?: string;
  answerList?: QuDraftOption[];
  subList?: QuDraft[];
};

/** Rich content counts as given when it has text or media. */
const hasContent = (html: string | undefined, plain: (s: string) => string) =>
  !!html && (plain(html) !== '' || /<(img|video|audio)\b/i.test(html));

/**
 * Checks a question by its type before it is stored (admin editor and import share it).
 * Returns the first problem in Chinese, or null. `plain` turns rich text into text.
 */
export function validateQuestion(d: QuDraft, plain: (html: string) => string, child = false): string | null {
  if (!(QU_TYPES as readonly number[]).includes(d.quType)) return '试题类型不正确！';
  if (!hasContent(d.content, plain)) return '试题内容不能为空！';
  const opts = d.answerList ?? [];
  if (opts.length > 26) return '选项最多26个！';
  const t = d.quType;
  // Children of another type would be stored but never shown, graded or exported.
  if (t !== QuType.COMPOSITE && d.subList?.length) return '只有组合题可以包含子题！';
  if (CHOICE_TYPES.includes(t)) {
    if (t === QuType.JUDGE ? opts.length !== 2 : opts.length < 2)
      return t === QuType.JUDGE ? '判断题必须有两个选项！' : '至少需要两个选项！';
    // A picture alone is an option too ("which sign means …").
    if (opts.some((o) => !hasContent(o.content, plain) && !o.image)) return '选项内容不能为空！';
  }
  const rights = opts.filter((o) => o.isRight).length;
  if ((t === QuType.SINGLE || t === QuType.JUDGE) && rights !== 1)
    return t === QuType.SINGLE ? '单选题必须有且只有一个正确答案！' : '判断题必须有且只有一个正确答案！';
  if (t === QuType.MULTIPLE && rights < 1) return '多选题至少要有一个正确答案！';
  if (
    SCALE_TYPES.includes(t) &&
    opts.some((o) => typeof o.score !== 'number' || !Number.isFinite(o.score) || o.score < 0)
  )
    return '选项分值必须是不小于0的数字！';
  if (t === QuType.SHORT && !hasContent(d.refAnswer, plain)) return '简答题参考答案不能为空！';
  if (t === QuType.FILL) {
    if (opts.length < 1) return '填空题至少需要一个空！';
    if (opts.some((o) => splitAlternatives(o.answer ?? '').length === 0)) return '填空题每个空至少需要一个答案！';
  }
  if (t === QuType.MATCH) {
    if (opts.length < 2) return '连线题至少需要两组！';
    if (opts.some((o) => !(o.content ?? '').trim() || !(o.answer ?? '').trim()))
      return '连线题每组左右两项都不能为空！';
  }
  if (t === QuType.COMPOSITE) {
    if (child) return '组合题的子题不能是组合题！';
    const subs = d.subList ?? [];
    if (subs.length < 1) return '组合题至少需要一道子题！';
    for (const [i, s] of subs.entries()) {
      const err = validateQuestion(s, plain, true);
      if (err) return `第${i + 1}道子题：${err}`;
    }
  }
  return null;
}
