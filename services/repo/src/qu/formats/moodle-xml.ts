import { QU_TYPE_TITLES, QuType, SCALE_TYPES } from '@exam/contracts';
import { AppError, type FullQu, badRequest, round2, splitAlternatives } from '@exam/server-kit';
import { SaxesParser } from 'saxes';
import { FILL_TAG, clozeTextOf, draftOfCloze } from './cloze';
import {
  type ExportNote,
  type ExportResult,
  HARD_TAG,
  type ImportImage,
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
  imageRef,
  isJudgeLike,
  isNumber,
  joinAlternatives,
  judgeOptions,
  levelOfTags,
  mimeOfName,
  rightsOf,
  shareOf,
  splitOptionImage,
  textToHtml,
  textToInline,
  titleOf,
  tooManyItems,
  withOptionImage,
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
export const DOCTYPE_REFUSED = '文件含有 DOCTYPE 声明（可能引用外部实体或展开实体），出于安全原因拒绝导入';
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

/** A picture of the platform's own, to embed in the file (a writer without it leaves the URLs as they are). */
export type ImageData = { name: string; mime: string; data: Buffer };

/** XML text: the characters XML 1.0 cannot hold at all are left out. */
const esc = (s: string) =>
  s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A rich field with its pictures as base64 files when `imageData` knows them (names unique in the field). */
function richEl(
  imageData: ((url: string) => ImageData | undefined) | undefined,
  tag: string,
  html: string,
  attrs = '',
  inner = '',
): string {
  const files = new Map<string, { name: string; data: Buffer }>();
  const text = !imageData
    ? html
    : html.replace(/(<img\b[^>]*?\bsrc=")([^"]*)"/g, (m, head: string, url: string) => {
        if (!files.has(url)) {
          const d = imageData(url);
          if (!d) return m;
          const taken = [...files.values()].some((f) => f.name === d.name);
          files.set(url, { name: taken ? `${files.size + 1}-${d.name}` : d.name, data: d.data });
        }
        return `${head}@@PLUGINFILE@@/${encodeURIComponent(files.get(url)!.name)}"`;
      });
  const fileEls = [...files.values()].map(
    (f) => `<file name="${esc(f.name)}" path="/" encoding="base64">${f.data.toString('base64')}</file>`,
  );
  return `<${tag} format="html"${attrs}><text>${esc(text)}</text>${fileEls.join('')}${inner}</${tag}>`;
}
const plainEl = (tag: string, text: string, attrs = '') => `<${tag}${attrs}><text>${esc(text)}</text></${tag}>`;
/** Grades as Moodle writes them (seven decimals at most). */
const num = (n: number) => String(Number(n.toFixed(7)));

type Written = { type: string; parts: string[]; tags: string[]; grade: number };
type RichEl = (tag: string, html: string, attrs?: string, inner?: string) => string;

