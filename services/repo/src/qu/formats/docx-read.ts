import { QuType, SCALE_TYPES } from '@exam/contracts';
import {
  type Field,
  OPTION_IMAGE_ALT,
  PAREN_STEM,
  SCORE,
  STEM,
  countBlanks,
  fieldOf,
  fillAnswers,
  headingType,
  judgeOf,
  keywordsOf,
  lettersOf,
  levelOf,
  markBit,
  optionSpans,
  pairSplit,
  typeOfName,
} from './docx-layout';
import {
  type Line,
  OBJ,
  type Para,
  type Run,
  docxLines,
  inlineRuns,
  richHtml,
  runsHtml,
  sliceRuns,
  textOf,
  trimRuns,
} from './docx-lines';
import {
  type ImportItem,
  type ImportResult,
  MAX_IMPORT_ITEMS,
  type QuDraftReq,
  assertImportSize,
  checkedItem,
  failedItem,
  joinAlternatives,
  judgeOptions,
  tooManyItems,
} from './import-item';

const U = markBit('u');

/** One question or child as typed: its paragraphs by field, and the field that a plain line continues. */
type Draft = {
  n: number;
  type: number | undefined;
  chapter: string;
  stem: Para[];
  options: Para[][];
  answer?: Para[];
  analysis?: Para[];
  values: Partial<Record<Field, string>>;
  notes: string[];
  children: Draft[];
  cur: 'stem' | 'option' | 'answer' | 'analysis' | 'field';
};
const answered = (d: Draft) => d.answer !== undefined || d.analysis !== undefined;
/** A composite by its heading or its own 题型：组合 line: its （1） lines are children. */
const isComposite = (d: Draft) =>
  (d.values.type === undefined ? d.type : typeOfName(d.values.type)) === QuType.COMPOSITE;
const paraFrom = (l: Para, at = 0): Para => ({ runs: sliceRuns(l.runs, at), soft: l.soft, block: l.block });

/** Groups the lines into questions (children under composites); text outside a question is skipped. */
function draftsOf(lines: Line[]): Draft[] {
  const drafts: Draft[] = [];
  let section: number | undefined;
  let chapter = '';
  let q: Draft | undefined;
  const draft = (n: number, stem: Para[], type = section): Draft => ({
    n,
    type,
    chapter,
    stem,
    options: [],
    values: {},
    notes: [],
    children: [],
    cur: 'stem',
  });
  const start = (stem: Para[]) => {
    if (drafts.length >= MAX_IMPORT_ITEMS) throw tooManyItems();
    q = draft(drafts.length + 1, stem);
    drafts.push(q);
  };
  for (const line of lines) {
    const text = textOf(line.runs);
    const d = q?.children.at(-1) ?? q;
    const heading = line.block ? null : headingType(text);
    if (heading !== null || (line.heading && !STEM.test(text))) {
      section = heading ?? undefined;
      q = undefined;
      continue;
    }
    const stem = STEM.exec(text);
    const paren = PAREN_STEM.exec(text);
    const field = fieldOf(text);
    const options = d && !answered(d) ? optionSpans(text, d.options.length) : [];
    const list = line.list?.ordered && !stem && !paren && !options.length ? line.list : undefined;
    if (field?.field === 'chapter') {
      chapter = text.slice(field.at).trim();
      q = undefined;
    } else if (stem) start([paraFrom(line, stem[0].length)]);
    else if (paren && q && isComposite(q))
      q.children.push(draft(q.children.length + 1, [paraFrom(line, paren[0].length)], undefined));
    else if (paren && (!d || answered(d))) start([paraFrom(line, paren[0].length)]);
    else if (list && list.depth === 1 && (!d || answered(d))) start([paraFrom(line)]);
    else if (!d) continue;
    else if (field) {
      const rest = paraFrom(line, field.at);
      if (field.field === 'answer' || field.field === 'analysis') d[field.field] = [rest];
      else d.values[field.field] = textOf(rest.runs).trim();
      d.cur = field.field === 'answer' || field.field === 'analysis' ? field.field : 'field';
    } else if (options.length) {
      options.forEach((o, i) =>
        d.options.push([{ ...paraFrom(line), runs: sliceRuns(line.runs, o.start, options[i + 1]?.at) }]),
      );
      d.cur = 'option';
    } else if (list && !answered(d)) {
      d.options.push([paraFrom(line)]);
      d.cur = 'option';
    } else if (d.cur === 'stem') d.stem.push(paraFrom(line));
    else if (d.cur === 'option') d.options.at(-1)!.push(paraFrom(line));
    else if (d.cur === 'answer' || d.cur === 'analysis') d[d.cur]!.push(paraFrom(line));
    else d.notes.push(`无法识别的文字已忽略：“${text.trim().slice(0, 20)}”`);
  }
  return drafts;
}

