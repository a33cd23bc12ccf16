import { type Db, contains, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

const { sysNotice } = schema;
export type NoticeRecord = typeof sysNotice.$inferSelect;
type Filter = { state?: number; title?: string };

const noticeFilter = (f: Filter) => {
  const where: SQL[] = [];
  if (f.state !== undefined) where.push(eq(sysNotice.state, f.state));
  if (f.title) where.push(contains(sysNotice.title, f.title));
  return and(...where);
};

/** Notices, newest first. */
export async function noticeRows(db: Db, f: Filter, limit: number, offset: number): Promise<NoticeRecord[]> {
  return db
    .select()
    .from(sysNotice)
    .where(noticeFilter(f))
    .orderBy(desc(sysNotice.createTime), desc(sysNotice.id))
    .limit(limit)
    .offset(offset);
}

export async function noticeCount(db: Db, f: Filter): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysNotice).where(noticeFilter(f)))[0].n);
}

export async function noticeById(db: Db, id: string): Promise<NoticeRecord | undefined> {
  return (await db.select().from(sysNotice).where(eq(sysNotice.id, id)))[0];
}

export async function insertNotice(
  db: Db,
  n: { id: string; title: string; content: string; state: number; createBy: string },
) {
  await db.insert(sysNotice).values(n);
}

/** Whether the notice was there. */
export async function updateNotice(
  db: Db,
  id: string,
  set: { title: string; content: string; state?: number },
): Promise<boolean> {
  return (await db.update(sysNotice).set(set).where(eq(sysNotice.id, id)).returning({ id: sysNotice.id })).length > 0;
}

export async function deleteNotices(db: Db, ids: string[]) {
  await db.delete(sysNotice).where(inArray(sysNotice.id, ids));
}

export async function setNoticeState(db: Db, ids: string[], state: number) {
  await db.update(sysNotice).set({ state }).where(inArray(sysNotice.id, ids));
}
