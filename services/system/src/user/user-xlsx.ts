import type { UserRow } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, hashPassword, newId, readTemplateRows } from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { departsByCode } from '../depart/depart-repository';
import { LEVEL_MSG, levelOf, rolesBeyond } from '../role/levels';
import { allRoles, rolesByLevel } from '../role/role-repository';
import { insertUserRoles, insertUsers, takenUserNames } from './user-repository';
import { userFormError } from './user-rules';
const STATE_TEXT: Record<number, string> = { 0: '正常', 1: '禁用', 2: '待审核' };

/** Template columns, in order; the import reads them by position and checks the header row. */
const IMPORT_COLUMNS = ['账号', '姓名', '部门编码', '角色', '密码', '手机号', '邮箱', '身份证号'] as const;
export const MAX_IMPORT_ROWS = 2000;

export async function exportUsers(rows: (UserRow & { email?: string })[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.columns = [
    { header: '账号', key: 'userName', width: 18 },
    { header: '姓名', key: 'realName', width: 14 },
    { header: '部门', key: 'deptCode_dictText', width: 18 },
    { header: '部门编码', key: 'deptCode', width: 14 },
    { header: '角色', key: 'roleNames', width: 20 },
    { header: '手机号', key: 'mobile', width: 14 },
    { header: '邮箱', key: 'email', width: 22 },
    { header: '状态', key: 'stateText', width: 8 },
    { header: '创建时间', key: 'createTime', width: 20 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow({ ...r, stateText: STATE_TEXT[r.state] ?? '' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template, with the departments and roles one may use on sheets of their own. */
export async function importTemplate(db: Db): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户导入');
  ws.addRow([...IMPORT_COLUMNS]).font = { bold: true };
  ws.addRow(['zhangsan', '张三', 'A01', '学员', 'Exam@2026', '13800000000', 'zhangsan@example.com', '']);
  ws.columns.forEach((c) => (c.width = 18));
  const depts = wb.addWorksheet('部门编码');
  depts.addRow(['部门编码', '部门名称']).font = { bold: true };
  for (const d of await departsByCode(db)) depts.addRow([d.deptCode, d.deptName]);
  const roles = wb.addWorksheet('角色');
  roles.addRow(['角色名称', '角色ID']).font = { bold: true };
  for (const r of await rolesByLevel(db)) roles.addRow([r.roleName, r.id]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Parsed = {
  row: number;
  userName: string;
  realName: string;
  deptCode: string;
  roles: string[];
  password: string;
  mobile: string;
  email: string;
  idCard: string;
};

async function readRows(data: Buffer): Promise<Parsed[]> {
  const rows = await readTemplateRows(data, IMPORT_COLUMNS, {
    max: MAX_IMPORT_ROWS,
    empty: '文件中没有用户数据！',
    tooMany: `每次最多导入 ${MAX_IMPORT_ROWS} 个用户！`,
  });
  return rows.map(({ row, cells: [userName, realName, deptCode, roles, password, mobile, email, idCard] }) => ({
    row,
    userName,
    realName,
    deptCode,
    roles: roles
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean),
    password,
    mobile,
    email,
    idCard,
  }));
}

/**
 * Imports users from the template: every row is checked with the user form's rules, and either all
 * rows are imported in one transaction or none (docs/decisions.md), the refusal naming each bad row.
 */
export async function importUsers(db: Db, data: Buffer, me: AuthUser): Promise<number> {
  const rows = await readRows(data);
  const depts = new Set((await departsByCode(db)).map((d) => d.deptCode));
  const roles = await allRoles(db);
  const top = await levelOf(db, me.roles);
  const beyond = new Set(
    await rolesBeyond(
      db,
      me,
      roles.map((r) => r.id),
    ),
  );
  const taken = await takenUserNames(
    db,
    rows.map((r) => r.userName.toLowerCase()),
  );
  const seen = new Set<string>();
  const errors: string[] = [];
  const ready = rows.map((r) => {
    const roleIds = r.roles.map((x) => roles.find((role) => role.id === x || role.roleName === x));
    const msg =
      userFormError({ ...r, roles: r.roles }, true) ??
      (taken.has(r.userName.toLowerCase()) ? `用户名 ${r.userName} 已存在` : undefined) ??
      (seen.has(r.userName.toLowerCase()) ? `用户名 ${r.userName} 在文件中重复` : undefined) ??
      (depts.has(r.deptCode) ? undefined : `部门编码 ${r.deptCode} 不存在`) ??
      (roleIds.some((x) => !x) ? '角色不存在' : undefined) ??
      (roleIds.some((x) => x!.roleLevel > top) ? LEVEL_MSG.grant.replace('！', '') : undefined) ??
      (roleIds.some((x) => beyond.has(x!.id)) ? LEVEL_MSG.roleMenus.replace('！', '') : undefined);
    seen.add(r.userName.toLowerCase());
    if (msg) errors.push(`第${r.row}行：${msg}`);
    return { ...r, roleIds: [...new Set(roleIds.map((x) => x?.id ?? ''))] };
  });
  if (errors.length) {
    const more = errors.length > 20 ? `\n……共 ${errors.length} 行有错误` : '';
    throw badRequest(`导入失败，没有导入任何数据：\n${errors.slice(0, 20).join('\n')}${more}`);
  }
  const hashed: ((typeof ready)[number] & { id: string; hash: string })[] = [];
  for (const r of ready) hashed.push({ ...r, id: newId(), hash: await hashPassword(r.password) }); // one by one: argon2 is memory-hard
  await db.transaction(async (tx) => {
    await insertUsers(
      tx,
      hashed.map((r) => ({
        id: r.id,
        userName: r.userName,
        realName: r.realName,
        deptCode: r.deptCode,
        password: r.hash,
        mobile: r.mobile,
        email: r.email,
        idCard: r.idCard,
      })),
    );
    await insertUserRoles(
      tx,
      hashed.flatMap((r) => r.roleIds.map((roleId) => ({ userId: r.id, roleId }))),
    );
  });
  return hashed.length;
}
