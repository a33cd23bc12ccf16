import type { RecordRow } from '@exam/contracts';
import ExcelJS from 'exceljs';

/** The export's columns, in the list's order (same texts as on screen). */
export const RECORD_COLUMNS: { header: string; key: keyof RecordRow | 'scoreText'; width: number }[] = [
  { header: '姓名', key: 'realName', width: 14 },
  { header: '账号', key: 'userName', width: 16 },
  { header: '开始时间', key: 'startTime', width: 20 },
  { header: '交卷时间', key: 'handTime', width: 20 },
  { header: '用时(秒)', key: 'userTime', width: 10 },
  { header: '客观题得分', key: 'objScore', width: 11 },
  { header: '主观题得分', key: 'subjScore', width: 11 },
  { header: '总得分', key: 'scoreText', width: 10 },
  { header: '试卷总分', key: 'totalScore', width: 10 },
  { header: '是否通过', key: 'passed_dictText', width: 10 },
  { header: '试卷状态', key: 'state_dictText', width: 10 },
  { header: '切屏次数', key: 'leaveTimes', width: 10 },
  { header: '考卷状态', key: 'exState_dictText', width: 10 },
  { header: '说明', key: 'exMsg', width: 30 },
];

export async function exportRecords(title: string, rows: RecordRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  // Sheet names are limited to 31 characters and some punctuation.
  const ws = wb.addWorksheet(title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || '考试记录');
  ws.columns = RECORD_COLUMNS;
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow({ ...r, scoreText: r.userScore ?? '' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
