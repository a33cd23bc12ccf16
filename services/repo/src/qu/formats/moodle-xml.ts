import { QU_TYPE_TITLES, QuType, SCALE_TYPES } from '@exam/contracts';
import { AppError, badRequest, round2 } from '@exam/server-kit';
import { SaxesParser } from 'saxes';
import { draftOfCloze } from './cloze';
import {
  type ImportImage,
  type ImportItem,
  type ImportResult,
  MAX_IMPORT_ITEMS,
  type QuDraftReq,
  assertImportSize,
  chapterOfCategory,
  LOST,
  checkedItem,
  descriptionItem,
  failedItem,
  imageRef,
  isNumber,
  joinAlternatives,
  judgeOptions,
  levelOfTags,
  mimeOfName,
  rightsOf,
  splitOptionImage,
  textToHtml,
  textToInline,
  tooManyItems,
  DOCTYPE_REFUSED,
} from './import-item';
/** An element of one `<question>`: Moodle XML elements hold either text or elements. */
type El = { name: string; attrs: Record<string, string>; kids: El[]; text: string };
const kid = (e: El | undefined, name: string) => e?.kids.find((k) => k.name === name);
const kidsOf = (e: El | undefined, name: string) => e?.kids.filter((k) => k.name === name) ?? [];
/** The `<text>` of an element that has one (questiontext, answer, name, …). */
const textOf = (e: El | undefined) => kid(e, 'text')?.text ?? '';
const allFiles = (e: El): El[] => [...kidsOf(e, 'file'), ...e.kids.flatMap(allFiles)];

/** Moodle nests five deep; far deeper is no question file (and would only cost stack). */
const MAX_DEPTH = 32;
const SCALE_BY_TITLE = new Map(SCALE_TYPES.map((t) => [QU_TYPE_TITLES[t], t]));

