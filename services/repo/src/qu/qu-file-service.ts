import { FILE_GET_PREFIX, type ImportPreview, type QuSaveReq } from '@exam/contracts';
import {
  type Db,
  activeStorage,
  badRequest,
  loadQuestions,
  newId,
  newStorageKey,
  notFound,
  sniffBytes,
} from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { chaptersAsStored, insertChapter } from '../repo/chapter-repository';
import { repoExists } from '../repo/repo-repository';
import { type ImportImage, type ImportItem, replaceImageRefs } from './formats/import-item';
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

/** Every question of a bank, in the template's format (imports back unchanged). */
async function exportRepo(db: Db, repoId: string): Promise<Buffer> {
  if (!(await repoExists(db, repoId))) throw notFound('题库不存在！');
  const ids = await quIdsOfRepo(db, repoId);
  const chapters = new Map((await chaptersAsStored(db, repoId)).map((c) => [c.id, c.title]));
  const qs = await loadQuestions(db, ids);
  return workbook(
    ids.flatMap((id, i) => rowsOf(qs.get(id)!, String(i + 1), '', chapters.get(qs.get(id)!.chapterId) ?? '')),
  );
}

/** Pictures of a file the platform stores: raster images only (an SVG can carry script), each at most 5 MB. */
const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'bmp'];
const MAX_IMAGE_BYTES = 5 * 2 ** 20;
async function imageExt(img: ImportImage): Promise<string | undefined> {
  if (img.data.length > MAX_IMAGE_BYTES) return undefined;
  const ext = await sniffBytes(img.data);
  return ext && IMAGE_TYPES.includes(ext) ? ext : undefined;
}
const refsOf = (i: ImportItem) =>
  [...JSON.stringify(i.qu ?? {}).matchAll(/import-image:(\d+)/g)].map((m) => Number(m[1]));

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
    export: (repoId: string) => exportRepo(db, repoId),
    async preview(repoId: string, name: string, data: Buffer): Promise<ImportPreview> {
      if (!(await repoExists(db, repoId))) throw badRequest('题库不存在！');
      return previewOf(await checked(await parseImportFile(name, data)));
    },
    import: (repoId: string, name: string, data: Buffer, userId: string, digest?: string) =>
      importFile(db, dataDir, repoId, name, data, userId, digest),
  };
}
