import { type Db, schema } from '@exam/server-kit';
import { count, desc, eq } from 'drizzle-orm';

const { sysUserPoints } = schema;

/** A user's points log, newest first. */
export async function pointsRows(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(sysUserPoints)
    .where(eq(sysUserPoints.userId, userId))
    .orderBy(desc(sysUserPoints.createTime), desc(sysUserPoints.id))
    .limit(limit)
    .offset(offset);
}

export async function pointsCount(db: Db, userId: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUserPoints).where(eq(sysUserPoints.userId, userId)))[0].n);
}
