import type { Static, UserPagingParams } from '@exam/contracts';
import { type Db, contains, escapeLike, fmtTime, schema } from '@exam/server-kit';
import { and, count, eq, inArray, like, notInArray, or, sql, type SQL } from 'drizzle-orm';

type Params = Static<typeof UserPagingParams>;
const { sysUser, sysDepart, sysUserRole, sysRole, sysGroupUser, elCourseLearner } = schema;

/** The list filters (spec admin §7 "paging query"); the paging call and the export share them. */
export function userWhere(db: Db, p: Params = {}): SQL | undefined {
  const where: SQL[] = [];
  if (p.userName) where.push(contains(sysUser.userName, p.userName));
  if (p.deptCode) where.push(sql`${sysUser.deptCode} like ${escapeLike(p.deptCode) + '%'}`);
  if (p.state !== undefined) where.push(eq(sysUser.state, p.state));
  if (p.excludes?.length) where.push(notInArray(sysUser.id, p.excludes));
  for (const code of p.excludeDeparts ?? []) where.push(sql`${sysUser.deptCode} not like ${escapeLike(code) + '%'}`);
  if (p.excludeGroups?.length) {
    where.push(notInArray(sysUser.id, db.select({ id: sysGroupUser.userId }).from(sysGroupUser).where(inArray(sysGroupUser.groupId, p.excludeGroups))));
  }
  if (p.groupIds?.length) {
    where.push(inArray(sysUser.id, db.select({ id: sysGroupUser.userId }).from(sysGroupUser).where(inArray(sysGroupUser.groupId, p.groupIds))));
  }
  if (p.courseIds?.length) {
    where.push(inArray(sysUser.id, db.select({ id: elCourseLearner.userId }).from(elCourseLearner)
      .where(and(inArray(elCourseLearner.courseId, p.courseIds), eq(elCourseLearner.hasJoin, true)))));
  }
  if (p.roleIds?.length) {
    where.push(inArray(sysUser.id, db.select({ id: sysUserRole.userId }).from(sysUserRole).where(inArray(sysUserRole.roleId, p.roleIds))));
  }
  if (p.userType !== undefined) {
    where.push(inArray(sysUser.id, db.select({ id: sysUserRole.userId }).from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysRole.roleType, p.userType))));
  }
  return and(...where);
}

const roleNames = sql<string>`coalesce((select string_agg(r.role_name, ',' order by r.role_level desc) from ${sysUserRole} ur join ${sysRole} r on r.id = ur.role_id where ur.user_id = ${sysUser.id}), '')`;

/** Users as list rows, with department name and role names. */
export function userRows(db: Db) {
  return db.select({ u: sysUser, deptName: sysDepart.deptName, roleNames }).from(sysUser).leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode));
}

export const toUserRow = ({ u, deptName, roleNames: rn }: { u: typeof sysUser.$inferSelect; deptName: string | null; roleNames: string }) => ({
  id: u.id, userName: u.userName, realName: u.realName, deptCode: u.deptCode, deptCode_dictText: deptName ?? '',
  mobile: u.mobile, email: u.email, state: u.state, roleNames: rn, createTime: fmtTime(u.createTime),
});

/** How many users belong to any of these departments or the departments under them (codes nest by prefix). */
export async function countUsersUnder(db: Db, deptCodes: string[]): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUser).where(or(...deptCodes.map((c) => like(sysUser.deptCode, `${c}%`)))))[0].n);
}

/** Which of these users exist. */
export async function existingUserIds(db: Db, ids: string[]): Promise<string[]> {
  return (await db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, ids))).map((u) => u.id);
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  return (await existingUserIds(db, [id])).length > 0;
}
