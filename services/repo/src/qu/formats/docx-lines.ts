import { createHash } from 'node:crypto';
import { ARCHIVE_UNREADABLE, badRequest, escapeHtml } from '@exam/server-kit';
import mammoth from 'mammoth';
import { MARKS } from './docx-layout';
import { type ImportImage, decodeEntities, imageRef } from './import-item';
import { DOCTYPE_REFUSED } from './import-item';
import { readZip } from './zip';

/*
 * A Word file as the reader sees it: mammoth's HTML (after the zip was checked) cut into lines, one per paragraph
 * and per line break, each a list of runs that keep their formatting, pictures and tables.
 */

export const NOT_DOCX = '文件不是有效的 Word 文档（.docx）';

/**
 * Checks the zip before mammoth (JSZip) opens it, with the platform's archive guard (`readZip` unpacks through kit
 * `readArchive`, the reader of `assertArchiveWithinLimits(`: entry count, declared sizes and ratios, entries that
 * inflate beyond what they declared, unsafe paths), then the Word parts: the document is there, no XML part declares
 * a DOCTYPE.
 */
async function checkZip(buf: Buffer): Promise<void> {
  let files: Map<string, Buffer>;
  try {
    files = await readZip(buf);
  } catch (e) {
    throw e instanceof Error && e.message === ARCHIVE_UNREADABLE ? badRequest(NOT_DOCX) : e;
  }
  if (!files.has('word/document.xml')) throw badRequest(NOT_DOCX);
  for (const [name, data] of files)
    if (/\.(xml|rels)$/i.test(name) && data.includes('<!DOCTYPE')) throw badRequest(DOCTYPE_REFUSED);
}

/** The character a picture or a table stands for in a line's text. */
export const OBJ = '\uFFFC';
type Img = { src: string; alt: string };
/** A piece of a paragraph; `\n` in text is a line break; a picture or a table is one OBJ. */
export type Run = { text: string; marks: number; img?: Img; html?: string };
/** A paragraph (`soft`: it follows a line break of the one before), or a table (`block`). */
export type Para = { runs: Run[]; soft: boolean; block?: boolean };
export type Line = Para & { heading: boolean; list?: { ordered: boolean; depth: number } };

export const textOf = (runs: Run[]) => runs.map((r) => r.text).join('');
export function sliceRuns(runs: Run[], from: number, to = Number.POSITIVE_INFINITY): Run[] {
  const out: Run[] = [];
  let pos = 0;
  for (const r of runs) {
    const end = pos + r.text.length;
    if (end > from && pos < to) out.push({ ...r, text: r.text.slice(Math.max(from - pos, 0), to - pos) });
    pos = end;
  }
  return out;
}
export function trimRuns(runs: Run[]): Run[] {
  const out = runs.filter((r) => r.text);
  const first = out.findIndex((r) => r.text.trim());
  if (first < 0) return [];
  let last = out.length - 1;
  while (!out[last].text.trim()) last--;
  const kept = out.slice(first, last + 1);
  kept[0] = { ...kept[0], text: kept[0].text.trimStart() };
  kept[kept.length - 1] = { ...kept[kept.length - 1], text: kept[kept.length - 1].text.trimEnd() };
  return kept;
}

