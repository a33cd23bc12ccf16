import { type Db, contains, schema } from '@exam/server-kit';
import { count, desc, eq, sql } from 'drizzle-orm';

const { notifyTmpl } = schema;
export type TmplRow = typeof notifyTmpl.$inferSelect;
type TmplFields = { title: string; code: string; content: string; remark: string };

const tmplFilter = (title?: string) => (title ? contains(notifyTmpl.title, title) : undefined);

/** Templates, newest first. */
export async function tmplRows(db: Db, title: string | undefined, limit: number, offset: number): Promise<TmplRow[]> {
  return db
    .select()
    .from(notifyTmpl)
    .where(tmplFilter(title))
    .orderBy(desc(notifyTmpl.createTime), desc(notifyTmpl.id))
    .limit(limit)
    .offset(offset);
}

export async function tmplCount(db: Db, title: string | undefined): Promise<number> {
  return Number((await db.select({ n: count() }).from(notifyTmpl).where(tmplFilter(title)))[0].n);
}

export async function tmplById(db: Db, id: string): Promise<TmplRow | undefined> {
  return (await db.select().from(notifyTmpl).where(eq(notifyTmpl.id, id)))[0];
}

export async function insertTmpl(db: Db, id: string, fields: TmplFields) {
  await db.insert(notifyTmpl).values({ id, ...fields });
}

/** Whether the template was there. */
export async function updateTmpl(db: Db, id: string, fields: TmplFields): Promise<boolean> {
  return (
    (
      await db
        .update(notifyTmpl)
        .set({ ...fields, updateTime: sql`now()` })
        .where(eq(notifyTmpl.id, id))
        .returning({ id: notifyTmpl.id })
    ).length > 0
  );
}
