import { type QuSaveReq, QuType } from '@exam/contracts';
import { type Db, badRequest, loadQuestions, newId, notFound, readTemplateRows } from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { chaptersAsStored, insertChapter } from '../repo/chapter-repository';
import { repoExists } from '../repo/repo-repository';
import { insertNewQuestions, quIdsOfRepo, recountRepo, topCount } from './qu-repository';
import { checkDraft } from './qu-service';
import { COLUMNS, type RowDraft, type SheetRow, TEMPLATE_ROWS, draftOf, rowsOf } from './xlsx-format';

const MAX_IMPORT_ROWS = 5000;

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

async function readSheet(data: Buffer): Promise<RowDraft[]> {
  const rows = await readTemplateRows(data, COLUMNS, {
    headerCount: 10,
    max: MAX_IMPORT_ROWS,
    empty: '文件中没有试题数据！',
    tooMany: `每次最多导入 ${MAX_IMPORT_ROWS} 行！`,
  });
  return rows.map((r) => draftOf(r.cells, r.row));
}

const reqOf = (d: RowDraft, repoId: string): QuSaveReq => ({
  repoId,
  quType: d.quType as QuSaveReq['quType'],
  level: d.level as 1 | 2,
  content: d.content,
  refAnswer: d.refAnswer,
  keywords: d.keywords,
  analysis: d.analysis,
  answerList: d.answerList,
});

/**
 * Imports a sheet into a bank: every row is checked with the editor's rules; a file with any error
 * imports nothing and the refusal names each bad row. Chapters named in the file are created.
 */
async function importRepo(db: Db, repoId: string, data: Buffer, userId: string): Promise<number> {
  if (!(await repoExists(db, repoId))) throw badRequest('题库不存在！');
  const rows = await readSheet(data);
  const errors: string[] = [];
  const parents = new Map<string, { d: RowDraft; req: QuSaveReq }>();
  for (const d of rows) {
    if (d.error) errors.push(`第${d.row}行：${d.error}`);
    else if (d.parentNo) {
      const p = parents.get(d.parentNo);
      if (!p || p.d.quType !== QuType.COMPOSITE) errors.push(`第${d.row}行：父题编号 ${d.parentNo} 不是前面的组合题`);
      else p.req.subList = [...(p.req.subList ?? []), reqOf(d, repoId)];
    } else if (parents.has(d.no)) errors.push(`第${d.row}行：题目编号 ${d.no} 重复`);
    else parents.set(d.no, { d, req: reqOf(d, repoId) });
  }
  for (const { d, req } of parents.values()) {
    const err = checkDraft(req);
    if (err) errors.push(`第${d.row}行：${err}`);
  }
  if (errors.length) {
    const more = errors.length > 20 ? `\n……共 ${errors.length} 行有错误` : '';
    throw badRequest(`导入失败，没有导入任何数据：\n${errors.slice(0, 20).join('\n')}${more}`);
  }
  await db.transaction(async (tx) => {
    const chapters = new Map((await chaptersAsStored(tx, repoId)).map((c) => [c.title, c.id]));
    const sortBase = await topCount(tx, repoId);
    const list = [];
    for (const { d, req } of parents.values()) {
      if (d.chapter && !chapters.has(d.chapter)) {
        const id = newId();
        await insertChapter(tx, { id, repoId, title: d.chapter, sort: chapters.size + 1 });
        chapters.set(d.chapter, id);
      }
      list.push({
        req: { ...req, chapterId: d.chapter ? chapters.get(d.chapter) : '' },
        sort: sortBase + list.length + 1,
      });
    }
    await insertNewQuestions(tx, list, userId);
    await recountRepo(tx, repoId);
  });
  return parents.size;
}

/** Question import and export of a bank, and the template (the downloads of qu-xlsx-routes). */
export function quXlsxService(db: Db) {
  return {
    template: quTemplate,
    export: (repoId: string) => exportRepo(db, repoId),
    import: (repoId: string, data: Buffer, userId: string) => importRepo(db, repoId, data, userId),
  };
}
