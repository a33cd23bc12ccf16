import type { CertGrantRow } from '@exam/contracts';
import ExcelJS from 'exceljs';

const STATE_NAMES: Record<string, string> = { valid: '有效', revoked: '已撤销', expired: '已过期' };
const SOURCE_NAMES: Record<string, string> = { exam: '考试', course: '课程', manual: '手动发放' };

const COLUMNS: [header: string, width: number, value: (r: CertGrantRow) => string | number][] = [
  ['证书编号', 20, (r) => r.number],
  ['证书名称', 24, (r) => r.title],
  ['姓名', 12, (r) => r.realName],
  ['账号', 16, (r) => r.userName],
  ['部门', 16, (r) => r.deptName],
  ['来源类型', 10, (r) => SOURCE_NAMES[r.sourceType] ?? r.sourceType],
  ['来源', 28, (r) => r.sourceTitle],
  ['成绩', 8, (r) => r.score ?? ''],
  ['发证时间', 20, (r) => r.grantTime],
  ['有效期至', 20, (r) => r.expireTime || '长期有效'],
  ['状态', 8, (r) => STATE_NAMES[r.state] ?? r.state],
  ['撤销原因', 24, (r) => r.revokeReason],
  ['验证码', 30, (r) => r.code],
];

/** The admin list's grants as an .xlsx sheet. */
export async function grantsXlsx(rows: CertGrantRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('证书发放记录');
  ws.columns = COLUMNS.map(([header, width]) => ({ header, width }));
  for (const r of rows) ws.addRow(COLUMNS.map(([, , value]) => value(r)));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
