import { createHash } from 'node:crypto';
import {
  CHOICE_TYPES,
  type ImportPreview,
  type ImportPreviewItem,
  QU_FILE_FORMATS,
  QU_TYPE_TITLES,
  type QuFileFormat,
  QuType,
  SCALE_TYPES,
  abcOf,
} from '@exam/contracts';
import { badRequest, readTemplateRows, richTextToPlain, splitAlternatives } from '@exam/server-kit';
import { parseAiken } from './formats/aiken';
import { parseGift } from './formats/gift';
import {
  type ImportItem,
  type ImportResult,
  MAX_IMPORT_ITEMS,
  type QuDraftReq,
  assertImportSize,
  decodeText,
  checkedItem,
  failedItem,
  tooManyItems,
} from './formats/import-item';
import { NOT_DOCX } from './formats/docx-lines';
import { readDocx } from './formats/docx-read';
import { parseMoodleXml } from './formats/moodle-xml';
import { readQtiPackage } from './formats/qti-read';
import { COLUMNS, type RowDraft, draftOf } from './xlsx-format';

/** A parsed import file: its format, its questions (good and bad), its pictures, and its digest. */
export type ParsedFile = ImportResult & { format: QuFileFormat; digest: string };

const MAX_XLSX_ROWS = 5000;
/** The preview lists every bad item and the first good ones, up to this many in all. */
export const PREVIEW_ITEMS = 500;

/** The files the import reads, by extension (the content decides the format). */
export const IMPORT_EXTS = ['xlsx', 'docx', 'xml', 'gift', 'txt', 'zip'];
export const TEXT_EXTS = ['xml', 'gift', 'txt'];
export const BAD_TYPE = '只能导入 .xlsx、.docx、.xml、.gift、.txt 或 .zip（QTI）文件！';

const isZip = (d: Buffer) => d.length > 4 && d.readUInt32LE(0) === 0x04034b50;

/**
 * The format of a file by its content, the name only breaking ties between the text formats: a zip with a workbook
 * is .xlsx, XML with a <quiz> is Moodle, text with ANSWER: lines and no GIFT braces is Aiken, text with braces GIFT.
 */
export function detectFormat(name: string, data: Buffer, text: string): QuFileFormat {
  const ext = (name.split('.').pop() ?? '').toLowerCase();
  if (isZip(data)) {
    // Names of the entries are in the zip's directory as plain bytes.
    if (data.includes('xl/workbook.xml') || ext === 'xlsx') return 'xlsx';
    if (data.includes('word/document.xml') || ext === 'docx') return 'docx';
    if (data.includes('imsmanifest.xml')) return 'qti';
    throw badRequest('压缩包不是 QTI 题目包（缺少 imsmanifest.xml）！');
  }
  if (ext === 'xlsx') throw badRequest('文件不是有效的 .xlsx 文件！');
  if (ext === 'docx') throw badRequest(NOT_DOCX);
  if (ext === 'zip') throw badRequest('文件不是有效的 .zip 压缩包！');
  if (!['xml', 'txt', 'gift'].includes(ext)) throw badRequest(BAD_TYPE);
  const head = text.slice(0, 4096).trimStart();
  if (head.startsWith('<')) {
    if (/<quiz[\s>]/.test(head) || /<!DOCTYPE/i.test(head)) return 'moodle';
    throw badRequest('XML 文件不是 Moodle XML 题目文件（缺少 <quiz> 根元素）！');
  }
  if (ext === 'gift') return 'gift';
  return /^\s*ANSWER\s*[:：]/im.test(text) && !/\{[^}]*\}/.test(text) ? 'aiken' : 'gift';
}

/** Reads any supported file into items (bounded in size and count). */
export async function parseImportFile(name: string, data: Buffer): Promise<ParsedFile> {
  assertImportSize(data.length);
  if (!data.length) throw badRequest('文件内容为空！');
  // Every format but the zips is text, decoded once for telling the format and for reading it.
  const text = isZip(data) ? '' : decodeText(data);
  const format = detectFormat(name, data, text);
  const parsed =
    format === 'xlsx'
      ? { items: await xlsxItems(data), images: [] }
      : format === 'docx'
        ? await readDocx(data)
        : format === 'qti'
          ? await readQtiPackage(data)
          : format === 'moodle'
            ? parseMoodleXml(data)
            : format === 'gift'
              ? parseGift(text)
              : parseAiken(text);
  if (parsed.items.length > MAX_IMPORT_ITEMS) throw tooManyItems();
  if (!parsed.items.some((i) => i.qu || i.error)) throw badRequest('文件中没有试题数据！');
  return { ...parsed, format, digest: createHash('sha256').update(data).digest('hex') };
}

const editOf = (d: RowDraft): QuDraftReq => ({
  quType: d.quType as QuDraftReq['quType'],
  level: d.level as 1 | 2,
  content: d.content,
  refAnswer: d.refAnswer,
  keywords: d.keywords,
  analysis: d.analysis,
  answerList: d.answerList,
});

/**
 * The template's rows as items: a row is a question, a composite's children are rows naming it as their parent
 * (a bad child fails its parent too: a composite is imported whole or not at all).
 */
