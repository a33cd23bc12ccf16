import { QuType, SCALE_TYPES } from '@exam/contracts';
import { type FullQu, splitAlternatives } from '@exam/server-kit';
import {
  type ExportNote,
  type ExportResult,
  HARD_TAG,
  type ImportItem,
  type ImportResult,
  MAX_IMPORT_ITEMS,
  type QuDraftReq,
  assertImportSize,
  categoryOf,
  chapterOfCategory,
  LOST,
  checkedItem,
  descriptionItem,
  failedItem,
  isNumber,
  isJudgeLike,
  joinAlternatives,
  judgeOptions,
  levelOfTags,
  rightsOf,
  shareOf,
  splitOptionImage,
  textToHtml,
  textToInline,
  titleOf,
  tooManyItems,
  withOptionImage,
} from './import-item';

/*
 * GIFT (Moodle's text format), read as Moodle's own importer reads it: questions are separated by blank lines,
 * `//` lines are comments (`[tag:…]` in them are tags), `$CATEGORY:` switches the category, `::title::`, a
 * `[format]` before the text, and the answers in one `{…}`.
 */

/** GIFT's escapes, hidden as private-use characters while the syntax is read, then given back. */
const SPECIAL = '\\~=#{}:';
const hideEscapes = (s: string) =>
  s.replace(/\\([\\~=#{}:n])/g, (_, c: string) =>
    c === 'n' ? '\n' : String.fromCharCode(0xe000 + SPECIAL.indexOf(c)),
  );
const unhide = (s: string) => s.replace(/[\ue000-\ue006]/g, (c) => SPECIAL[c.charCodeAt(0) - 0xe000]);
const escapeGift = (s: string) =>
  s
    .replace(/[\\~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r/g, '')
    .replace(/\n/g, '\\n');

type Format = 'html' | 'moodle' | 'plain' | 'markdown';
/** A leading `[html]`, `[moodle]`, `[plain]` or `[markdown]`; otherwise the default (Moodle's: its own format). */
function withFormat(s: string, byDefault: Format): { format: Format; text: string } {
  const m = /^\[(html|moodle|plain|markdown)\]/.exec(s);
  return m ? { format: m[1] as Format, text: s.slice(m[0].length) } : { format: byDefault, text: s };
}
/** Only HTML stays markup; Moodle's own format, markdown and plain text are shown as written. */
const richOf = (s: string, byDefault: Format) => {
  const { format, text } = withFormat(s.trim(), byDefault);
  return format === 'html' ? unhide(text).trim() : textToHtml(unhide(text));
};
const optionOf = (s: string, byDefault: Format) => {
  const { format, text } = withFormat(s.trim(), byDefault);
  return format === 'html' ? splitOptionImage(unhide(text).trim()) : { content: textToInline(unhide(text)) };
};

const WEIGHT = /^%(-?\d+(?:\.\d*)?)%/;
/** An answer's weight (`%50%`, `=` full marks, else `byDefault`) and its text without feedback (`#…`). */
function weighed(a: string, byDefault: number) {
  let text = a.trim();
  let weight = byDefault;
  const w = WEIGHT.exec(text);
  if (text.startsWith('=')) {
    weight = 100;
    text = text.slice(1);
  } else if (w) {
    weight = Number(w[1]);
    text = text.slice(w[0].length);
  }
  const hash = text.indexOf('#');
  return { weight, text: hash < 0 ? text : text.slice(0, hash), feedback: hash >= 0 };
}
/** Moodle splits answers at a marker and drops an empty first piece only. */
const answersOf = (s: string, marker: '~' | '=') =>
  s
    .split(marker)
    .map((a) => a.trim())
    .filter((a, i) => i > 0 || a);

type Parsed = { qu: QuDraftReq; notes: string[] } | { error: string };

/** Reads one question's answers (`{…}` without the general feedback) by Moodle's order of tests. */
function parseAnswers(answers: string, fmt: Format, content: string, analysis: string): Parsed {
  const base = { content, analysis };
  const notes: string[] = [];
  if (answers.startsWith('#')) {
    let body = answers.slice(1);
    if (body.includes('~')) {
      body = body.slice(0, body.indexOf('~'));
      notes.push(LOST.feedback);
    }
    const alternatives: string[] = [];
    for (const a of answersOf(body, '=')) {
      const w = weighed(a, 100);
      const value = unhide(w.text).trim();
      if (w.feedback) notes.push(LOST.feedback);
      if (value.includes('..')) return { error: `数值范围“${value}”不能作为填空答案导入` };
      const [num, tolerance] = value.split(':').map((x) => x.trim());
      if (!isNumber(num) || (tolerance !== undefined && !isNumber(tolerance)))
        return { error: `数值题答案“${value}”不是数字` };
      if (tolerance && Number(tolerance) !== 0) notes.push(LOST.tolerance);
      if (w.weight === 100) alternatives.push(num);
      else notes.push(LOST.partial);
    }
    if (!alternatives.length) return { error: '数值题没有满分答案' };
    return { qu: { ...base, quType: QuType.FILL, answerList: [{ answer: joinAlternatives(alternatives) }] }, notes };
  }
  if (answers.includes('~')) {
    const single = answers.includes('=');
    const parts = answersOf(answers.replaceAll('=', '~='), '~').map((a) => weighed(a, 0));
    if (parts.some((p) => p.feedback)) notes.push(LOST.feedback);
    const rights = rightsOf(
      parts.map((p) => p.weight),
      single,
      notes,
    );
    return {
      qu: {
        ...base,
        quType: single ? QuType.SINGLE : QuType.MULTIPLE,
        answerList: parts.map((p, i) => ({ ...optionOf(p.text, fmt), isRight: rights[i] })),
      },
      notes,
    };
  }
  if (answers.includes('=') && answers.includes('->')) {
    const answerList = [];
    for (const a of answersOf(answers, '=')) {
      const at = a.indexOf('->');
      if (at < 0) return { error: '连线题每项应写成“=左项 -> 右项”' };
      const left = a.slice(0, at).trim();
      if (!left) notes.push(LOST.distractor);
      else answerList.push({ ...optionOf(left, fmt), answer: unhide(a.slice(at + 2)).trim() });
    }
    return { qu: { ...base, quType: QuType.MATCH, answerList }, notes };
  }
  const truth = answers.split('#')[0].trim();
  if (['T', 'TRUE', 'F', 'FALSE'].includes(truth)) {
    if (answers.includes('#')) notes.push(LOST.feedback);
    return { qu: { ...base, quType: QuType.JUDGE, answerList: judgeOptions(truth.startsWith('T')) }, notes };
  }
  const alternatives: string[] = [];
  for (const a of answersOf(answers, '=')) {
    const w = weighed(a, 100);
    if (w.feedback) notes.push(LOST.feedback);
    if (w.weight === 100) alternatives.push(unhide(w.text).trim());
    else notes.push(LOST.partial);
  }
  if (!alternatives.length) return { error: '填空题没有满分答案' };
  return { qu: { ...base, quType: QuType.FILL, answerList: [{ answer: joinAlternatives(alternatives) }] }, notes };
}

/** One question block (escapes hidden); an item without draft or error is skipped with its note. */
function giftItem(s: string, ref: string, chapter: string, tags: string[]): ImportItem {
  const open = s.indexOf('{');
  const close = s.indexOf('}');
  if (open < 0 && close < 0) return descriptionItem(ref, chapter);
  if (open < 0 || close < open) return failedItem(ref, chapter, '大括号不配对');
  if (s.includes('{', close) || s.includes('}', close + 1)) return failedItem(ref, chapter, '一道题只能有一组答案 {…}');
  // Text after the answers makes a missing-word question: the blank goes where the answers were.
  const after = s.slice(close + 1);
  const stem = `${s.slice(0, open)}${after.trim() ? '____' : ''}${after}`;
  const fmt = withFormat(stem.trim(), 'moodle').format;
  let answers = s.slice(open + 1, close).trim();
  const gf = answers.lastIndexOf('####');
  const feedback = gf < 0 ? '' : richOf(answers.slice(gf + 4), fmt);
  if (gf >= 0) answers = answers.slice(0, gf).trim();
  const content = richOf(stem, fmt);
  if (!answers) {
    // An essay: GIFT has no reference answer but the general feedback, which is what a teacher writes there.
    if (!feedback) return failedItem(ref, chapter, '问答题缺少参考答案（在 {} 中用 #### 写出）');
    return checkedItem(ref, chapter, { quType: QuType.SHORT, level: levelOfTags(tags), content, refAnswer: feedback });
  }
  const parsed = parseAnswers(answers, fmt, content, feedback);
  if ('error' in parsed) return failedItem(ref, chapter, parsed.error);
  return checkedItem(ref, chapter, { ...parsed.qu, level: levelOfTags(tags) }, parsed.notes);
}

const isComment = (line: string) => line.trim().startsWith('//');
const TAG = /\[tag:((?:\\\]|[^\]])+)\]/g;

/** Reads a GIFT file; a question that cannot be imported is reported with its line, the others are not held back. */
export function parseGift(text: string): ImportResult {
  assertImportSize(text.length);
  const items: ImportItem[] = [];
  let chapter = '';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; ) {
    const start = i;
    while (i < lines.length && lines[i].trim()) i++;
    const block = lines.slice(start, i);
    for (; i < lines.length && !lines[i].trim(); ) i++;
    const body = block.filter((l) => !isComment(l));
    let s = hideEscapes(body.join('\n').trim());
    if (!s) continue;
    if (s.startsWith('$CATEGORY:')) {
      // Moodle takes the whole block as the category; a question typed right under the line is kept instead.
      const eol = s.includes('\n') ? s.indexOf('\n') : s.length;
      chapter = chapterOfCategory(unhide(s.slice('$CATEGORY:'.length, eol)));
      s = s.slice(eol).trim();
      if (!s) continue;
    }
    let title = '';
    if (s.startsWith('::') && s.indexOf('::', 2) > 0) {
      title = unhide(s.slice(2, s.indexOf('::', 2))).trim();
      s = s.slice(s.indexOf('::', 2) + 2).trim();
    }
    const tags = block
      .filter(isComment)
      .flatMap((l) => [...l.matchAll(TAG)].map((m) => m[1].replaceAll('\\]', ']').trim()));
    if (items.length >= MAX_IMPORT_ITEMS) throw tooManyItems();
    const ref = `第${start + block.findIndex((l) => !isComment(l)) + 1}行${title ? `“${title}”` : ''}`;
    items.push(giftItem(s, ref, chapter, tags));
  }
  return { items, images: [] };
}

