import { QU_TYPE_TITLES, type QuOptionEdit, QuType } from '@exam/contracts';
import { type FullQu, splitAlternatives } from '@exam/server-kit';
import {
  LOST,
  type QuDraftReq,
  decodeEntities,
  isJudgeLike,
  isNumber,
  joinAlternatives,
  rightsOf,
  splitOptionImage,
  withOptionImage,
} from './import-item';

/*
 * Moodle's embedded answers (cloze, `multianswer`): `{1:MULTICHOICE:=right~wrong}`, `{1:SHORTANSWER:=a~=b}`,
 * `{1:NUMERICAL:=3.14:0.01}` inside the question text. An answer ends at `~`, `#` (feedback) or `}` unless
 * escaped by `\` or following `&` (an entity), as Moodle reads them.
 */

type Kind = 'single' | 'multi' | 'short' | 'number';
const KIND_NAMES: Record<Kind, string> = {
  single:
    'MULTICHOICE MC MULTICHOICE_V MCV MULTICHOICE_H MCH MULTICHOICE_S MCS MULTICHOICE_VS MCVS MULTICHOICE_HS MCHS',
  multi: 'MULTIRESPONSE MR MULTIRESPONSE_H MRH MULTIRESPONSE_S MRS MULTIRESPONSE_HS MRHS',
  short: 'SHORTANSWER SA MW SHORTANSWER_C SAC MWC',
  number: 'NUMERICAL NM',
};
const KINDS = new Map(
  Object.entries(KIND_NAMES).flatMap(([kind, names]) => names.split(' ').map((n) => [n, kind as Kind] as const)),
);

type Alternative = { fraction: number; text: string; feedback: boolean };
type Cloze = { at: number; end: number; kind: Kind; alternatives: Alternative[] };

