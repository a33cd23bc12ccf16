import { type Db, contains, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';

const { sysGroup, sysGroupUser, sysUser, sysDepart } = schema;

/** Renames a group; undefined when it is gone. */
export async function renameGroup(db: Db, id: string, groupName: string) {
  return (await db.update(sysGroup).set({ groupName }).where(eq(sysGroup.id, id)).returning())[0];
}

export async function insertGroup(db: Db, id: string, groupName: string) {
  await db.insert(sysGroup).values({ id, groupName });
}

const groupFilter = (title?: string) => (title ? contains(sysGroup.groupName, title) : undefined);
// Qualified by hand: inside the subquery a bare "id" would mean the member row's id.
const members = sql<number>`(select count(*) from ${sysGroupUser} gu where gu.group_id = "sys_group"."id")`;

/** Groups with their member counts, newest first. */
export async function groupRows(db: Db, title: string | undefined, limit: number, offset: number) {
  return db
    .select({ g: sysGroup, members })
    .from(sysGroup)
    .where(groupFilter(title))
    .orderBy(desc(sysGroup.createTime), desc(sysGroup.id))
    .limit(limit)
    .offset(offset);
}

export async function groupCount(db: Db, title: string | undefined): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysGroup).where(groupFilter(title)))[0].n);
}

/** Deletes the groups; how many were there. */
export async function deleteGroups(db: Db, ids: string[]): Promise<number> {
  return (await db.delete(sysGroup).where(inArray(sysGroup.id, ids)).returning({ id: sysGroup.id })).length;
}

const memberFilter = (groupId: string, keyword?: string) =>
  and(
    eq(sysGroupUser.groupId, groupId),
    keyword ? or(contains(sysUser.userName, keyword), contains(sysUser.realName, keyword)) : undefined,
  );

/** A group's members with their user and department, newest first. */
export async function memberRows(db: Db, groupId: string, keyword: string | undefined, limit: number, offset: number) {
  return db
    .select({ gu: sysGroupUser, u: sysUser, deptName: sysDepart.deptName })
    .from(sysGroupUser)
    .innerJoin(sysUser, eq(sysUser.id, sysGroupUser.userId))
    .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
    .where(memberFilter(groupId, keyword))
    .orderBy(desc(sysGroupUser.createTime), desc(sysGroupUser.id))
    .limit(limit)
    .offset(offset);
}

export async function memberCount(db: Db, groupId: string, keyword: string | undefined): Promise<number> {
  return Number(
    (
      await db
        .select({ n: count() })
        .from(sysGroupUser)
        .innerJoin(sysUser, eq(sysUser.id, sysGroupUser.userId))
        .where(memberFilter(groupId, keyword))
    )[0].n,
  );
}

export async function deleteMembers(db: Db, ids: string[]) {
  await db.delete(sysGroupUser).where(inArray(sysGroupUser.id, ids));
}

/** How many of these groups exist. */
export async function countGroups(db: Db, ids: string[]): Promise<number> {
  return (await db.select({ id: sysGroup.id }).from(sysGroup).where(inArray(sysGroup.id, ids))).length;
}

/** Every user joins every group; pairs already there stay. */
export async function join(db: Db, pairs: { id: string; groupId: string; userId: string }[]) {
  await db.insert(sysGroupUser).values(pairs).onConflictDoNothing();
}

export async function leave(db: Db, groupIds: string[], userIds: string[]) {
  await db
    .delete(sysGroupUser)
    .where(and(inArray(sysGroupUser.groupId, groupIds), inArray(sysGroupUser.userId, userIds)));
}