const imgHtml = (i: Img) => `<img src="${i.src}"${i.alt ? ` alt="${escapeHtml(i.alt)}"` : ''}>`;
/** Runs as the editor's HTML: tags opened and closed only where the marks change. */
export function runsHtml(runs: Run[]): string {
  let out = '';
  const open: string[] = [];
  for (const r of runs) {
    const want = MARKS.filter((_, i) => r.marks & (1 << i));
    let keep = 0;
    while (keep < open.length && open[keep] === want[keep]) keep++;
    while (open.length > keep) out += `</${open.pop()}>`;
    for (const t of want.slice(keep)) {
      out += `<${t}>`;
      open.push(t);
    }
    out += r.html ?? (r.img ? imgHtml(r.img) : escapeHtml(r.text).replace(/\n/g, '<br>'));
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}
/** A rich field: paragraphs, those after a line break joined by <br>, tables as they are. */
export function richHtml(paras: Para[]): string {
  let out = '';
  let open = false;
  for (const p of paras) {
    const runs = trimRuns(p.runs);
    if (!runs.length) continue;
    if (p.block) out += `${open ? '</p>' : ''}${runs[0].html}`;
    else out += p.soft && open ? `<br>${runsHtml(runs)}` : `${open ? '</p>' : ''}<p>${runsHtml(runs)}`;
    open = !p.block;
  }
  return open ? `${out}</p>` : out;
}
/** An option's runs: its paragraphs joined by line breaks. */
export const inlineRuns = (paras: Para[]) =>
  trimRuns(paras.flatMap((p, i) => (i ? [{ text: '\n', marks: 0 }, ...p.runs] : p.runs)));

const TAG = /<(\/?)([a-z][a-z0-9]*)([^>]*?)\s*\/?>|([^<]+)/g;
const attrOf = (attrs: string, name: string) => decodeEntities(new RegExp(`${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');

/**
 * mammoth's HTML as lines: one per paragraph, heading, list item or table, and one more after each line break
 * (options are often typed on lines of one paragraph). Table cells are rebuilt the way paragraphs are.
 */
function linesOf(html: string, refs: string[]): Line[] {
  const lines: Line[] = [];
  const lists: boolean[] = [];
  let line: Line | undefined;
  let marks = 0;
  let table = '';
  let tables = 0;
  let cell: Run[] = [];
  const runs = () => (tables ? cell : (line ??= { runs: [], soft: false, heading: false }).runs);
  const end = () => {
    if (tables) {
      const kept = trimRuns(cell);
      if (kept.length) table += `<p>${runsHtml(kept)}</p>`;
      cell = [];
    } else if (line && trimRuns(line.runs).length) lines.push(line);
    line = undefined;
  };
  for (const [, close, name, attrs, text] of html.matchAll(TAG)) {
    if (text !== undefined) {
      runs().push({ text: decodeEntities(text), marks });
      continue;
    }
    const mark = MARKS.indexOf(name as (typeof MARKS)[number]);
    if (mark >= 0) marks = close ? marks & ~(1 << mark) : marks | (1 << mark);
    else if (name === 'img')
      runs().push({
        text: OBJ,
        marks,
        img: { src: refs[Number(attrOf(attrs, 'src'))] ?? '', alt: attrOf(attrs, 'alt') },
      });
    else if (name === 'br') {
      if (tables) cell.push({ text: '\n', marks });
      else {
        // The lines after a break belong to the paragraph's text, not to its heading style or list numbering.
        end();
        line = { runs: [], soft: true, heading: false };
      }
    } else if (name === 'table') {
      end();
      tables += close ? -1 : 1;
      table += `<${close}table>`;
      if (!tables) {
        lines.push({ runs: [{ text: OBJ, marks: 0, html: table }], soft: false, block: true, heading: false });
        table = '';
      }
    } else if (tables && /^(thead|tbody|tr|td|th)$/.test(name)) {
      end();
      const span = ['colspan', 'rowspan'].map((a) => (attrOf(attrs, a) ? ` ${a}="${attrOf(attrs, a)}"` : ''));
      table += `<${close}${name}${close ? '' : span.join('')}>`;
    } else if (name === 'ol' || name === 'ul') {
      end();
      if (close) lists.pop();
      else lists.push(name === 'ol');
    } else if (/^(p|h[1-6]|li)$/.test(name)) {
      end();
      if (!close && !tables)
        line = {
          runs: [],
          soft: false,
          heading: name[0] === 'h',
          list: name === 'li' ? { ordered: !!lists.at(-1), depth: lists.length } : undefined,
        };
    }
  }
  end();
  return lines;
}

/** The document as mammoth's HTML, and its pictures (the same bytes once) as `imageRef`s by mammoth's src. */
async function htmlOf(buf: Buffer, images: ImportImage[]): Promise<{ html: string; refs: string[] }> {
  const slots: Promise<{ data: Buffer; mime: string }>[] = [];
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: buf },
      {
        styleMap: ['u => u', 'strike => s'],
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          // Numbered when met (document order), read after.
          const slot = slots.length;
          slots.push(image.readAsBuffer().then((data) => ({ data, mime: image.contentType })));
          return { src: String(slot) };
        }),
      },
    );
    html = result.value;
  } catch {
    throw badRequest(NOT_DOCX);
  }
  const seen = new Map<string, number>();
  const refs: string[] = [];
  for (const { data, mime } of await Promise.all(slots)) {
    const key = createHash('sha1').update(data).digest('hex');
    if (!seen.has(key)) {
      seen.set(key, images.length);
      images.push({ name: `image${images.length + 1}.${mime.split('/')[1] ?? 'bin'}`, mime, data });
    }
    refs.push(imageRef(seen.get(key)!));
  }
  return { html, refs };
}

/**
 * A .docx as lines of runs, and its pictures. Refused whole: no zip or no Word document, too large unpacked (or a
 * zip bomb), a DOCTYPE in its XML. Footnotes and endnotes, which mammoth lists at the end, are left out.
 */
export async function docxLines(buf: Buffer): Promise<{ lines: Line[]; images: ImportImage[] }> {
  await checkZip(buf);
  const images: ImportImage[] = [];
  const { html, refs } = await htmlOf(buf, images);
  return { lines: linesOf(html.replace(/<ol><li id="(?:foot|end)note-[\s\S]*$/, ''), refs), images };
}
