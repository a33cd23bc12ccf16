import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ARCHIVE_UNREADABLE, assertArchiveWithinLimits } from './archive';
import { badRequest } from './errors';
import { attachmentDisposition } from './http/content-disposition';

/** An import template unpacks to a few megabytes; far more is no template (or a zip bomb). */
const XLSX_LIMITS = { maxEntries: 1000, maxTotalBytes: 64 * 2 ** 20, maxEntryBytes: 64 * 2 ** 20 };

/**
 * Reads the first sheet of an uploaded import file made from our template: the header row must be
 * `columns`; returns each non-empty row's trimmed cells with its sheet row number (for per-row errors).
 */
export async function readTemplateRows(
  data: Buffer,
  columns: readonly string[],
  opts: { max: number; empty: string; tooMany: string; headerCount?: number },
) {
  try {
    assertArchiveWithinLimits(data, XLSX_LIMITS);
  } catch (e) {
    throw (e as Error).message === ARCHIVE_UNREADABLE ? badRequest('文件无法读取，请使用导入模板！') : e;
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件无法读取，请使用导入模板！');
  }
  const ws = wb.worksheets[0];
  // Trailing columns (e.g. optional option columns) may be left out of the header check.
  const expected = columns.slice(0, opts.headerCount ?? columns.length);
  const header = expected.map((_, i) =>
    ws
      ?.getRow(1)
      .getCell(i + 1)
      .text.trim(),
  );
  if (!ws || header.join() !== expected.join()) throw badRequest('表头与导入模板不一致，请下载模板后填写！');
  const rows: { row: number; cells: string[] }[] = [];
  for (let n = 2; n <= ws.rowCount; n++) {
    const r = ws.getRow(n);
    const cells = columns.map((_, i) => r.getCell(i + 1).text.trim());
    if (cells.some((c) => c !== '')) rows.push({ row: n, cells });
  }
  if (!rows.length) throw badRequest(opts.empty);
  if (rows.length > opts.max) throw badRequest(opts.tooMany);
  return rows;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers a download with an .xlsx file; the name may be Chinese (RFC 5987 filename*). */
export function sendXlsx(reply: FastifyReply, fileName: string, data: Buffer) {
  return sendFile(reply, fileName, XLSX_TYPE, data);
}

/** A download: the bytes under a (possibly Chinese) file name. */
export function sendFile(reply: FastifyReply, fileName: string, type: string, data: Buffer | string) {
  return reply.type(type).header('content-disposition', attachmentDisposition(fileName)).send(data);
}

/** One sheet of a list as an export: each column its header, width and value per row; the header row bold. */
export async function tableXlsx<R>(
  sheet: string,
  columns: readonly (readonly [header: string, width: number, value: (r: R) => string | number])[],
  rows: R[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map(([header, width]) => ({ header, width }));
  for (const r of rows) ws.addRow(columns.map(([, , value]) => value(r)));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
