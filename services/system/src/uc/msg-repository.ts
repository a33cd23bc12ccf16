import { type Db, type Tx, contains, newId, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

const { sysUserMsg } = schema;
export type MsgRecord = typeof sysUserMsg.$inferSelect;
type Filter = { title?: string; read?: boolean };

/** Only ever the user's own messages. */
const msgFilter = (userId: string, f: Filter) => {
  const where: SQL[] = [eq(sysUserMsg.userId, userId)];
  if (f.title) where.push(contains(sysUserMsg.title, f.title));
  if (f.read !== undefined) where.push(eq(sysUserMsg.readFlag, f.read));
  return and(...where);
};

/** A user's messages, newest first. */
export async function msgRows(db: Db, userId: string, f: Filter, limit: number, offset: number): Promise<MsgRecord[]> {
  return db
    .select()
    .from(sysUserMsg)
    .where(msgFilter(userId, f))
    .orderBy(desc(sysUserMsg.createTime), desc(sysUserMsg.id))
    .limit(limit)
    .offset(offset);
}

export async function msgCount(db: Db, userId: string, f: Filter): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUserMsg).where(msgFilter(userId, f)))[0].n);
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return msgCount(db, userId, { read: false });
}

/** Marks the user's own message read and returns it; undefined when it is not theirs. */
export async function readOwn(db: Db, userId: string, id: string): Promise<MsgRecord | undefined> {
  return (
    await db
      .update(sysUserMsg)
      .set({ readFlag: true })
      .where(and(eq(sysUserMsg.id, id), eq(sysUserMsg.userId, userId)))
      .returning()
  )[0];
}

/** Marks the user's unread messages read (only these, with ids). */
export async function markRead(db: Db, userId: string, ids?: string[]) {
  const where: SQL[] = [eq(sysUserMsg.userId, userId), eq(sysUserMsg.readFlag, false)];
  if (ids) where.push(inArray(sysUserMsg.id, ids));
  await db
    .update(sysUserMsg)
    .set({ readFlag: true })
    .where(and(...where));
}

export async function insertMsg(tx: Db | Tx, userId: string, msg: { title: string; content: string }) {
  await tx.insert(sysUserMsg).values({ id: newId(), userId, ...msg });
}