const MISSING = '缺少答案（答案：…）';
const plainOf = (paras: Para[]) =>
  paras
    .map((p) => textOf(p.runs))
    .join(' ')
    .replaceAll(OBJ, '')
    .trim();

/** An option's text and picture: a picture marked as the option's, or alone in the option, is its `image`. */
function optionOf(runs: Run[]): { content: string; image?: string } {
  const kept = trimRuns(runs);
  const last = kept.at(-1)?.img;
  if (last && (kept.length === 1 || last.alt === OPTION_IMAGE_ALT))
    return { content: runsHtml(trimRuns(kept.slice(0, -1))), image: last.src };
  return { content: runsHtml(kept) };
}

function inferredType(d: Draft): number {
  const answer = d.answer && plainOf(d.answer);
  if (d.options.length) {
    if (answer === undefined && d.options.every((o) => pairSplit(textOf(inlineRuns(o))))) return QuType.MATCH;
    const rights = lettersOf(answer ?? '', d.options.length);
    return typeof rights !== 'string' && rights.length > 1 ? QuType.MULTIPLE : QuType.SINGLE;
  }
  if (answer !== undefined && judgeOf(answer) !== undefined) return QuType.JUDGE;
  return countBlanks(stemText(d)) ? QuType.FILL : QuType.SHORT;
}
/** The stem's text with underlined spaces (a blank typed the Word way) as `__`. */
const stemText = (d: Draft) =>
  d.stem.flatMap((p) => p.runs.map((r) => (r.marks & U && r.text && !r.text.trim() ? '__' : r.text))).join('\n');

type Body = Omit<QuDraftReq, 'subList'>;
/** The draft of one question (or child) of a known type, or why it cannot be one. */
function bodyOf(d: Draft, quType: number, notes: string[]): Body | string {
  const base = {
    quType,
    level: levelOf(d.values.level, notes),
    content: richHtml(d.stem),
    analysis: richHtml(d.analysis ?? []),
  } as Body;
  const answer = d.answer && plainOf(d.answer);
  const opts = d.options.map(inlineRuns);
  const choice = quType === QuType.SINGLE || quType === QuType.MULTIPLE || quType === QuType.JUDGE;
  if (opts.length && !choice && quType !== QuType.MATCH && !SCALE_TYPES.includes(quType))
    notes.push('本题型没有选项，A. B. … 行已忽略');
  if (answer !== undefined && (quType === QuType.MATCH || SCALE_TYPES.includes(quType)))
    notes.push('连线、量表和评分题的答案写在选项里，答案行已忽略');
  if (quType === QuType.JUDGE && !opts.length) {
    if (answer === undefined) return MISSING;
    const isTrue = judgeOf(answer);
    if (isTrue === undefined) return `判断题的答案应为“正确”或“错误”（√/×），不是“${answer}”`;
    return { ...base, answerList: judgeOptions(isTrue) };
  }
  if (choice) {
    if (!opts.length) return '没有选项（选项以 A. B. … 开头）';
    if (answer === undefined) return MISSING;
    const rights = lettersOf(answer, opts.length);
    if (typeof rights === 'string') return rights;
    return { ...base, answerList: opts.map((o, i) => ({ ...optionOf(o), isRight: rights.includes(i) })) };
  }
  if (quType === QuType.FILL) {
    const blanks = countBlanks(stemText(d));
    if (!blanks) return '题干中没有填空（用（ ）或 ____ 表示）';
    if (answer === undefined) return MISSING;
    const answers = fillAnswers(answer, blanks);
    if (answers.length !== blanks)
      return `填空数量与答案数量不一致（题干中有${blanks}个空，答案有${answers.length}个）`;
    return { ...base, answerList: answers.map((a) => ({ answer: joinAlternatives(a) })) };
  }
  if (quType === QuType.SHORT) {
    const refAnswer = richHtml(d.answer ?? []);
    if (!refAnswer) return MISSING;
    const keywords =
      d.values.keywords === undefined ? {} : { keywords: joinAlternatives(keywordsOf(d.values.keywords)) };
    return { ...base, refAnswer, ...keywords };
  }
  if (quType === QuType.MATCH) {
    const answerList = [];
    for (const o of opts) {
      const pair = pairSplit(textOf(o));
      if (!pair) return '连线题的选项应写成“左项 → 右项”（或 =、->）';
      answerList.push({
        ...optionOf(sliceRuns(o, 0, pair.at)),
        answer: plainOf([{ runs: sliceRuns(o, pair.end), soft: false }]),
      });
    }
    return { ...base, answerList };
  }
  // The scale types: each option ends with its score.
  const answerList = [];
  for (const o of opts) {
    const m = SCORE.exec(textOf(o));
    if (!m) return '量表和评分题的每个选项后应写分值，如“满意（5分）”';
    answerList.push({ ...optionOf(sliceRuns(o, 0, m.index)), score: Number(m[1]) });
  }
  return { ...base, answerList };
}

