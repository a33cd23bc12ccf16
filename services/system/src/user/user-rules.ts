import type { UserSaveReq } from '@exam/contracts';
import { type Db, badRequest, parseTime, schema } from '@exam/server-kit';
import {
  checkDeptCode, checkIdCard, checkMobileOptional, checkPassword, checkPasswordOptional, checkRealName, checkUserName,
} from '@exam/validators';
import { inArray, sql } from 'drizzle-orm';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The user form's rules (spec admin §5): the first failure's message, or undefined. Shared by save and import. */
export function userFormError(u: Partial<UserSaveReq>, creating: boolean): string | undefined {
  return (
    checkUserName(u.userName) ??
    checkRealName(u.realName) ??
    checkDeptCode(u.deptCode) ??
    (u.roles?.length ? undefined : '必须选择一个角色！') ??
    (creating ? checkPassword(u.password) : checkPasswordOptional(u.password)) ??
    checkMobileOptional(u.mobile) ??
    checkIdCard(u.idCard) ??
    (u.email && !EMAIL_RE.test(u.email) ? '邮箱格式不正确!' : undefined) ??
    (u.expireTime && !isTime(u.expireTime) ? '过期时间格式应为 yyyy-MM-dd HH:mm:ss！' : undefined)
  );
}

export const isTime = (s: string) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T')));
export const toExpire = (s?: string) => (s ? parseTime(s) : null);

/** Roles exist and none outranks the operator's own highest role (no granting oneself more than one has). */
export async function checkGrantableRoles(db: Db, roleIds: string[], operatorRoles: string[]) {
  const { sysRole } = schema;
  const wanted = [...new Set(roleIds)];
  const rows = await db.select({ id: sysRole.id, level: sysRole.roleLevel }).from(sysRole).where(inArray(sysRole.id, wanted));
  if (rows.length !== wanted.length) throw badRequest('角色不存在！');
  const mine = operatorRoles.length
    ? await db.select({ level: sql<number>`max(${sysRole.roleLevel})` }).from(sysRole).where(inArray(sysRole.id, operatorRoles))
    : [{ level: 0 }];
  const top = Number(mine[0]?.level ?? 0);
  if (rows.some((r) => r.level > top)) throw badRequest('不能授予高于自己级别的角色！');
}

/** Departments by code exist. */
export async function checkDepts(db: Db, codes: string[]) {
  const { sysDepart } = schema;
  const wanted = [...new Set(codes)];
  const rows = await db.select({ c: sysDepart.deptCode }).from(sysDepart).where(inArray(sysDepart.deptCode, wanted));
  if (rows.length !== wanted.length) throw badRequest('部门不存在！');
}
