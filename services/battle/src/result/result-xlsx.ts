import type { BattleRankRow } from '@exam/contracts';
import ExcelJS from 'exceljs';

const COLUMNS: [header: string, width: number, value: (r: BattleRankRow) => string | number][] = [
  ['排名', 8, (r) => r.rank],
  ['姓名', 14, (r) => r.realName],
  ['部门', 18, (r) => r.deptName],
  ['最高得分', 10, (r) => r.bestScore],
  ['参赛场次', 10, (r) => r.rounds],
  ['获胜场次', 10, (r) => r.wins],
  ['正确率(%)', 10, (r) => r.rightRate],
];

/** A battle's leaderboard as an .xlsx sheet. */
export async function rankXlsx(rows: BattleRankRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('排行榜');
  ws.columns = COLUMNS.map(([header, width]) => ({ header, width }));
  for (const r of rows) ws.addRow(COLUMNS.map(([, , value]) => value(r)));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