/** The type-specific elements of one question, or why Moodle cannot carry it. */
function writtenOf(q: FullQu, img: RichEl, notes: string[]): Written {
  const o = q.options;
  const option = (x: FullQu['options'][number], fraction: number) =>
    img('answer', withOptionImage(x.content, x.image), ` fraction="${num(fraction)}"`);
  const choice = (single: boolean, fraction: (x: FullQu['options'][number]) => number) => [
    `<single>${single}</single>`,
    '<shuffleanswers>true</shuffleanswers>',
    '<answernumbering>ABCD</answernumbering>',
    ...o.map((x) => option(x, fraction(x))),
  ];
  const w = (type: string, parts: string[], more: Partial<Written> = {}): Written => ({
    type,
    parts,
    tags: [],
    grade: 1,
    ...more,
  });
  if (SCALE_TYPES.includes(q.quType)) {
    // Scale types as Moodle's graded multiple choice: the question's grade is the best single score (the sum of
    // scores when several can be picked), each option's fraction its share; the type rides as a tag.
    const multi = q.quType === QuType.SCORE_MULTI;
    const scores = o.map((x) => x.score);
    const grade = multi ? scores.reduce((s, x) => s + x, 0) : Math.max(0, ...scores);
    return w(
      'multichoice',
      choice(!multi, (x) => (grade ? (x.score / grade) * 100 : 0)),
      {
        tags: [QU_TYPE_TITLES[q.quType]],
        grade,
      },
    );
  }
  switch (q.quType) {
    case QuType.SINGLE:
      return w(
        'multichoice',
        choice(true, (x) => (x.isRight ? 100 : 0)),
      );
    case QuType.MULTIPLE: {
      const share = shareOf(o.filter((x) => x.isRight).length);
      return w(
        'multichoice',
        choice(false, (x) => (x.isRight ? share : -100)),
      );
    }
    case QuType.JUDGE: {
      if (!isJudgeLike(o)) notes.push('判断题的选项写成“正确/错误”');
      const isTrue = !!o[0]?.isRight;
      return w('truefalse', [
        plainEl('answer', 'true', ` fraction="${isTrue ? 100 : 0}" format="moodle_auto_format"`),
        plainEl('answer', 'false', ` fraction="${isTrue ? 0 : 100}" format="moodle_auto_format"`),
      ]);
    }
    case QuType.FILL:
      if (o.length === 1)
        // Case-sensitive, as the platform grades blanks.
        return w('shortanswer', [
          '<usecase>1</usecase>',
          ...splitAlternatives(o[0].answer).map((a) =>
            plainEl('answer', a, ' fraction="100" format="moodle_auto_format"'),
          ),
        ]);
      return w('multianswer', [], { tags: [FILL_TAG] });
    case QuType.MATCH:
      return w('matching', [
        '<shuffleanswers>true</shuffleanswers>',
        ...o.map((x) => img('subquestion', withOptionImage(x.content, x.image), '', plainEl('answer', x.answer))),
      ]);
    case QuType.SHORT:
      if (q.keywords) notes.push('关键词未导出');
      return w('essay', [
        '<responseformat>editor</responseformat>',
        '<responserequired>1</responserequired>',
        '<responsefieldlines>15</responsefieldlines>',
        '<attachments>0</attachments>',
        img('graderinfo', q.refAnswer),
        '<responsetemplate format="html"><text></text></responsetemplate>',
      ]);
    default:
      return w('multianswer', []);
  }
}

/**
 * Writes stored questions as Moodle XML: chapters as categories, level 较难 and the scale types as tags, analysis
 * as general feedback, pictures as base64 files when `imageData` gives their bytes. Composites become cloze
 * questions (children of a type a cloze cannot hold are listed in `skipped`), fill-ins with several blanks too.
 */
export function writeMoodleXml(
  questions: FullQu[],
  chapterOf: (chapterId: string) => string,
  imageData?: (url: string) => ImageData | undefined,
): ExportResult {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  const skipped: ExportNote[] = [];
  const notes: ExportNote[] = [];
  const img: RichEl = (...a) => richEl(imageData, ...a);
  let chapter = '';
  for (const [i, q] of questions.entries()) {
    const lost: string[] = [];
    const written = writtenOf(q, img, lost);
    let content = q.content;
    if (written.type === 'multianswer') {
      const cloze = clozeTextOf(q, lost);
      if ('reason' in cloze) {
        skipped.push({ id: q.id, reason: cloze.reason });
        continue;
      }
      content = cloze.text;
    }
    for (const reason of lost) notes.push({ id: q.id, reason });
    const c = chapterOf(q.chapterId);
    if (c !== chapter)
      out.push(`  <question type="category"><category><text>${esc(categoryOf(c))}</text></category></question>`);
    chapter = c;
    const tags = [...(q.level === 2 ? [HARD_TAG] : []), ...written.tags];
    out.push(
      `  <question type="${written.type}">`,
      ...[
        plainEl('name', titleOf(q, i + 1)),
        img('questiontext', content),
        img('generalfeedback', q.analysis),
        `<defaultgrade>${num(written.grade)}</defaultgrade>`,
        ...written.parts,
        ...(tags.length ? [`<tags>${tags.map((t) => plainEl('tag', t)).join('')}</tags>`] : []),
      ].map((l) => `    ${l}`),
      '  </question>',
    );
  }
  out.push('</quiz>', '');
  return { text: out.join('\n'), skipped, notes };
}
