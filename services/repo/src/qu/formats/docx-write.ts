import { QU_TYPE_TITLES, QuType, SCALE_TYPES, abcOf } from '@exam/contracts';
import { splitAlternatives } from '@exam/server-kit';
import {
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import {
  OPTION_IMAGE_ALT,
  PAIR_SEP,
  chineseNumber,
  countBlanks,
  headingType,
  markBit,
  misreading,
  optionSpans,
  scoreText,
  typeHeading,
} from './docx-layout';
import { type ExportNote, type ImportImage, JUDGE_TEXTS, decodeEntities, isJudgeLike } from './import-item';

/** What the writer needs of a stored question; a `FullQu` is one. */
export type WordQu = {
  id: string;
  chapterId: string;
  quType: number;
  level: number;
  content: string;
  analysis: string;
  refAnswer: string;
  keywords: string;
  options: { content: string; isRight: boolean; score: number; answer: string; image: string }[];
  subs: WordQu[];
};
/** The .docx file, and per question what it could not keep (`skipped` stays empty: every type has a form). */
export type DocxExportResult = { data: Buffer; skipped: ExportNote[]; notes: ExportNote[] };
type ImageHook = (url: string) => ImportImage | undefined;

/** A piece of rich text: `\n` is a line break. */
type WRun = { text: string; marks: number } | { img: string; alt: string };
type WRow = { header: boolean; cells: { blocks: WBlock[]; span: number }[] };
type WBlock = { runs: WRun[] } | { rows: WRow[] };

const MARK_TAGS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };
const BLOCKS = /^(p|div|h[1-6]|li|ul|ol|blockquote|pre|hr|thead|tbody)$/;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)\s*\/?>|([^<]+)/g;
const attrOf = (attrs: string, name: string) => decodeEntities(new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');

/** The platform's (sanitized) HTML as paragraphs and tables; what Word cannot keep goes to `lost`. */
function blocksOf(html: string, lost: Set<string>): WBlock[] {
  const root: WBlock[] = [];
  const tables: { rows: WRow[]; outer: WBlock[] }[] = [];
  let into = root;
  let para: WRun[] | undefined;
  let marks = 0;
  const flush = () => {
    if (para?.length) into.push({ runs: para });
    para = undefined;
  };
  const add = (r: WRun) => (para ??= []).push(r);
  for (const [, close, tag, attrs, text] of html.matchAll(TAG)) {
    if (text !== undefined) {
      if (para || text.trim()) add({ text: decodeEntities(text).replace(/\r?\n/g, ' '), marks });
      continue;
    }
    const name = tag.toLowerCase();
    const mark = markBit(MARK_TAGS[name] ?? name);
    if (mark) marks = close ? marks & ~mark : marks | mark;
    else if (name === 'br') add({ text: '\n', marks });
    else if (name === 'img') add({ img: attrOf(attrs, 'src'), alt: attrOf(attrs, 'alt') });
    else if (/^(video|audio|source)$/.test(name) && attrOf(attrs, 'src')) {
      add({ text: `[音视频:${attrOf(attrs, 'src')}]`, marks });
      lost.add('音视频写成了地址');
    } else if (name === 'table') {
      flush();
      const t = close ? tables.pop() : undefined;
      if (!close) tables.push({ rows: [], outer: into });
      else if (t) {
        into = t.outer;
        into.push({ rows: t.rows });
      }
    } else if (name === 'tr' && !close) tables.at(-1)?.rows.push({ header: false, cells: [] });
    else if ((name === 'td' || name === 'th') && tables.length) {
      flush();
      const t = tables.at(-1)!;
      if (close) into = t.outer;
      else {
        if (!t.rows.length) t.rows.push({ header: false, cells: [] });
        const row = t.rows.at(-1)!;
        const cell = { blocks: [], span: Number(attrOf(attrs, 'colspan')) || 1 };
        row.cells.push(cell);
        row.header ||= name === 'th';
        into = cell.blocks;
        if (attrOf(attrs, 'rowspan')) lost.add('表格跨行合并未导出');
      }
    } else if (BLOCKS.test(name)) {
      flush();
      if (/^(ul|ol)$/.test(name)) lost.add('列表写成了段落');
    } else if (name === 'a' && !close) lost.add('链接地址未导出');
  }
  flush();
  return root;
}

/** Text Word can hold: XML 1.0 has no place for most control characters (pasted text brings some). */
const xmlText = (s: string) => s.replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');
const textOf = (runs: WRun[]) => runs.map((r) => ('img' in r ? '\uFFFC' : r.text)).join('');

/** Width and height of a PNG, JPEG, GIF or BMP, and its type for Word; `undefined` for any other picture. */
function imageInfo(d: Buffer): { type: 'png' | 'jpg' | 'gif' | 'bmp'; width: number; height: number } | undefined {
  const at = (f: () => number) => (d.length > 26 ? f() : 0);
  if (d.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])))
    return { type: 'png', width: at(() => d.readUInt32BE(16)), height: at(() => d.readUInt32BE(20)) };
  if (d.subarray(0, 4).toString('latin1') === 'GIF8')
    return { type: 'gif', width: at(() => d.readUInt16LE(6)), height: at(() => d.readUInt16LE(8)) };
  if (d.subarray(0, 2).toString('latin1') === 'BM')
    return { type: 'bmp', width: at(() => d.readInt32LE(18)), height: at(() => Math.abs(d.readInt32LE(22))) };
  if (d[0] !== 0xff || d[1] !== 0xd8) return undefined;
  // JPEG: the size is in the first start-of-frame segment.
  for (let i = 2; i + 9 < d.length && d[i] === 0xff; i += 2 + d.readUInt16BE(i + 2)) {
    const m = d[i + 1];
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return { type: 'jpg', width: d.readUInt16BE(i + 7), height: d.readUInt16BE(i + 5) };
  }
  return { type: 'jpg', width: 0, height: 0 };
}
/** Pictures at their size, narrower than the page's text (about 12 cm); an unknown size gets a usual one. */
function fitted(width: number, height: number) {
  if (!width || !height) return { width: 320, height: 240 };
  const k = Math.min(1, 450 / width);
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** Writes one question's paragraphs; what it cannot keep, or what would read back otherwise, goes to `lost`. */
function questionWriter(imageData: ImageHook | undefined, lost: Set<string>) {
  const picture = (url: string, alt: string): ParagraphChild => {
    const d = imageData?.(url);
    const info = d && imageInfo(d.data);
    if (!d || !info) {
      if (imageData) lost.add(`图片未能嵌入，写成了地址：${url}`);
      return new TextRun(`[图片:${url}]`);
    }
    return new ImageRun({
      type: info.type,
      data: d.data,
      transformation: fitted(info.width, info.height),
      ...(alt ? { altText: { name: alt, description: alt, title: alt } } : {}),
    });
  };
  const runOf = (r: WRun): ParagraphChild => {
    if ('img' in r) return picture(r.img, r.alt);
    if (r.text === '\n') return new TextRun({ break: 1 });
    const m = (tag: string) => !!(r.marks & markBit(tag));
    return new TextRun({
      text: xmlText(r.text),
      bold: m('strong'),
      italics: m('em'),
      underline: m('u') ? {} : undefined,
      strike: m('s'),
      subScript: m('sub'),
      superScript: m('sup'),
    });
  };
  const paragraph = (prefix: string, runs: WRun[]) =>
    new Paragraph({ children: [...(prefix ? [new TextRun(prefix)] : []), ...runs.map(runOf)] });
  const table = (rows: WRow[]): Table =>
    new Table({
      rows: rows.map(
        (r) =>
          new TableRow({
            tableHeader: r.header || undefined,
            children: r.cells.map(
              (c) =>
                new TableCell({
                  columnSpan: c.span > 1 ? c.span : undefined,
                  children: c.blocks.length ? c.blocks.map(block) : [new Paragraph('')],
                }),
            ),
          }),
      ),
    });
  const block = (b: WBlock) => ('rows' in b ? table(b.rows) : paragraph('', b.runs));
  /** Warns when a line after the first of a field would be read as something else. */
  const check = (lines: string[], at: Parameters<typeof misreading>[1]) => {
    for (const l of lines) {
      const as = misreading(l, at);
      if (as) lost.add(`“${l.trim().slice(0, 20)}”会被读作${as}，导入前请修改`);
    }
  };
  return {
    /** A rich field: its first paragraph after `prefix` (a paragraph of its own when the field opens with a table). */
    rich(html: string, prefix: string, at: Parameters<typeof misreading>[1]): (Paragraph | Table)[] {
      const blocks = blocksOf(html, lost);
      const head = blocks[0];
      const first = head && 'runs' in head ? (blocks.shift(), head.runs) : [];
      const lines = [textOf(first), ...blocks.map((b) => ('runs' in b ? textOf(b.runs) : ''))].flatMap((t) =>
        t.split('\n'),
      );
      check(lines.slice(1), at);
      if (headingType(`${prefix}${lines[0]}`) !== null)
        lost.add(`“${prefix}${lines[0]}”会被读作题型标题，导入前请修改`);
      return [paragraph(prefix, first), ...blocks.map(block)];
    },
    /** An option on one line: `A. ` its text, its picture (marked as the option's), `suffix`. */
    option(i: number, content: string, image: string, suffix = ''): Paragraph {
      const blocks = blocksOf(content, lost);
      if (blocks.some((b) => 'rows' in b)) lost.add('选项中的表格未导出');
      const runs = blocks.flatMap((b, k) => ('runs' in b ? [...(k ? [{ text: '\n', marks: 0 }] : []), ...b.runs] : []));
      const [line, ...more] = textOf(runs).split('\n');
      if (optionSpans(`${abcOf(i)}. ${line}`, i).length > 1)
        lost.add(`选项${abcOf(i)}中的“${abcOf(i + 1)}.”会被读作下一个选项，导入前请修改`);
      check(more, { option: i + 1 });
      const tail: WRun[] = [
        ...(image ? [{ img: image, alt: OPTION_IMAGE_ALT }] : []),
        ...(suffix ? [{ text: suffix, marks: 0 }] : []),
      ];
      return paragraph(`${abcOf(i)}. `, [...runs, ...tail]);
    },
    line: (text: string) => new Paragraph(xmlText(text)),
  };
}
type QuestionWriter = ReturnType<typeof questionWriter>;

/** The stem's text as the reader counts its blanks: underlined spaces are one, tables are not looked into. */
const stemText = (html: string) =>
  blocksOf(html, new Set())
    .flatMap((b) => ('runs' in b ? b.runs : []))
    .map((r) => ('img' in r ? '' : r.marks & markBit('u') && !r.text.trim() ? '__' : r.text))
    .join('\n');

/** 答案： as the reader takes it back, per type (none where the options carry the answer). */
function answerOf(q: WordQu, lost: Set<string>): string | undefined {
  const o = q.options;
  if (q.quType === QuType.JUDGE && isJudgeLike(o)) return o[0].isRight ? JUDGE_TEXTS[0] : JUDGE_TEXTS[1];
  if (q.quType === QuType.SINGLE || q.quType === QuType.MULTIPLE || q.quType === QuType.JUDGE)
    return o.map((x, i) => (x.isRight ? abcOf(i) : '')).join('');
  if (q.quType !== QuType.FILL) return undefined;
  const blanks = countBlanks(stemText(q.content));
  if (blanks !== o.length) lost.add(`题干中有${blanks}个空，答案有${o.length}个，导入时会报错`);
  const answers = o.map((x) => splitAlternatives(x.answer));
  if (answers.flat().some((a) => /[;；|｜]/.test(a))) lost.add('填空答案含有 ; 或 |，导入时会被拆开');
  return answers.map((a) => a.join('|')).join('；');
}

/** One question's paragraphs: stem, options, 子题型 (children), 答案, 关键词, 解析, 难度; then a composite's children. */
function questionOf(q: WordQu, prefix: string, w: QuestionWriter, lost: Set<string>, child = false) {
  const composite = q.quType === QuType.COMPOSITE;
  const out = w.rich(q.content, prefix, { option: 0, paren: composite || child });
  const o = q.options;
  if (q.quType === QuType.MATCH) {
    if (o.some((x) => x.content.includes(PAIR_SEP.trim()))) lost.add('连线左项含有“→”，导入时会被拆开');
    out.push(...o.map((x, i) => w.option(i, x.content, x.image, `${PAIR_SEP}${x.answer}`)));
  } else if (SCALE_TYPES.includes(q.quType))
    out.push(...o.map((x, i) => w.option(i, x.content, x.image, scoreText(x.score))));
  else if (q.quType !== QuType.FILL && !(q.quType === QuType.JUDGE && isJudgeLike(o)))
    out.push(...o.map((x, i) => w.option(i, x.content, x.image)));
  if (child) out.push(w.line(`子题型：${QU_TYPE_TITLES[q.quType]}`));
  const after = { paren: true };
  const answer = answerOf(q, lost);
  if (answer !== undefined) out.push(w.line(`答案：${answer}`));
  if (q.quType === QuType.SHORT) out.push(...w.rich(q.refAnswer, '答案：', after));
  if (q.quType === QuType.SHORT && q.keywords) out.push(w.line(`关键词：${splitAlternatives(q.keywords).join('|')}`));
  if (q.analysis) out.push(...w.rich(q.analysis, '解析：', after));
  if (q.level === 2) out.push(w.line('难度：较难'));
  if (composite) for (const [k, s] of q.subs.entries()) out.push(...questionOf(s, `（${k + 1}）`, w, lost, true));
  return out;
}

async function build(
  questions: WordQu[],
  chapterOf: (chapterId: string) => string,
  imageData: ImageHook | undefined,
  intro: string[],
): Promise<DocxExportResult> {
  const notes: ExportNote[] = [];
  const body: (Paragraph | Table)[] = intro.map((t) => new Paragraph(t));
  let chapter = '';
  let type: number | undefined;
  let sections = 0;
  for (const [i, q] of questions.entries()) {
    const c = chapterOf(q.chapterId);
    if (c !== chapter) {
      body.push(new Paragraph(`章节：${c}`));
      chapter = c;
      type = undefined;
    }
    if (q.quType !== type) {
      const text = `${chineseNumber(++sections)}、${typeHeading(q.quType)}`;
      body.push(new Paragraph({ text, heading: HeadingLevel.HEADING_2 }));
      type = q.quType;
    }
    const lost = new Set<string>();
    body.push(...questionOf(q, `${i + 1}. `, questionWriter(imageData, lost), lost));
    for (const reason of lost) notes.push({ id: q.id, reason });
  }
  const data = await Packer.toBuffer(new Document({ sections: [{ children: body }] }));
  return { data, skipped: [], notes };
}

/**
 * Writes stored questions as a .docx in the layout `readDocx` reads, in the bank's order: a type heading
 * (一、单选题 …) wherever the type changes, 章节： wherever the chapter does, questions numbered 1, 2, … throughout.
 * Pictures are embedded when `imageData` gives their bytes, else written as `[图片:URL]`.
 */
export function writeDocx(
  questions: WordQu[],
  chapterOf: (chapterId: string) => string = () => '',
  imageData?: ImageHook,
  /** Paragraphs before the first question (the example's explanation; the reader skips them). */
  intro: string[] = [],
): Promise<DocxExportResult> {
  return build(questions, chapterOf, imageData, intro);
}
