import { OAUTH_SWITCHES, type OauthType, type PropData } from '@exam/contracts';
import { type Db, newId, schema } from '@exam/server-kit';
import { and, eq, inArray } from 'drizzle-orm';

const { sysConfig, sysConfigProp, sysUser, sysUserBind } = schema;

/** The provider's saved keys (site config type `oauth`) and whether its site switch is on. */
export async function providerSettings(db: Db, type: OauthType): Promise<{ on: boolean; data: PropData }> {
  const [[c], [p]] = await Promise.all([
    db.select({ s: sysConfig.switchConfig }).from(sysConfig).where(eq(sysConfig.id, '1')),
    db.select({ data: sysConfigProp.data }).from(sysConfigProp).where(and(eq(sysConfigProp.type, 'oauth'), eq(sysConfigProp.provider, type))),
  ]);
  const switches = (c?.s ?? {}) as Record<string, unknown>;
  return { on: switches[OAUTH_SWITCHES[type]] === true, data: (p?.data ?? {}) as PropData };
}

/** The binding of any of the identity's ids (a unionid, or an openid bound before the unionid existed). */
export async function bindingOfIdentity(db: Db, type: OauthType, ids: string[]) {
  if (!ids.length) return undefined;
  const [b] = await db.select().from(sysUserBind).where(and(eq(sysUserBind.loginType, type), inArray(sysUserBind.openId, ids)));
  return b;
}

/** Binds; the table's unique indexes (one per user and type, one per identity) refuse doubles. */
export async function insertBinding(db: Db, userId: string, type: OauthType, who: { openId: string; nick: string }) {
  await db.insert(sysUserBind).values({ id: newId(), userId, loginType: type, openId: who.openId, nickName: who.nick.slice(0, 64) });
}

export async function userExists(db: Db, userId: string) {
  return (await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.id, userId))).length > 0;
}

/** The account's binding of this provider, if any. */
export async function bindingOfUser(db: Db, userId: string, type: OauthType) {
  const [b] = await db.select({ id: sysUserBind.id }).from(sysUserBind).where(and(eq(sysUserBind.userId, userId), eq(sysUserBind.loginType, type)));
  return b;
}
