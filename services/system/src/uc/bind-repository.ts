import type { OauthType } from '@exam/contracts';
import { type Db, type Tx, newId, schema } from '@exam/server-kit';
import { and, eq, inArray } from 'drizzle-orm';

const { sysUserBind, sysUser } = schema;
export const MOBILE = 'mobile';

/** The user a mobile is bound to (the binding table is the truth; sys_user.mobile mirrors it). */
export async function mobileOwner(db: Db | Tx, mobile: string): Promise<string | undefined> {
  const [b] = await db.select({ userId: sysUserBind.userId }).from(sysUserBind)
    .where(and(eq(sysUserBind.loginType, MOBILE), eq(sysUserBind.openId, mobile)));
  return b?.userId;
}

export async function bindingOf(db: Db | Tx, userId: string, loginType: string) {
  const [b] = await db.select().from(sysUserBind).where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, loginType)));
  return b;
}

/** Binds a mobile and mirrors it on the user, in the caller's transaction. Unique indexes refuse doubles. */
export async function bindMobile(tx: Tx, userId: string, mobile: string) {
  await tx.insert(sysUserBind).values({ id: newId(), userId, loginType: MOBILE, openId: mobile });
  await tx.update(sysUser).set({ mobile, updateTime: new Date() }).where(eq(sysUser.id, userId));
}

export async function unbindMobile(tx: Tx, userId: string) {
  await tx.delete(sysUserBind).where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, MOBILE)));
  await tx.update(sysUser).set({ mobile: '', updateTime: new Date() }).where(eq(sysUser.id, userId));
}

/** The binding of any of a third-party identity's ids (a unionid, or an openid bound before the unionid existed). */
export async function bindingOfIdentity(db: Db, type: OauthType, ids: string[]) {
  if (!ids.length) return undefined;
  const [b] = await db.select().from(sysUserBind).where(and(eq(sysUserBind.loginType, type), inArray(sysUserBind.openId, ids)));
  return b;
}

/** Binds a third-party identity; the table's unique indexes (one per user and type, one per identity) refuse doubles. */
export async function insertBinding(db: Db, userId: string, type: OauthType, who: { openId: string; nick: string }) {
  await db.insert(sysUserBind).values({ id: newId(), userId, loginType: type, openId: who.openId, nickName: who.nick.slice(0, 64) });
}