/** The item of one typed question: its type from the heading, 题型：, or what it holds. */
function itemOf(d: Draft): ImportItem {
  const snippet = plainOf(d.stem).slice(0, 20);
  const ref = `第${d.n}题${snippet ? `“${snippet}”` : ''}`;
  const notes = [...d.notes];
  if (d.values.score !== undefined) notes.push('分值未导入（分值在试卷中设置）');
  const typeOf = (x: Draft, byDefault: number | undefined): number | string => {
    const named = x.values.type === undefined ? byDefault : typeOfName(x.values.type);
    if (named === null) return `题型“${x.values.type}”不正确`;
    return named ?? inferredType(x);
  };
  const quType = typeOf(d, d.type);
  if (typeof quType === 'string') return failedItem(ref, d.chapter, quType);
  if (quType !== QuType.COMPOSITE) {
    const body = bodyOf(d, quType, notes);
    return typeof body === 'string' ? failedItem(ref, d.chapter, body) : checkedItem(ref, d.chapter, body, notes);
  }
  if (!d.children.length) return failedItem(ref, d.chapter, '组合题没有子题（子题用（1）（2）… 编号）');
  if (d.options.length || d.answer) notes.push('组合题的选项和答案写在子题里，材料后的选项或答案已忽略');
  const subList: Body[] = [];
  for (const c of d.children) {
    notes.push(...c.notes);
    if (c.values.score !== undefined) notes.push('分值未导入（分值在试卷中设置）');
    const t = typeOf(c, undefined);
    const body = t === QuType.COMPOSITE ? '组合题的子题不能是组合题' : typeof t === 'string' ? t : bodyOf(c, t, notes);
    if (typeof body === 'string') return failedItem(ref, d.chapter, `第${c.n}道子题：${body}`);
    subList.push(body);
  }
  const qu = {
    quType,
    level: levelOf(d.values.level, notes),
    content: richHtml(d.stem),
    analysis: richHtml(d.analysis ?? []),
    subList,
  } as QuDraftReq;
  return checkedItem(ref, d.chapter, qu, notes);
}

/**
 * Reads a Word (.docx) file in the layout of docs/question-formats.md. Refused whole: no zip or no Word document,
 * too large (the file, its unpacked parts, or a zip bomb), a DOCTYPE in its XML, more than MAX_IMPORT_ITEMS
 * questions. A question that cannot be understood is reported with its number and the others are imported.
 */
export async function readDocx(buf: Buffer): Promise<ImportResult> {
  assertImportSize(buf.length);
  const { lines, images } = await docxLines(buf);
  return { items: draftsOf(lines).map(itemOf), images };
}
