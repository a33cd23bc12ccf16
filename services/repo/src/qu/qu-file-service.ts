import { FILE_GET_PREFIX, type ImportPreview, type QuExportFormat, type QuSaveReq } from '@exam/contracts';
import {
  type Db,
  type FullQu,
  XLSX_TYPE,
  activeStorage,
  badRequest,
  imageOf,
  storedImageOfUrl,
  loadQuestions,
  newId,
  newStorageKey,
  notFound,
  sniffBytes,
} from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { chaptersAsStored, insertChapter } from '../repo/chapter-repository';
import { repoExists } from '../repo/repo-repository';
import { exampleDocx } from './formats/docx-example';
import { writeDocx } from './formats/docx-write';
import { writeGift } from './formats/gift';
import {
  type ExportResult,
  IMAGE_REF,
  type ImportImage,
  type ImportItem,
  mimeOfName,
  replaceImageRefs,
} from './formats/import-item';
import { writeMoodleXml } from './formats/moodle-xml-write';
import { writeQtiPackage } from './formats/qti-write';
import { insertNewQuestions, quIdsOfRepo, recountRepo, topCount } from './qu-repository';
import { type ParsedFile, parseImportFile, previewOf, refusalOf } from './qu-import';
import { checkDraft } from './qu-service';
import { COLUMNS, type SheetRow, TEMPLATE_ROWS, rowsOf } from './xlsx-format';