async function xlsxItems(data: Buffer): Promise<ImportItem[]> {
  const rows = await readTemplateRows(data, COLUMNS, {
    headerCount: 10,
    max: MAX_XLSX_ROWS,
    empty: '文件中没有试题数据！',
    tooMany: `每次最多导入 ${MAX_XLSX_ROWS} 行！`,
  });
  const tops: { d: RowDraft; qu: QuDraftReq; childErrors: string[] }[] = [];
  const failed: ImportItem[] = [];
  const byNo = new Map<string, (typeof tops)[number]>();
  for (const r of rows) {
    const d = draftOf(r.cells, r.row);
    const ref = `第${d.row}行`;
    if (d.parentNo) {
      const p = byNo.get(d.parentNo);
      if (!p || p.d.quType !== QuType.COMPOSITE)
        failed.push(failedItem(ref, d.chapter, `父题编号 ${d.parentNo} 不是前面的组合题`));
      else if (d.error) {
        failed.push(failedItem(ref, d.chapter, d.error));
        p.childErrors.push(ref);
      } else p.qu.subList = [...(p.qu.subList ?? []), editOf(d)];
    } else if (d.error) failed.push(failedItem(ref, d.chapter, d.error));
    else if (byNo.has(d.no)) failed.push(failedItem(ref, d.chapter, `题目编号 ${d.no} 重复`));
    else {
      const top = { d, qu: editOf(d), childErrors: [] };
      byNo.set(d.no, top);
      tops.push(top);
    }
  }
  const items = tops.map(({ d, qu, childErrors }) =>
    childErrors.length
      ? { ...failedItem(`第${d.row}行`, d.chapter, `子题有错误（${childErrors.join('、')}）`), qu }
      : checkedItem(`第${d.row}行`, d.chapter, qu),
  );
  // In the file's order, as the refusal lists them.
  return [...items, ...failed].sort((a, b) => rowOf(a) - rowOf(b));
}
const rowOf = (i: ImportItem) => Number(/\d+/.exec(i.ref)?.[0] ?? 0);

/** The right answer as the editor would show it, per type. */
function answerText(q: QuDraftReq): string {
  const opts = q.answerList ?? [];
  if (SCALE_TYPES.includes(q.quType)) return opts.map((o, i) => `${abcOf(i)}=${o.score ?? 0}`).join(' ');
  if (q.quType === QuType.JUDGE) return richTextToPlain(opts.find((o) => o.isRight)?.content ?? '');
  if (CHOICE_TYPES.includes(q.quType)) return opts.flatMap((o, i) => (o.isRight ? [abcOf(i)] : [])).join('');
  if (q.quType === QuType.FILL) return opts.map((o) => splitAlternatives(o.answer ?? '').join(' / ')).join('；');
  if (q.quType === QuType.MATCH) return opts.map((o) => `${richTextToPlain(o.content ?? '')}→${o.answer}`).join('；');
  if (q.quType === QuType.COMPOSITE) return (q.subList ?? []).map((s, i) => `(${i + 1}) ${answerText(s)}`).join(' ');
  return richTextToPlain(q.refAnswer ?? '');
}

const short = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s);

function previewItem(i: ImportItem): ImportPreviewItem {
  const q = i.qu;
  const fill = q?.quType === QuType.FILL;
  return {
    ref: i.ref,
    chapter: i.chapter,
    quType: q?.quType ?? 0,
    quType_dictText: q ? (QU_TYPE_TITLES[q.quType] ?? '') : '',
    content: short(richTextToPlain(q?.content ?? '')),
    options: fill
      ? []
      : (q?.answerList ?? []).map(
          (o, n) => `${abcOf(n)}. ${short(richTextToPlain(o.content ?? ''), 80)}${o.image ? ' [图片]' : ''}`,
        ),
    answer: q ? short(answerText(q)) : '',
    subCount: q?.subList?.length ?? 0,
    error: i.error ?? '',
    note: i.note ?? '',
  };
}

/** What the dialog shows before anything is written. */
export function previewOf(f: ParsedFile): ImportPreview {
  const bad = f.items.filter((i) => i.error);
  const good = f.items.filter((i) => i.qu && !i.error);
  const shown = new Set([...bad, ...good.slice(0, Math.max(0, PREVIEW_ITEMS - bad.length))].slice(0, PREVIEW_ITEMS));
  return {
    format: f.format,
    formatTitle: QU_FILE_FORMATS[f.format].title,
    digest: f.digest,
    okCount: good.length,
    failCount: bad.length,
    imageCount: f.images.length,
    items: f.items.filter((i) => shown.has(i)).map(previewItem),
  };
}

/** The all-or-nothing refusal of a file with bad items (the import without a preview). */
export function refusalOf(items: ImportItem[]): string {
  const errors = items.filter((i) => i.error).map((i) => `${i.ref}：${i.error}`);
  const more = errors.length > 20 ? `\n……共 ${errors.length} 道题有错误` : '';
  return `导入失败，没有导入任何数据：\n${errors.slice(0, 20).join('\n')}${more}`;
}
