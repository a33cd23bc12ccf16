import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from './db/client';
import { sysUser, sysUserPoints } from './db/schema';
import { conflict } from './errors';
import { newId } from './util';

/**
 * Spends a learner's points on something (`refId`, e.g. `repo:<id>`) once: a second call for the same
 * thing costs nothing, even concurrently (the log's unique index decides). Runs inside the caller's
 * transaction so the purchase and what it buys commit together. Too few points → 409 with `shortMsg`.
 */
export async function spendPointsOnce(
  tx: Tx,
  p: { userId: string; refId: string; points: number; remark: string; shortMsg: string },
) {
  if (p.points <= 0) return;
  const logged = await tx
    .insert(sysUserPoints)
    .values({ id: newId(), userId: p.userId, points: -p.points, remark: p.remark, refId: p.refId })
    .onConflictDoNothing()
    .returning({ id: sysUserPoints.id });
  if (!logged.length) return; // paid before
  const paid = await tx
    .update(sysUser)
    .set({ points: sql`${sysUser.points} - ${p.points}` })
    .where(and(eq(sysUser.id, p.userId), gte(sysUser.points, p.points)))
    .returning({ id: sysUser.id });
  if (!paid.length) throw conflict(p.shortMsg);
}

/**
 * Gives a user points, with the log entry that says why, in the caller's transaction: the balance is
 * always the sum of the log (the user centre shows both).
 */
export async function grantPoints(tx: Tx, p: { userId: string; points: number; remark: string }) {
  if (p.points <= 0) return;
  await tx.insert(sysUserPoints).values({ id: newId(), userId: p.userId, points: p.points, remark: p.remark });
  await tx
    .update(sysUser)
    .set({ points: sql`${sysUser.points} + ${p.points}` })
    .where(eq(sysUser.id, p.userId));
}
