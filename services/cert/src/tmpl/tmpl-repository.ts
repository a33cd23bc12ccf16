import { contains, type Db, schema } from '@exam/server-kit';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CheckedTmpl } from './tmpl-check';

const { certTmpl, certRule } = schema;
export type TmplRow = typeof certTmpl.$inferSelect;

const byName = (name?: string) => (name ? contains(certTmpl.name, name) : undefined);

/** Certificate templates (owner: the cert service). */
export function tmplRepository(db: Db) {
  return {
    /** A page of templates, newest first, with how many rules use each. */
    rows: (name: string | undefined, limit: number, offset: number) =>
      db
        .select({
          id: certTmpl.id,
          name: certTmpl.name,
          pageSize: certTmpl.pageSize,
          orientation: certTmpl.orientation,
          bgImage: certTmpl.bgImage,
          elementCount: sql<number>`jsonb_array_length(${certTmpl.elements})::int`,
          ruleCount: sql<number>`(select count(*) from ${certRule} where ${certRule.tmplId} = ${certTmpl.id})::int`,
          createTime: certTmpl.createTime,
          updateTime: certTmpl.updateTime,
        })
        .from(certTmpl)
        .where(byName(name))
        .orderBy(desc(certTmpl.createTime), desc(certTmpl.id))
        .limit(limit)
        .offset(offset),

    count: async (name?: string) => Number((await db.select({ n: count() }).from(certTmpl).where(byName(name)))[0]!.n),

    byId: async (id: string): Promise<TmplRow | undefined> =>
      (await db.select().from(certTmpl).where(eq(certTmpl.id, id)))[0],

    insert: (id: string, t: CheckedTmpl) => db.insert(certTmpl).values({ id, ...t }),

    /** Whether the template was there. */
    update: async (id: string, t: CheckedTmpl) =>
      (
        await db
          .update(certTmpl)
          .set({ ...t, updateTime: sql`now()` })
          .where(eq(certTmpl.id, id))
          .returning({ id: certTmpl.id })
      ).length > 0,

    /** How many rules use any of the templates. */
    rulesUsing: async (ids: string[]) =>
      Number((await db.select({ n: count() }).from(certRule).where(inArray(certRule.tmplId, ids)))[0]!.n),

    remove: (ids: string[]) => db.delete(certTmpl).where(inArray(certTmpl.id, ids)),
  };
}
