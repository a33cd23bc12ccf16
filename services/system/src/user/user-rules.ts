import type { UserSaveReq } from '@exam/contracts';
import { type Db, badRequest, parseTime } from '@exam/server-kit';
import { userFieldChecks } from '@exam/validators';
import { existingDeptCodes } from '../depart/depart-repository';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The user form's rules (spec admin §5): the first failure's message, or undefined. Shared by save and import; the
 * field rules are the admin dialog's own (userFieldChecks, in their order), then the fields the dialog leaves free.
 */
export function userFormError(u: Partial<UserSaveReq>, creating: boolean): string | undefined {
  const fieldChecks = Object.entries(userFieldChecks(creating)) as [
    keyof UserSaveReq,
    (v: unknown) => string | undefined,
  ][];
  for (const [field, check] of fieldChecks) {
    const msg = check(u[field]);
    if (msg) return msg;
  }
  return (
    (u.email && !EMAIL_RE.test(u.email) ? '邮箱格式不正确!' : undefined) ??
    (u.expireTime && !isTime(u.expireTime) ? '过期时间格式应为 yyyy-MM-dd HH:mm:ss！' : undefined)
  );
}

export const isTime = (s: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T')));
export const toExpire = (s?: string) => (s ? parseTime(s) : null);

/** Departments by code exist. */
export async function checkDepts(db: Db, codes: string[]) {
  const wanted = [...new Set(codes)];
  if ((await existingDeptCodes(db, wanted)).length !== wanted.length) throw badRequest('部门不存在！');
}