const START = /\{(\d*):([A-Z_]+):/g;
const unescapeCloze = (s: string) => s.replace(/\\([\\~#}])/g, '$1');
/** Where `sep` occurs unescaped in `s` from `from` on, or -1. */
function indexOfSep(s: string, sep: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === sep && s[i - 1] !== '&') return i;
  }
  return -1;
}
function splitSep(s: string, sep: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = indexOfSep(s, sep); i >= 0; i = indexOfSep(s, sep, from)) {
    out.push(s.slice(from, i));
    from = i + 1;
  }
  return [...out, s.slice(from)];
}
function alternativeOf(raw: string): Alternative {
  const hash = indexOfSep(raw, '#');
  const body = hash < 0 ? raw : raw.slice(0, hash);
  const w = /^%(-?\d+(?:[.,]\d*)?)%/.exec(body);
  const fraction = body.startsWith('=') ? 100 : w ? Number(w[1].replace(',', '.')) : 0;
  const text = body.startsWith('=') ? body.slice(1) : w ? body.slice(w[0].length) : body;
  return { fraction, text: unescapeCloze(text).trim(), feedback: hash >= 0 };
}

/** Every embedded answer of a text, in order; a brace that does not close is left as text (so does Moodle). */
function findClozes(text: string): Cloze[] {
  const out: Cloze[] = [];
  for (const m of text.matchAll(START)) {
    const kind = KINDS.get(m[2]);
    const from = m.index + m[0].length;
    if (!kind || m.index < (out.at(-1)?.end ?? 0)) continue;
    const close = indexOfSep(text, '}', from);
    if (close < 0) continue;
    out.push({
      at: m.index,
      end: close + 1,
      kind,
      alternatives: splitSep(text.slice(from, close), '~').map(alternativeOf),
    });
  }
  return out;
}
/** The text with each embedded answer replaced by `by(i)`. */
function replaceClozes(text: string, clozes: Cloze[], by: (i: number) => string): string {
  let out = '';
  let from = 0;
  for (const [i, c] of clozes.entries()) {
    out += text.slice(from, c.at) + by(i);
    from = c.end;
  }
  return out + text.slice(from);
}

type Child = Omit<QuDraftReq, 'subList'>;
/**
 * One question from its text and its embedded answers: a choice (a list of 正确/错误 being a judge question), or
 * a fill-in whose blanks are the short and numerical answers. Returns the reason when the answers mix.
 */
function questionOfClozes(content: string, clozes: Cloze[], notes: string[]): Child | string {
  const base = { level: 1 as const, content };
  if (!clozes.length) return '没有嵌入的答案';
  if (clozes.some((c) => c.alternatives.some((a) => a.feedback))) notes.push(LOST.feedback);
  if (clozes.every((c) => c.kind === 'short' || c.kind === 'number')) {
    const answerList: QuOptionEdit[] = [];
    for (const c of clozes) {
      // `*` is Moodle's "any other answer", there for its feedback.
      const given = c.alternatives.filter((a) => a.text !== '*');
      const full = given.filter((a) => a.fraction >= 100);
      if (full.length < given.length) notes.push(LOST.partial);
      if (!full.length) return '填空没有满分答案';
      if (c.kind === 'short') {
        // Short answers are plain text written into HTML: entities stand for their characters.
        answerList.push({ answer: joinAlternatives(full.map((a) => decodeEntities(a.text))) });
        continue;
      }
      const numbers = full.map((a) => a.text.split(':').map((x) => x.trim()));
      const bad = numbers.find(([n]) => !isNumber(n));
      if (bad) return `数值答案“${bad[0]}”不是数字`;
      if (numbers.some(([, tolerance]) => Number(tolerance ?? 0) !== 0)) notes.push(LOST.tolerance);
      answerList.push({ answer: joinAlternatives(numbers.map(([n]) => n)) });
    }
    return { ...base, quType: QuType.FILL, answerList };
  }
  if (clozes.length > 1) return '一道题只能有一个选择类的嵌入答案';
  const c = clozes[0];
  const single = c.kind === 'single';
  const rights = rightsOf(
    c.alternatives.map((a) => a.fraction),
    single,
    notes,
  );
  const answerList = c.alternatives.map((a, i) => ({ ...splitOptionImage(a.text), isRight: rights[i] }));
  const quType = !single ? QuType.MULTIPLE : isJudgeLike(answerList) ? QuType.JUDGE : QuType.SINGLE;
  return { ...base, quType, answerList };
}

/** Rich option text inside a cloze: backslashes keep the separators (Moodle unescapes `\#` and `\}`). */
const richAnswer = (s: string) => s.replace(/[\\~#}]/g, (c) => `\\${c}`);
/** Plain answers as HTML, the separators as entities too (Moodle and this reader decode them). */
const plainAnswer = (s: string) => s.replace(/[&<>"'\\~#}]/g, (c) => `&#${c.charCodeAt(0)};`);
/** A wrong option without a grade must not begin like one. */
const wrongMark = (s: string) => (/^[=%]/.test(s) ? '%0%' : '');

/** A question's embedded answers, or null for types a cloze cannot carry. */
function clozesOf(q: FullQu): string | null {
  const choice = (type: string) =>
    `{1:${type}:${q.options
      .map((o) => {
        const text = withOptionImage(o.content, o.image);
        return `${o.isRight ? '=' : wrongMark(text)}${richAnswer(text)}`;
      })
      .join('~')}}`;
  if (q.quType === QuType.SINGLE || q.quType === QuType.JUDGE) return choice('MULTICHOICE');
  if (q.quType === QuType.MULTIPLE) return choice('MULTIRESPONSE');
  if (q.quType === QuType.FILL)
    // Case-sensitive, as the platform grades blanks.
    return q.options
      .map(
        (o) =>
          `{1:SHORTANSWER_C:${splitAlternatives(o.answer)
            .map((a) => `=${plainAnswer(a)}`)
            .join('~')}}`,
      )
      .join('');
  return null;
}

/** Children of a composite are separated by this comment in a cloze text (Moodle keeps it and shows nothing). */
const SUB_MARK = '<!--sub-->';
/** The tag of a fill-in with several blanks, which is written as a cloze of short answers. */
export const FILL_TAG = QU_TYPE_TITLES[QuType.FILL];
const marker = (i: number) => `（${i + 1}）`;

/**
 * A cloze question as a draft (level and analysis are the caller's). Tagged 填空, it is a fill-in; with children
 * marked by `SUB_MARK` (this writer's composites), each child is its text and answers; any other cloze is a
 * composite whose material is the text with each answer replaced by its number and one child per answer.
 */
export function draftOfCloze(text: string, tags: string[], notes: string[]): QuDraftReq | string {
  if (tags.includes(FILL_TAG)) {
    const clozes = findClozes(text);
    const qu = questionOfClozes(
      replaceClozes(text, clozes, () => ''),
      clozes,
      notes,
    );
    return typeof qu === 'string' || qu.quType === QuType.FILL ? qu : '标为填空的完形题只能有填空答案';
  }
  let parent = text;
  let parts: { content: string; clozes: Cloze[] }[];
  if (text.includes(SUB_MARK)) {
    const [head, ...segments] = text.split(SUB_MARK);
    if (findClozes(head).length) return '组合题的材料中不能有嵌入答案';
    parent = head;
    parts = segments.map((s) => {
      const clozes = findClozes(s);
      return { content: replaceClozes(s, clozes, () => ''), clozes };
    });
  } else {
    const clozes = findClozes(text);
    parent = replaceClozes(text, clozes, marker);
    parts = clozes.map((c, i) => ({ content: marker(i), clozes: [c] }));
  }
  if (!parts.length) return '完形填空题中没有嵌入的答案';
  const subList: Child[] = [];
  for (const [i, p] of parts.entries()) {
    const child = questionOfClozes(p.content, p.clozes, notes);
    if (typeof child === 'string') return `第${i + 1}道子题：${child}`;
    subList.push(child);
  }
  return { quType: QuType.COMPOSITE, content: parent, subList };
}

/**
 * The cloze text of a composite (children after `SUB_MARK`, each its text then its answers) or of a fill-in with
 * several blanks (its text then one short answer per blank); `reason` when a child's type has no cloze form.
 */
export function clozeTextOf(q: FullQu, notes: string[]): { text: string } | { reason: string } {
  if (q.quType !== QuType.COMPOSITE) return { text: `${q.content}${clozesOf(q) ?? ''}` };
  const parts = [q.content];
  for (const s of q.subs) {
    const answers = clozesOf(s);
    if (answers === null) return { reason: `子题类型“${QU_TYPE_TITLES[s.quType]}”不能写成 Moodle 完形填空` };
    if (s.analysis) notes.push('子题解析未导出');
    if (s.level === 2) notes.push('子题难度未导出');
    if (s.quType === QuType.JUDGE && !isJudgeLike(s.options))
      notes.push('判断子题的选项写成“正确/错误”之外，导入后为单选');
    parts.push(`${s.content}${answers}`);
  }
  return { text: parts.join(SUB_MARK) };
}
