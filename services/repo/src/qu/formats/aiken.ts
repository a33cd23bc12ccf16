import { QuType } from '@exam/contracts';
import {
  type ImportItem,
  type ImportResult,
  MAX_IMPORT_ITEMS,
  assertImportSize,
  checkedItem,
  failedItem,
  textToHtml,
  textToInline,
  tooManyItems,
} from './import-item';

/** `A. text`, `A) text`; Chinese punctuation (`A．` `A、` `A）`) as teachers type it. */
const OPTION = /^([A-Z])\s*[.)．、）]\s*(.*)$/;
const ANSWER = /^ANSWER\s*[:：]\s*(.*)$/i;

type Pending = { line: number; stem: string[]; options: { letter: string; text: string }[] };

/**
 * Aiken: single-choice questions, each a stem (one or more lines), options `A.`…, and `ANSWER: X`. Blank lines
 * are ignored. A question without its answer line, or whose answer names no option, is reported, not imported.
 */
export function parseAiken(text: string): ImportResult {
  assertImportSize(text.length);
  const items: ImportItem[] = [];
  let q: Pending | undefined;
  const push = (item: ImportItem) => {
    if (items.length >= MAX_IMPORT_ITEMS) throw tooManyItems();
    items.push(item);
  };
  const unanswered = (p: Pending) => push(failedItem(`第${p.line}行`, '', '缺少答案行（ANSWER: 选项字母）'));

  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const answer = ANSWER.exec(line);
    const option = OPTION.exec(line);
    if (!q) {
      if (answer) push(failedItem(`第${i + 1}行`, '', '答案行前没有试题'));
      else q = { line: i + 1, stem: [line], options: [] };
    } else if (answer) {
      push(answerItem(q, answer[1].trim()));
      q = undefined;
    } else if (option) q.options.push({ letter: option[1], text: option[2] });
    else if (q.options.length) {
      // A new stem after options: the question before it never got its answer line.
      unanswered(q);
      q = { line: i + 1, stem: [line], options: [] };
    } else q.stem.push(line);
  }
  if (q) unanswered(q);
  return { items, images: [] };
}

function answerItem(q: Pending, answer: string): ImportItem {
  const ref = `第${q.line}行`;
  if (!q.options.length) return failedItem(ref, '', '没有选项（A. 选项内容）');
  const letter = answer.toUpperCase();
  if (!q.options.some((o) => o.letter === letter))
    return failedItem(
      ref,
      '',
      `答案“${answer}”不是本题的选项字母（应为${q.options.map((o) => o.letter).join('、')}之一）`,
    );
  return checkedItem(ref, '', {
    quType: QuType.SINGLE,
    level: 1,
    content: textToHtml(q.stem.join('\n')),
    answerList: q.options.map((o) => ({ content: textToInline(o.text), isRight: o.letter === letter })),
  });
}
