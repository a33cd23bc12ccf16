import { contains, type Db, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';

const { certRule, certTmpl, certGrant, elExam, elCourse } = schema;
export type RuleRow = typeof certRule.$inferSelect;
export type RuleFields = Pick<
  RuleRow,
  'tmplId' | 'title' | 'sourceType' | 'sourceId' | 'validMonths' | 'numPrefix' | 'numYear' | 'numDigits' | 'enabled'
>;
export type RuleFilter = { title?: string; sourceType?: string; tmplId?: string };

/** The title of what a rule's certificates are earned for: the exam's or course's (a manual rule's own title). */
const sourceTitle = sql<string>`coalesce(case ${certRule.sourceType}
  when 'exam' then (select ${elExam.title} from ${elExam} where ${elExam.id} = ${certRule.sourceId})
  when 'course' then (select ${elCourse.title} from ${elCourse} where ${elCourse.id} = ${certRule.sourceId})
  else ${certRule.title} end, '')`;

const where = (f: RuleFilter): SQL | undefined =>
  and(
    f.title ? contains(certRule.title, f.title) : undefined,
    f.sourceType ? eq(certRule.sourceType, f.sourceType) : undefined,
    f.tmplId ? eq(certRule.tmplId, f.tmplId) : undefined,
  );

/** Grant rules (owner: the cert service); reads exam and course titles. */
export function ruleRepository(db: Db) {
  return {
    rows: (f: RuleFilter, limit: number, offset: number) =>
      db
        .select({
          id: certRule.id,
          tmplId: certRule.tmplId,
          tmplName: sql<string>`coalesce(${certTmpl.name}, '')`,
          title: certRule.title,
          sourceType: certRule.sourceType,
          sourceId: certRule.sourceId,
          sourceTitle,
          validMonths: certRule.validMonths,
          numPrefix: certRule.numPrefix,
          numYear: certRule.numYear,
          numDigits: certRule.numDigits,
          enabled: certRule.enabled,
          grantCount: sql<number>`(select count(*) from ${certGrant} where ${certGrant.ruleId} = ${certRule.id})::int`,
          createTime: certRule.createTime,
        })
        .from(certRule)
        .leftJoin(certTmpl, eq(certTmpl.id, certRule.tmplId))
        .where(where(f))
        .orderBy(desc(certRule.createTime), desc(certRule.id))
        .limit(limit)
        .offset(offset),

    count: async (f: RuleFilter) => Number((await db.select({ n: count() }).from(certRule).where(where(f)))[0]!.n),

    byId: async (id: string): Promise<RuleRow | undefined> =>
      (await db.select().from(certRule).where(eq(certRule.id, id)))[0],

    /** The enabled rule of a source, if any (what a passed paper or finished course is granted by). */
    enabledFor: async (sourceType: string, sourceId: string): Promise<RuleRow | undefined> =>
      (
        await db
          .select()
          .from(certRule)
          .where(and(eq(certRule.sourceType, sourceType), eq(certRule.sourceId, sourceId), eq(certRule.enabled, true)))
      )[0],

    /** Another rule of the same source (one rule per source). */
    otherFor: async (sourceType: string, sourceId: string, exceptId = '') =>
      (
        await db
          .select({ id: certRule.id })
          .from(certRule)
          .where(and(eq(certRule.sourceType, sourceType), eq(certRule.sourceId, sourceId), ne(certRule.id, exceptId)))
      )[0],

    tmplExists: async (id: string) =>
      (await db.select({ id: certTmpl.id }).from(certTmpl).where(eq(certTmpl.id, id))).length > 0,

    /** The exam's or course's title, or undefined when there is no such source. */
    async sourceTitleOf(sourceType: string, sourceId: string): Promise<string | undefined> {
      const t = sourceType === 'exam' ? elExam : sourceType === 'course' ? elCourse : null;
      if (!t) return undefined;
      return (await db.select({ title: t.title }).from(t).where(eq(t.id, sourceId)))[0]?.title;
    },

    insert: (id: string, r: RuleFields) => db.insert(certRule).values({ id, ...r }),

    update: async (id: string, r: RuleFields) =>
      (
        await db
          .update(certRule)
          .set({ ...r, updateTime: sql`now()` })
          .where(eq(certRule.id, id))
          .returning({ id: certRule.id })
      ).length > 0,

    grantsOf: async (ids: string[]) =>
      Number((await db.select({ n: count() }).from(certGrant).where(inArray(certGrant.ruleId, ids)))[0]!.n),

    remove: (ids: string[]) => db.delete(certRule).where(inArray(certRule.id, ids)),
  };
}
export type RuleRepository = ReturnType<typeof ruleRepository>;
