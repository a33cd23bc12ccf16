import type { PagingQuery, Static, UserPagingParams } from '@exam/contracts';
import { type Db, type Tx, contains, escapeLike, fmtTime, ordersOf, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, like, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';

export type UserParams = Static<typeof UserPagingParams>;
const { sysUser, sysDepart, sysUserRole, sysRole, sysGroupUser, elCourseLearner } = schema;
export type UserRecord = typeof sysUser.$inferSelect;
type UserInsert = typeof sysUser.$inferInsert;
export type UserChanges = Partial<UserInsert>;

/** The list filters (spec admin §7 "paging query"); the paging call and the export share them. */
function userWhere(db: Db, p: UserParams = {}): SQL | undefined {
  const where: SQL[] = [];
  if (p.userName) where.push(contains(sysUser.userName, p.userName));
  if (p.deptCode) where.push(sql`${sysUser.deptCode} like ${escapeLike(p.deptCode) + '%'}`);
  if (p.state !== undefined) where.push(eq(sysUser.state, p.state));
  if (p.excludes?.length) where.push(notInArray(sysUser.id, p.excludes));
  for (const code of p.excludeDeparts ?? []) where.push(sql`${sysUser.deptCode} not like ${escapeLike(code) + '%'}`);
  if (p.excludeGroups?.length) {
    where.push(
      notInArray(
        sysUser.id,
        db.select({ id: sysGroupUser.userId }).from(sysGroupUser).where(inArray(sysGroupUser.groupId, p.excludeGroups)),
      ),
    );
  }
  if (p.groupIds?.length) {
    where.push(
      inArray(
        sysUser.id,
        db.select({ id: sysGroupUser.userId }).from(sysGroupUser).where(inArray(sysGroupUser.groupId, p.groupIds)),
      ),
    );
  }
  if (p.courseIds?.length) {
    where.push(
      inArray(
        sysUser.id,
        db
          .select({ id: elCourseLearner.userId })
          .from(elCourseLearner)
          .where(and(inArray(elCourseLearner.courseId, p.courseIds), eq(elCourseLearner.hasJoin, true))),
      ),
    );
  }
  if (p.roleIds?.length) {
    where.push(
      inArray(
        sysUser.id,
        db.select({ id: sysUserRole.userId }).from(sysUserRole).where(inArray(sysUserRole.roleId, p.roleIds)),
      ),
    );
  }
  if (p.userType !== undefined) {
    where.push(
      inArray(
        sysUser.id,
        db
          .select({ id: sysUserRole.userId })
          .from(sysUserRole)
          .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
          .where(eq(sysRole.roleType, p.userType)),
      ),
    );
  }
  return and(...where);
}

const roleNames = sql<string>`coalesce((select string_agg(r.role_name, ',' order by r.role_level desc) from ${sysUserRole} ur join ${sysRole} r on r.id = ur.role_id where ur.user_id = ${sysUser.id}), '')`;

/** Users as list rows, with department name and role names. */
function userRows(db: Db) {
  return db
    .select({ u: sysUser, deptName: sysDepart.deptName, roleNames })
    .from(sysUser)
    .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode));
}

export const toUserRow = ({
  u,
  deptName,
  roleNames: rn,
}: {
  u: typeof sysUser.$inferSelect;
  deptName: string | null;
  roleNames: string;
}) => ({
  id: u.id,
  userName: u.userName,
  realName: u.realName,
  deptCode: u.deptCode,
  deptCode_dictText: deptName ?? '',
  mobile: u.mobile,
  email: u.email,
  state: u.state,
  roleNames: rn,
  createTime: fmtTime(u.createTime),
});

/** How many users belong to any of these departments or the departments under them (codes nest by prefix). */
export async function countUsersUnder(db: Db, deptCodes: string[]): Promise<number> {
  return Number(
    (
      await db
        .select({ n: count() })
        .from(sysUser)
        .where(or(...deptCodes.map((c) => like(sysUser.deptCode, `${c}%`))))
    )[0].n,
  );
}

/** Which of these users exist. */
export async function existingUserIds(db: Db, ids: string[]): Promise<string[]> {
  return (await db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, ids))).map((u) => u.id);
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  return (await existingUserIds(db, [id])).length > 0;
}

/** One page of the user list, in the client's order (createTime, userName) or newest first. */
export async function listUsers(db: Db, q: PagingQuery<UserParams>, limit: number, offset: number) {
  return (
    await userRows(db)
      .where(userWhere(db, q.params))
      .orderBy(
        ...ordersOf(q, { createTime: sysUser.createTime, userName: sysUser.userName }, [
          desc(sysUser.createTime),
          desc(sysUser.id),
        ]),
      )
      .limit(limit)
      .offset(offset)
  ).map(toUserRow);
}

export async function countUsers(db: Db, p?: UserParams): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUser).where(userWhere(db, p)))[0].n);
}

/** The list's users for the export, newest first, at most `max`. */
export async function usersForExport(db: Db, p: UserParams | undefined, max: number) {
  return (await userRows(db).where(userWhere(db, p)).orderBy(desc(sysUser.createTime)).limit(max)).map(toUserRow);
}

export async function userById(db: Db, id: string): Promise<UserRecord | undefined> {
  return (await db.select().from(sysUser).where(eq(sysUser.id, id)))[0];
}

export async function userByName(db: Db, userName: string): Promise<UserRecord | undefined> {
  return (await db.select().from(sysUser).where(eq(sysUser.userName, userName)))[0];
}

/** A user with their department's name. */
export async function userWithDept(db: Db, id: string) {
  return (
    await db
      .select({ u: sysUser, deptName: sysDepart.deptName })
      .from(sysUser)
      .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
      .where(eq(sysUser.id, id))
  )[0];
}

/** Whether another user (not `exceptId`) has this name, case ignored. */
export async function userNameTaken(db: Db, userName: string, exceptId?: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(
          and(
            sql`lower(${sysUser.userName}) = ${userName.toLowerCase()}`,
            exceptId ? ne(sysUser.id, exceptId) : undefined,
          ),
        )
    ).length > 0
  );
}

/** Of these lower-cased names, those taken. */
export async function takenUserNames(db: Db, lowerNames: string[]): Promise<Set<string>> {
  const lower = sql<string>`lower(${sysUser.userName})`;
  return new Set((await db.select({ n: lower }).from(sysUser).where(inArray(lower, lowerNames))).map((r) => r.n));
}

export async function insertUsers(tx: Db | Tx, users: UserInsert[]) {
  await tx.insert(sysUser).values(users);
}

export async function updateUser(db: Db | Tx, id: string, set: UserChanges) {
  await db.update(sysUser).set(set).where(eq(sysUser.id, id));
}

export async function updateUsers(db: Db, ids: string[], set: UserChanges) {
  await db.update(sysUser).set(set).where(inArray(sysUser.id, ids));
}

export async function deleteUsers(db: Db, ids: string[]) {
  await db.delete(sysUser).where(inArray(sysUser.id, ids));
}

export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map(
    (r) => r.id,
  );
}

export async function insertUserRoles(tx: Db | Tx, pairs: { userId: string; roleId: string }[]) {
  await tx.insert(sysUserRole).values(pairs);
}

/** Every one of these users holds exactly these roles. */
export async function replaceRoles(tx: Tx, userIds: string[], roleIds: string[]) {
  await tx.delete(sysUserRole).where(inArray(sysUserRole.userId, userIds));
  await insertUserRoles(
    tx,
    userIds.flatMap((userId) => [...new Set(roleIds)].map((roleId) => ({ userId, roleId }))),
  );
}
