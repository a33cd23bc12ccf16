import type { OauthType } from '@exam/contracts';
import { type Db, type Tx, newId, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

const { sysUserBind, sysUser, sysDicValue } = schema;
export const MOBILE = 'mobile';

/** The user a mobile is bound to (the binding table is the truth; sys_user.mobile mirrors it). */
export async function mobileOwner(db: Db | Tx, mobile: string): Promise<string | undefined> {
  const [b] = await db
    .select({ userId: sysUserBind.userId })
    .from(sysUserBind)
    .where(and(eq(sysUserBind.loginType, MOBILE), eq(sysUserBind.openId, mobile)));
  return b?.userId;
}

export async function bindingOf(db: Db | Tx, userId: string, loginType: string) {
  const [b] = await db
    .select()
    .from(sysUserBind)
    .where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, loginType)));
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
  const [b] = await db
    .select()
    .from(sysUserBind)
    .where(and(eq(sysUserBind.loginType, type), inArray(sysUserBind.openId, ids)));
  return b;
}

/** Binds a third-party identity; the table's unique indexes (one per user and type, one per identity) refuse doubles. */
export async function insertBinding(db: Db, userId: string, type: OauthType, who: { openId: string; nick: string }) {
  await db
    .insert(sysUserBind)
    .values({ id: newId(), userId, loginType: type, openId: who.openId, nickName: who.nick.slice(0, 64) });
}

/**
 * A user's bindings with their login type's text (dictionary login_type), oldest first; `page` for the
 * admin list (newest first).
 */
export async function bindingsWithText(db: Db, userId: string, page?: { limit: number; offset: number }) {
  const q = db
    .select({ b: sysUserBind, title: sysDicValue.title })
    .from(sysUserBind)
    .leftJoin(sysDicValue, and(eq(sysDicValue.dicCode, 'login_type'), eq(sysDicValue.value, sysUserBind.loginType)))
    .where(eq(sysUserBind.userId, userId));
  return page
    ? q.orderBy(desc(sysUserBind.createTime)).limit(page.limit).offset(page.offset)
    : q.orderBy(asc(sysUserBind.createTime));
}

export async function countBindings(db: Db, userId: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(sysUserBind).where(eq(sysUserBind.userId, userId)))[0].n);
}

/** A binding by id; with `userId`, only that user's. */
export async function bindingById(db: Db, id: string, userId?: string) {
  const [b] = await db
    .select()
    .from(sysUserBind)
    .where(and(eq(sysUserBind.id, id), userId ? eq(sysUserBind.userId, userId) : undefined));
  return b;
}

/** Deletes a binding (with `userId`, only that user's) and returns it. */
export async function deleteBinding(db: Db, id: string, userId?: string) {
  const [b] = await db
    .delete(sysUserBind)
    .where(and(eq(sysUserBind.id, id), userId ? eq(sysUserBind.userId, userId) : undefined))
    .returning();
  return b;
}

/** The admin binds a mobile: the user's old mobile binding is replaced, the user's mirror set (one transaction). */
export async function replaceMobile(tx: Tx, userId: string, mobile: string) {
  await tx.delete(sysUserBind).where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, MOBILE)));
  await tx.insert(sysUserBind).values({ id: newId(), userId, loginType: MOBILE, openId: mobile });
  await tx.update(sysUser).set({ mobile }).where(eq(sysUser.id, userId));
}

/** Removes this mobile's binding of the user; whether there was one. */
export async function deleteMobileBinding(db: Db, userId: string, mobile: string): Promise<boolean> {
  return (
    (
      await db
        .delete(sysUserBind)
        .where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, MOBILE), eq(sysUserBind.openId, mobile)))
        .returning()
    ).length > 0
  );
}

/** The user's mirror of a removed mobile binding. */
export async function clearMirroredMobile(db: Db, userId: string) {
  await db.update(sysUser).set({ mobile: '' }).where(eq(sysUser.id, userId));
}