/** Why a stored question has no GIFT form, or null. */
function unwritable(q: FullQu): string | null {
  if (q.quType === QuType.COMPOSITE) return 'GIFT 没有组合题';
  if (SCALE_TYPES.includes(q.quType)) return 'GIFT 不能表示选项分值（量表、评分题）';
  if (q.quType === QuType.FILL && q.options.length !== 1) return 'GIFT 的填空题只能有一个空';
  // `->` cannot be escaped in GIFT: it would split a pair, or turn an answer into one.
  if (q.quType === QuType.FILL && q.options[0].answer.includes('->')) return '填空答案含有“->”，GIFT 无法表示';
  if (q.quType === QuType.MATCH && q.options.some((o) => o.content.includes('->')))
    return '连线左项含有“->”，GIFT 无法表示';
  return null;
}

function answersText(q: FullQu, notes: string[]): { lines: string[]; feedback: string } {
  const opt = (o: FullQu['options'][number]) => escapeGift(withOptionImage(o.content, o.image));
  const o = q.options;
  switch (q.quType) {
    case QuType.SINGLE:
      return { lines: o.map((x) => `${x.isRight ? '=' : '~'}${opt(x)}`), feedback: q.analysis };
    case QuType.MULTIPLE: {
      const share = shareOf(o.filter((x) => x.isRight).length);
      return { lines: o.map((x) => `~%${x.isRight ? share : -100}%${opt(x)}`), feedback: q.analysis };
    }
    case QuType.JUDGE:
      if (!isJudgeLike(o)) notes.push('判断题的选项写成“正确/错误”');
      return { lines: [o[0]?.isRight ? 'TRUE' : 'FALSE'], feedback: q.analysis };
    case QuType.FILL:
      return { lines: splitAlternatives(o[0].answer).map((a) => `=${escapeGift(a)}`), feedback: q.analysis };
    case QuType.MATCH:
      return { lines: o.map((x) => `=${opt(x)} -> ${escapeGift(x.answer)}`), feedback: q.analysis };
    default:
      // SHORT as an essay: the general feedback is its only rich field, the reference answer goes there.
      if (q.analysis) notes.push('GIFT 问答题只能带参考答案，解析未导出');
      if (q.keywords) notes.push('关键词未导出');
      return { lines: [], feedback: q.refAnswer };
  }
}