async function workbook(rows: SheetRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('试题');
  ws.addRow([...COLUMNS]).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.columns.forEach((c, i) => (c.width = i === 5 ? 40 : 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template: one example of every type, a composite with its children. */
const quTemplate = () => workbook(TEMPLATE_ROWS);

/** A bank's questions (or the selection of them asked for), in the bank's order, with their chapters' titles. */
async function questionsOf(db: Db, repoId: string, ids?: string[]) {
  if (!(await repoExists(db, repoId))) throw notFound('题库不存在！');
  const wanted = ids && new Set(ids);
  // Only the bank's own questions: ids of other banks are not exported through this one.
  const order = (await quIdsOfRepo(db, repoId)).filter((id) => !wanted || wanted.has(id));
  const chapters = new Map((await chaptersAsStored(db, repoId)).map((c) => [c.id, c.title]));
  const qs = await loadQuestions(db, order);
  return { questions: order.map((id) => qs.get(id)!), chapterOf: (id: string) => chapters.get(id) ?? '' };
}

/** Addresses of the platform's stored files (kit SAFE_KEY behind the local prefix), and of a file's own pictures. */
const STORED_FILE = new RegExp(`${FILE_GET_PREFIX}\\d{8}/[0-9a-f]{32}\\.\\w+`, 'g');
const IMAGE_REFS = new RegExp(`${IMAGE_REF}(\\d+)`, 'g');

/** The platform's own pictures a set of questions shows, read for embedding (Moodle XML carries them as base64). */
async function picturesOf(db: Db, dataDir: string, questions: FullQu[]): Promise<Map<string, ImportImage>> {
  const urls = new Set([...JSON.stringify(questions).matchAll(STORED_FILE)].map((m) => m[0]));
  const out = new Map<string, ImportImage>();
  for (const url of urls) {
    const where = await storedImageOfUrl(db, dataDir, url);
    const data = where && (await imageOf(db, dataDir, where));
    const ext = data && (await sniffBytes(data));
    if (data && ext && IMAGE_TYPES.includes(ext))
      out.set(url, { name: where.key.split('/').pop()!, mime: mimeOfName(`x.${ext}`), data });
  }
  return out;
}

/** What a format could not carry, said at the top of the file (a teacher opening it sees what is missing). */
function withSkipped(format: QuExportFormat, r: ExportResult): string {
  if (!r.skipped.length) return r.text;
  const lines = [
    `未导出 ${r.skipped.length} 道试题（该格式无法表示）：`,
    ...r.skipped.map((x) => `${x.id}：${x.reason}`),
  ];
  if (format === 'gift') return `${lines.map((l) => `// ${l}`).join('\n')}\n\n${r.text}`;
  return r.text.replace('<quiz>', `<!--\n${lines.join('\n').replaceAll('--', '—')}\n-->\n<quiz>`);
}

/** A bank (or a selection) as a file of the format asked for: the template's .xlsx (imports back unchanged), Moodle XML, GIFT. */
async function exportRepo(
  db: Db,
  dataDir: string,
  repoId: string,
  format: QuExportFormat,
  ids?: string[],
): Promise<{ name: string; type: string; data: Buffer | string }> {
  const { questions, chapterOf } = await questionsOf(db, repoId, ids);
  if (format === 'xlsx')
    return {
      name: '试题导出.xlsx',
      type: XLSX_TYPE,
      data: await workbook(questions.flatMap((q, i) => rowsOf(q, String(i + 1), '', chapterOf(q.chapterId)))),
    };
  if (format === 'gift')
    return {
      name: '试题导出.gift',
      type: 'text/plain; charset=utf-8',
      data: withSkipped(format, writeGift(questions, chapterOf)),
    };
  const pictures = await picturesOf(db, dataDir, questions);
  if (format === 'docx') {
    const doc = await writeDocx(questions, chapterOf, (url) => pictures.get(url));
    return { name: '试题导出.docx', type: DOCX_TYPE, data: doc.data };
  }
  if (format === 'qti') {
    const pkg = writeQtiPackage(questions, chapterOf, (url) => pictures.get(url));
    return { name: '试题导出.zip', type: 'application/zip', data: pkg.data };
  }
  return {
    name: '试题导出.xml',
    type: 'application/xml; charset=utf-8',
    data: withSkipped(
      format,
      writeMoodleXml(questions, chapterOf, (url) => pictures.get(url)),
    ),
  };
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Pictures of a file the platform stores: raster images only (an SVG can carry script), each at most 5 MB. */
const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'bmp'];
const MAX_IMAGE_BYTES = 5 * 2 ** 20;
async function imageExt(img: ImportImage): Promise<string | undefined> {
  if (img.data.length > MAX_IMAGE_BYTES) return undefined;
  const ext = await sniffBytes(img.data);
  return ext && IMAGE_TYPES.includes(ext) ? ext : undefined;
}
const refsOf = (i: ImportItem) => [...JSON.stringify(i.qu ?? {}).matchAll(IMAGE_REFS)].map((m) => Number(m[1]));

/**
 * The editor's last checks on what the parsers understood: a picture that is no raster image fails the questions
 * that show it, and option pictures must be the platform's files or web addresses. A picture of the file stands
 * for the stored file it will become (a stored file's address, the shape `checkDraft` accepts).
 */
async function checked(f: ParsedFile): Promise<ParsedFile & { exts: (string | undefined)[] }> {
  const exts = await Promise.all(f.images.map(imageExt));
  const stored = `${FILE_GET_PREFIX}00000000/${'0'.repeat(32)}.png`;
  const items = f.items.map((i): ImportItem => {
    if (!i.qu || i.error) return i;
    const bad = refsOf(i).find((n) => !exts[n]);
    if (bad !== undefined) return { ...i, error: `图片“${f.images[bad]?.name ?? bad}”不是可识别的图片（或超过 5MB）` };
    const err = checkDraft({ ...replaceImageRefs(i.qu, () => stored), repoId: '' } as QuSaveReq);
    return err ? { ...i, error: err } : i;
  });
  return { ...f, items, exts };
}

/**
 * Imports a file into a bank. Without `digest` a file with any bad question imports nothing and the refusal names
 * each; with the digest of the preview the teacher confirmed, exactly the questions it showed as good are written.
 * One transaction: chapters named in the file are created, the pictures the questions use are stored first.
 */
async function importFile(
  db: Db,
  dataDir: string,
  repoId: string,
  name: string,
  data: Buffer,
  userId: string,
  digest?: string,
): Promise<{ count: number; skipped: number }> {
  if (!(await repoExists(db, repoId))) throw badRequest('题库不存在！');
  const f = await checked(await parseImportFile(name, data));
  if (digest !== undefined && digest !== f.digest) throw badRequest('文件与预览时不同，请重新选择文件预览！');
  const good = f.items.filter((i) => i.qu && !i.error);
  if (digest === undefined && f.items.some((i) => i.error)) throw badRequest(refusalOf(f.items));
  if (!good.length) throw badRequest('没有可导入的试题！');

  // Pictures are stored before the questions' transaction (a failed transaction leaves unused files, never a
  // question pointing at a missing one); only those the imported questions show.
  const urls = new Map<number, string>();
  const used = [...new Set(good.flatMap(refsOf))];
  if (used.length) {
    const storage = await activeStorage(db, dataDir);
    for (const n of used) {
      const key = newStorageKey(f.exts[n]!);
      const img = f.images[n];
      await storage.put(key, { body: img.data, size: img.data.length, contentType: img.mime });
      urls.set(n, storage.urlOf(key));
    }
  }
  await db.transaction(async (tx) => {
    const chapters = new Map((await chaptersAsStored(tx, repoId)).map((c) => [c.title, c.id]));
    const sortBase = await topCount(tx, repoId);
    const list = [];
    for (const i of good) {
      if (i.chapter && !chapters.has(i.chapter)) {
        const id = newId();
        await insertChapter(tx, { id, repoId, title: i.chapter, sort: chapters.size + 1 });
        chapters.set(i.chapter, id);
      }
      const qu = replaceImageRefs(i.qu!, (n) => urls.get(n)!);
      list.push({
        req: { ...qu, repoId, chapterId: i.chapter ? chapters.get(i.chapter) : '' },
        sort: sortBase + list.length + 1,
      });
    }
    await insertNewQuestions(tx, list, userId);
    await recountRepo(tx, repoId);
  });
  return { count: good.length, skipped: f.items.filter((i) => i.error).length };
}

/** Question files of a bank: the template, export, the preview of an import and the import. */
export function quFileService(db: Db, dataDir: string) {
  return {
    template: quTemplate,
    docxExample: async () => ({ name: '试题导入示例.docx', type: DOCX_TYPE, data: await exampleDocx() }),
    export: (repoId: string, format: QuExportFormat = 'xlsx', ids?: string[]) =>
      exportRepo(db, dataDir, repoId, format, ids),
    async preview(repoId: string, name: string, data: Buffer): Promise<ImportPreview> {
      if (!(await repoExists(db, repoId))) throw badRequest('题库不存在！');
      return previewOf(await checked(await parseImportFile(name, data)));
    },
    import: (repoId: string, name: string, data: Buffer, userId: string, digest?: string) =>
      importFile(db, dataDir, repoId, name, data, userId, digest),
  };
}
