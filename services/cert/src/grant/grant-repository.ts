import { contains, type Db, schema, type Tx } from '@exam/server-kit';
import { and, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';

const { certGrant, certRule, certTmpl, sysUser, sysDepart } = schema;
export type GrantRow = typeof certGrant.$inferSelect;
export type TmplRow = typeof certTmpl.$inferSelect;
/** What a grant is made of before it has a code, number and times. */
export type NewGrant = Pick<
  GrantRow,
  | 'id'
  | 'code'
  | 'ruleId'
  | 'tmplId'
  | 'userId'
  | 'realName'
  | 'deptName'
  | 'title'
  | 'sourceType'
  | 'sourceId'
  | 'sourceTitle'
  | 'score'
>;
export type Holder = { id: string; userName: string; realName: string; deptName: string };
export type GrantFilter = {
  realName?: string;
  userId?: string;
  userName?: string;
  source?: string;
  ruleId?: string;
  state?: 'valid' | 'revoked' | 'expired';
  start?: Date;
  end?: Date;
};

const stateWhere = (state: GrantFilter['state']): SQL | undefined => {
  if (state === 'revoked') return eq(certGrant.state, 'revoked');
  if (state === 'expired') return and(eq(certGrant.state, 'valid'), lte(certGrant.expireTime, sql`now()`));
  if (state === 'valid')
    return and(eq(certGrant.state, 'valid'), or(isNull(certGrant.expireTime), gt(certGrant.expireTime, sql`now()`)));
  return undefined;
};

const where = (f: GrantFilter): SQL | undefined =>
  and(
    f.realName ? contains(certGrant.realName, f.realName) : undefined,
    f.userId ? eq(certGrant.userId, f.userId) : undefined,
    f.userName ? contains(sysUser.userName, f.userName) : undefined,
    f.source ? or(contains(certGrant.sourceTitle, f.source), eq(certGrant.sourceId, f.source)) : undefined,
    f.ruleId ? eq(certGrant.ruleId, f.ruleId) : undefined,
    stateWhere(f.state),
    f.start ? gte(certGrant.grantTime, f.start) : undefined,
    f.end ? lte(certGrant.grantTime, f.end) : undefined,
  );

const listed = { grant: certGrant, userName: sql<string>`coalesce(${sysUser.userName}, '')` };

/** Granted certificates (owner: the cert service); reads users and departments for the holder's name. */
export function grantRepository(db: Db) {
  return {
    /** The users of the ids that exist, with their department's name. */
    holders: (userIds: string[]): Promise<Holder[]> =>
      userIds.length
        ? db
            .select({
              id: sysUser.id,
              userName: sysUser.userName,
              realName: sysUser.realName,
              deptName: sql<string>`coalesce(${sysDepart.deptName}, '')`,
            })
            .from(sysUser)
            .leftJoin(sysDepart, eq(sysDepart.deptCode, sysUser.deptCode))
            .where(inArray(sysUser.id, userIds))
        : Promise.resolve([]),

    /**
     * The grant of a rule to a learner, exactly once: the unique (rule, user) index with on-conflict-do-nothing, then
     * the rule's next sequence number, in one transaction (a parallel second grant waits for the first and finds it).
     * `onCreated` runs in the same transaction (the render job is queued with the grant or not at all).
     */
    grantOnce: (
      v: NewGrant,
      validMonths: number,
      numberOf: (seq: number, grantTime: Date) => string,
      onCreated?: (tx: Tx, id: string) => Promise<void>,
    ) =>
      db.transaction(async (tx) => {
        const [made] = await tx
          .insert(certGrant)
          .values({
            ...v,
            expireTime: validMonths > 0 ? sql`now() + make_interval(months => ${validMonths})` : null,
          })
          .onConflictDoNothing({ target: [certGrant.ruleId, certGrant.userId] })
          .returning({ id: certGrant.id, grantTime: certGrant.grantTime });
        if (!made) {
          const [old] = await tx
            .select({ id: certGrant.id })
            .from(certGrant)
            .where(and(eq(certGrant.ruleId, v.ruleId), eq(certGrant.userId, v.userId)));
          return { created: false, id: old!.id };
        }
        const [rule] = await tx
          .update(certRule)
          .set({ seq: sql`${certRule.seq} + 1` })
          .where(eq(certRule.id, v.ruleId))
          .returning({ seq: certRule.seq });
        await tx
          .update(certGrant)
          .set({ number: numberOf(rule!.seq, made.grantTime) })
          .where(eq(certGrant.id, made.id));
        await onCreated?.(tx, made.id);
        return { created: true, id: made.id };
      }),

    byId: async (id: string): Promise<GrantRow | undefined> =>
      (await db.select().from(certGrant).where(eq(certGrant.id, id)))[0],
    byCode: async (code: string): Promise<GrantRow | undefined> =>
      (await db.select().from(certGrant).where(eq(certGrant.code, code)))[0],

    /** A grant with its template (what rendering needs). */
    async withTmpl(id: string): Promise<{ grant: GrantRow; tmpl: TmplRow } | undefined> {
      const [r] = await db
        .select({ grant: certGrant, tmpl: certTmpl })
        .from(certGrant)
        .innerJoin(certTmpl, eq(certTmpl.id, certGrant.tmplId))
        .where(eq(certGrant.id, id));
      return r;
    },

    rows: (f: GrantFilter, limit: number, offset: number) =>
      db
        .select(listed)
        .from(certGrant)
        .leftJoin(sysUser, eq(sysUser.id, certGrant.userId))
        .where(where(f))
        .orderBy(desc(certGrant.grantTime), desc(certGrant.id))
        .limit(limit)
        .offset(offset),

    count: async (f: GrantFilter) =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(certGrant)
            .leftJoin(sysUser, eq(sysUser.id, certGrant.userId))
            .where(where(f))
        )[0]!.n,
      ),

    /** Revokes a valid grant; false when it is not there or already revoked. */
    revoke: async (id: string, reason: string) =>
      (
        await db
          .update(certGrant)
          .set({ state: 'revoked', revokeReason: reason, revokeTime: sql`now()` })
          .where(and(eq(certGrant.id, id), eq(certGrant.state, 'valid')))
          .returning({ id: certGrant.id })
      ).length > 0,

    /** Takes the holder's current name and department and the rule's current template and title (a re-issue). */
    refresh: (id: string, v: Pick<GrantRow, 'realName' | 'deptName' | 'tmplId' | 'title'>) =>
      db.update(certGrant).set(v).where(eq(certGrant.id, id)),

    /** Records a rendered PDF unless another render stored one first (compare-and-set on the key it replaced). */
    setPdf: async (id: string, file: { storage: string; key: string }, replacedKey: string) =>
      (
        await db
          .update(certGrant)
          .set({ pdfStorage: file.storage, pdfKey: file.key, renderTime: sql`now()` })
          .where(and(eq(certGrant.id, id), eq(certGrant.pdfKey, replacedKey)))
          .returning({ id: certGrant.id })
      ).length > 0,
  };
}
export type GrantRepository = ReturnType<typeof grantRepository>;