/** Reads one question's rich fields: formats, and its `@@PLUGINFILE@@` pictures as the file's images. */
function richReader(q: El, images: ImportImage[], seen: Map<string, number>, notes: string[]) {
  const files = new Map(allFiles(q).map((f) => [`${f.attrs.path ?? '/'}${f.attrs.name ?? ''}`, f]));
  const resolve = (html: string) =>
    html.replace(/@@PLUGINFILE@@(\/[^"'\s<>)]*)/g, (m, path: string) => {
      let name = path;
      try {
        name = decodeURIComponent(path);
      } catch {}
      const f = files.get(name);
      if (!f) {
        notes.push(`图片“${name.slice(1)}”没有随文件提供`);
        return m;
      }
      const data = f.text.replace(/\s+/g, '');
      if (!seen.has(data)) {
        seen.set(data, images.length);
        const fileName = f.attrs.name ?? 'image';
        images.push({ name: fileName, mime: mimeOfName(fileName), data: Buffer.from(data, 'base64') });
      }
      return imageRef(seen.get(data)!);
    });
  const defaultFormat = kid(q, 'questiontext')?.attrs.format ?? 'moodle_auto_format';
  /** Only HTML stays markup; Moodle's own format, markdown and plain text are shown as written. */
  const rich = (e: El | undefined, inline = false) => {
    const text = textOf(e);
    if ((e?.attrs.format ?? defaultFormat) === 'html') return resolve(text.trim());
    return resolve(inline ? textToInline(text) : textToHtml(text));
  };
  return { rich, option: (e: El) => splitOptionImage(rich(e, true)) };
}

const fractionOf = (a: El) => Number(a.attrs.fraction ?? 0);

type Reader = ReturnType<typeof richReader>;
/** The type-specific part of a draft, or why the question cannot be imported. */
function bodyOf(q: El, content: string, tags: string[], r: Reader, notes: string[]): Partial<QuDraftReq> | string {
  const type = q.attrs.type ?? '';
  const answers = kidsOf(q, 'answer');
  if (answers.some((a) => textOf(kid(a, 'feedback')).trim())) notes.push(LOST.feedback);
  switch (type) {
    case 'multichoice': {
      const scale = tags.map((t) => SCALE_BY_TITLE.get(t)).find((t) => t !== undefined);
      if (scale) {
        // This writer's scale types: the fraction of the question's grade is the option's score.
        const grade = Number(kid(q, 'defaultgrade')?.text.trim() || 0);
        return {
          quType: scale as QuDraftReq['quType'],
          answerList: answers.map((a) => ({ ...r.option(a), score: round2((fractionOf(a) * grade) / 100) })),
        };
      }
      const single = kid(q, 'single')?.text.trim() !== 'false';
      const rights = rightsOf(answers.map(fractionOf), single, notes);
      return {
        quType: single ? QuType.SINGLE : QuType.MULTIPLE,
        answerList: answers.map((a, i) => ({ ...r.option(a), isRight: rights[i] })),
      };
    }
    case 'truefalse': {
      const isTrue = answers.find((a) => textOf(a).trim().toLowerCase() === 'true');
      return { quType: QuType.JUDGE, answerList: judgeOptions(!!isTrue && fractionOf(isTrue) >= 100) };
    }
    case 'shortanswer':
    case 'numerical': {
      const alternatives: string[] = [];
      for (const a of answers) {
        const value = textOf(a).trim();
        // `*` is Moodle's "any other answer", there for its feedback.
        if (value === '*') continue;
        if (fractionOf(a) < 100) notes.push(LOST.partial);
        else if (type === 'numerical' && !isNumber(value)) return `数值题答案“${value}”不是数字`;
        else alternatives.push(value);
        if (type === 'numerical' && Number(kid(a, 'tolerance')?.text || 0) !== 0) notes.push(LOST.tolerance);
      }
      if (!alternatives.length) return '没有满分答案';
      return { quType: QuType.FILL, answerList: [{ answer: joinAlternatives(alternatives) }] };
    }
    case 'matching': {
      const pairs = kidsOf(q, 'subquestion');
      if (pairs.some((s) => !textOf(s).trim())) notes.push(LOST.distractor);
      return {
        quType: QuType.MATCH,
        answerList: pairs
          .filter((s) => textOf(s).trim())
          .map((s) => ({ ...r.option(s), answer: textOf(kid(s, 'answer')).trim() })),
      };
    }
    case 'essay': {
      const grader = r.rich(kid(q, 'graderinfo'));
      if (grader) return { quType: QuType.SHORT, refAnswer: grader };
      // Without grader information, the general feedback is what a teacher wrote as the answer.
      notes.push('参考答案取自总体反馈');
      return { quType: QuType.SHORT, refAnswer: r.rich(kid(q, 'generalfeedback')), analysis: '' };
    }
    case 'multianswer':
      return draftOfCloze(content, tags, notes);
    default:
      return `不支持的 Moodle 题型“${type}”`;
  }
}

function questionItem(q: El, n: number, chapter: string, images: ImportImage[], seen: Map<string, number>): ImportItem {
  const name = textOf(kid(q, 'name')).trim();
  const ref = `第${n}题${name ? `“${name}”` : ''}`;
  if (q.attrs.type === 'description') return descriptionItem(ref, chapter);
  const notes: string[] = [];
  const r = richReader(q, images, seen, notes);
  const tags = kidsOf(kid(q, 'tags'), 'tag').map((t) => textOf(t).trim());
  // Pictures are numbered as they appear: the text first.
  const content = r.rich(kid(q, 'questiontext'));
  const analysis = r.rich(kid(q, 'generalfeedback'));
  const body = bodyOf(q, content, tags, r, notes);
  if (typeof body === 'string') return failedItem(ref, chapter, body);
  // A cloze gives its own content (the text around its answers); the level is the tags' in every case.
  const qu = { content, analysis, ...body, level: levelOfTags(tags) } as QuDraftReq;
  return checkedItem(ref, chapter, qu, notes);
}

/** Text that was not quite XML, in the words a teacher can act on. */
const xmlError = (e: Error) => {
  const m = /^(\d+):(\d+): (.*)$/s.exec(e.message);
  return badRequest(m ? `文件不是有效的 XML（第${m[1]}行第${m[2]}列：${m[3]}）` : `文件不是有效的 XML（${e.message}）`);
};

/**
 * Reads a Moodle XML file question by question (a streaming parser; each question's elements are dropped once
 * it is read). Refused whole: a DOCTYPE (external entities, entity expansion), anything but UTF-8, broken XML,
 * too large a file or too many questions. Any single question that cannot be imported is reported with its number.
 */
export function parseMoodleXml(buf: Buffer): ImportResult {
  assertImportSize(buf.length);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    throw badRequest('文件不是 UTF-8 编码的 XML');
  }
  const items: ImportItem[] = [];
  const images: ImportImage[] = [];
  const seen = new Map<string, number>();
  const stack: El[] = [];
  let root = '';
  let chapter = '';
  let count = 0;
  const parser = new SaxesParser();
  parser.on('doctype', () => {
    throw badRequest(DOCTYPE_REFUSED);
  });
  parser.on('xmldecl', (d) => {
    if (d.encoding && !/^utf-?8$/i.test(d.encoding)) throw badRequest('文件不是 UTF-8 编码的 XML');
  });
  parser.on('opentag', (t) => {
    if (!root) {
      root = t.name;
      if (root !== 'quiz') throw badRequest('不是 Moodle XML 题目文件（根元素应为 quiz）');
      return;
    }
    if (stack.length >= MAX_DEPTH) throw badRequest('XML 嵌套层次过深，不是 Moodle XML 题目文件');
    const el: El = { name: t.name, attrs: t.attributes, kids: [], text: '' };
    stack.at(-1)?.kids.push(el);
    stack.push(el);
  });
  const onText = (s: string) => {
    const top = stack.at(-1);
    if (top) top.text += s;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const el = stack.pop();
    if (!el || stack.length || el.name !== 'question') return;
    if (el.attrs.type === 'category') {
      chapter = chapterOfCategory(textOf(kid(el, 'category')));
      return;
    }
    if (++count > MAX_IMPORT_ITEMS) throw tooManyItems();
    items.push(questionItem(el, count, chapter, images, seen));
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    throw e instanceof AppError ? e : xmlError(e as Error);
  }
  return { items, images };
}
