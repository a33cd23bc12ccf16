import { type Db, type Tx, contains, newId, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { REAL } from './real-state';

const { sysUserReal, sysUser } = schema;
export type RealRecord = typeof sysUserReal.$inferSelect;
type RealValues = Omit<typeof sysUserReal.$inferInsert, 'id' | 'userId'>;
type Filter = { state?: number; realName?: string };

/** A user's real-name request (one per user). */
export async function realOf(db: Db, userId: string): Promise<RealRecord | undefined> {
  return (await db.select().from(sysUserReal).where(eq(sysUserReal.userId, userId)))[0];
}

/** Whether another user has been verified with this ID number. */
export async function idCardVerifiedByOther(db: Db, idCard: string, userId: string): Promise<boolean> {
  return (
    (
      await db
        .select({ id: sysUserReal.id })
        .from(sysUserReal)
        .where(and(eq(sysUserReal.idCard, idCard), eq(sysUserReal.state, REAL.PASSED), ne(sysUserReal.userId, userId)))
    ).length > 0
  );
}

/** A new request replaces the user's earlier one. */
export async function upsertReal(tx: Tx, userId: string, values: RealValues) {
  await tx
    .insert(sysUserReal)
    .values({ id: newId(), userId, ...values })
    .onConflictDoUpdate({ target: sysUserReal.userId, set: values });
}

const realFilter = (f: Filter) => {
  const where: SQL[] = [];
  if (f.state !== undefined) where.push(eq(sysUserReal.state, f.state));
  if (f.realName) where.push(contains(sysUserReal.realName, f.realName));
  return and(...where);
};

/** Requests with their user's account name, latest change first. */
export async function realRows(db: Db, f: Filter, limit: number, offset: number) {
  return db
    .select({ r: sysUserReal, userName: sysUser.userName })
    .from(sysUserReal)
    .innerJoin(sysUser, eq(sysUser.id, sysUserReal.userId))
    .where(realFilter(f))
    .orderBy(desc(sysUserReal.updateTime), desc(sysUserReal.id))
    .limit(limit)
    .offset(offset);
}

export async function realCount(db: Db, f: Filter): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUserReal).where(realFilter(f)))[0].n);
}

/** Decides those of these requests still pending; returns them. */
export async function decidePending(tx: Tx, ids: string[], state: number, auditMsg: string): Promise<RealRecord[]> {
  return tx
    .update(sysUserReal)
    .set({ state, auditMsg, updateTime: new Date() })
    .where(and(inArray(sysUserReal.id, ids), eq(sysUserReal.state, REAL.PENDING)))
    .returning();
}

/** The user's request an automatic comparison was made for: still pending, with the same capture. */
const ofCapture = (userId: string, captureKey: string) =>
  and(eq(sysUserReal.userId, userId), eq(sysUserReal.state, REAL.PENDING), eq(sysUserReal.captureKey, captureKey));

export async function pendingOfCapture(db: Db, userId: string, captureKey: string): Promise<RealRecord | undefined> {
  return (await db.select().from(sysUserReal).where(ofCapture(userId, captureKey)))[0];
}

/** Updates that request; returns it, or undefined when it was decided meanwhile. */
export async function updatePendingOfCapture(
  db: Db | Tx,
  userId: string,
  captureKey: string,
  set: Partial<RealValues>,
): Promise<RealRecord | undefined> {
  return (await db.update(sysUserReal).set(set).where(ofCapture(userId, captureKey)).returning())[0];
}