/**
 * Writes stored questions as GIFT (HTML text, so rich text comes back unchanged): chapters as categories, the
 * level 较难 as a tag, analysis as general feedback. Types GIFT cannot carry are listed in `skipped`.
 */
export function writeGift(questions: FullQu[], chapterOf: (chapterId: string) => string): ExportResult {
  const out: string[] = [];
  const skipped: ExportNote[] = [];
  const notes: ExportNote[] = [];
  let chapter = '';
  for (const [i, q] of questions.entries()) {
    const reason = unwritable(q);
    if (reason) {
      skipped.push({ id: q.id, reason });
      continue;
    }
    const c = chapterOf(q.chapterId);
    if (c !== chapter) out.push(`$CATEGORY: ${escapeGift(categoryOf(c))}`);
    chapter = c;
    const lost: string[] = [];
    const { lines, feedback } = answersText(q, lost);
    for (const reason of lost) notes.push({ id: q.id, reason });
    out.push(
      [
        ...(q.level === 2 ? [`// [tag:${HARD_TAG}]`] : []),
        `::${escapeGift(titleOf(q, i + 1))}::[html]${escapeGift(q.content)}{`,
        ...lines.map((l) => `\t${l}`),
        ...(feedback ? [`\t####${escapeGift(feedback)}`] : []),
        '}',
      ].join('\n'),
    );
  }
  return { text: out.length ? `${out.join('\n\n')}\n` : '', skipped, notes };
}
