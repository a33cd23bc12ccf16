import { RoleType, UserState } from '@exam/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from './db/client';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from './db/schema';
import type { Bus, KeyValue } from './infra';
import { localSessions } from './session-cache';
import { newToken } from './util';

/** What every request knows about its signed-in user. */
export type AuthUser = {
  id: string;
  userName: string;
  realName: string;
  deptCode: string;
  roleType: number;
  roles: string[];
  permissions: string[];
};

const AUTH_TTL_SEC = 60;
const PRUNE_ABOVE = 32;

/** The bus channel on which revoked tokens are announced: every replica closes their websockets at once. */
export const REVOKED_CHANNEL = 'sess:revoked';
/** The bus channel on which a user's (or, with `*`, everybody's) grants changed: cached copies are dropped. */
export const AUTH_CHANNEL = 'sess:auth';

const parseList = (m: string): string[] => {
  try {
    const v: unknown = JSON.parse(m);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

/** `sess:<token>` holds `<userId>|<sign-in time ms>`; the time bounds the absolute lifetime. */
const parse = (v: string | null) => {
  const i = v ? v.lastIndexOf('|') : -1;
  return v && i > 0 ? { userId: v.slice(0, i), since: Number(v.slice(i + 1)) } : null;
};

/**
 * Server-side token sessions (DESIGN §2): the token maps to a user id in the key-value store, so
 * logout, password change, disabling a user and loginTick revoke tokens at once on every replica.
 * A token lives `ttlSec` past its last use (sliding) and never more than `maxSec` after sign-in
 * (absolute). The per-user token set is renewed to `maxSec` at every sign-in, so it outlives every
 * token in it however long that token is used, and revoking a user always finds all of them.
 * The user's roles and permissions are cached briefly under a version that grant changes bump.
 */
export function createSessions(deps: { db: Db; kv: KeyValue; bus?: Bus; ttlSec: number; maxSec: number }) {
  const { db, kv, bus, ttlSec } = deps;
  const maxSec = deps.maxSec;
  if (!(maxSec > 0 && ttlSec > 0)) throw new Error('SESSION_TTL_SEC and SESSION_MAX_SEC must be positive');

  async function loadAuth(userId: string): Promise<AuthUser | null> {
    const [u] = await db.select().from(sysUser).where(eq(sysUser.id, userId));
    if (!u || u.state !== UserState.NORMAL || (u.expireTime && u.expireTime.getTime() < Date.now())) return null;
    const roles = await db
      .select({ id: sysRole.id, roleType: sysRole.roleType })
      .from(sysUserRole)
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(eq(sysUserRole.userId, userId));
    const roleIds = roles.map((r) => r.id);
    const perms = roleIds.length
      ? await db
          .selectDistinct({ tag: sysMenu.permissionTag })
          .from(sysRoleMenu)
          .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
          .where(and(inArray(sysRoleMenu.roleId, roleIds), ne(sysMenu.permissionTag, '')))
      : [];
    return {
      id: u.id,
      userName: u.userName,
      realName: u.realName,
      deptCode: u.deptCode,
      roleType: Math.max(RoleType.LEARNER, ...roles.map((r) => r.roleType)),
      roles: roleIds,
      permissions: perms.map((p) => p.tag).sort(),
    };
  }

  const authKey = (ver: string | null, userId: string) => `auth:${ver ?? '0'}:${userId}`;
  const local = localSessions(ttlSec);
  // Revocations and grant changes made on any replica drop this replica's cached entries at once.
  void bus
    ?.subscribe(REVOKED_CHANNEL, (m) => local.forgetTokens(parseList(m)))
    .then(
      () => local.listening('revoked'),
      () => {},
    );
  void bus
    ?.subscribe(AUTH_CHANNEL, (m) => local.forgetUser(m === '*' ? undefined : m))
    .then(
      () => local.listening('auth'),
      () => {},
    );

  const announce = async (tokens: string[]) => {
    local.forgetTokens(tokens);
    if (tokens.length) await bus?.publish(REVOKED_CHANNEL, JSON.stringify(tokens));
  };

  /** Drops ended tokens from a large set, so an account signed in from scripts all day keeps a small one. */
  async function prune(userId: string) {
    const tokens = await kv.sMembers(`usess:${userId}`);
    if (tokens.length <= PRUNE_ABOVE) return;
    const live = await kv.mGet(tokens.map((t) => `sess:${t}`));
    await Promise.all(tokens.filter((_, i) => !live[i]).map((t) => kv.sRem(`usess:${userId}`, t)));
  }

  async function revoke(token: string) {
    const sess = parse(await kv.get(`sess:${token}`));
    await kv.del(`sess:${token}`);
    if (sess) await kv.sRem(`usess:${sess.userId}`, token);
    await announce([token]);
  }

  /** Roles and permissions: this replica's copy, else the shared copy, else the database. */
  async function authOf(ver: string | null, userId: string): Promise<AuthUser | null> {
    const key = authKey(ver, userId);
    const mine = local.auth(key);
    if (mine) return mine;
    const epoch = local.epoch();
    const cached = await kv.get(key);
    const user = cached ? (JSON.parse(cached) as AuthUser) : await loadAuth(userId);
    if (!user) return null;
    if (!cached) await kv.set(key, JSON.stringify(user), AUTH_TTL_SEC);
    local.keepAuth(key, user, epoch);
    return user;
  }

  return {
    async create(userId: string): Promise<string> {
      const token = newToken();
      await kv.set(`sess:${token}`, `${userId}|${Date.now()}`, ttlSec);
      await kv.sAdd(`usess:${userId}`, token, maxSec);
      await prune(userId);
      return token;
    },

    /**
     * The user behind a token, or null when the token is unknown, expired or the account is no longer usable.
     * A token seen in the last few seconds is answered from memory (revocations are pushed, see above);
     * otherwise the session and the grants' version come in one round trip.
     */
    async resolve(token: string): Promise<AuthUser | null> {
      const now = Date.now();
      const hit = local.session(token, now);
      if (hit) {
        if (hit.slideDue) await kv.expire(`sess:${token}`, hit.slideSec);
        return hit.user;
      }
      const epoch = local.epoch();
      const [raw, ver] = await kv.mGet([`sess:${token}`, 'auth:ver']);
      const sess = parse(raw);
      if (!sess) return null;
      const endsAt = sess.since + maxSec * 1000;
      const left = Math.ceil((endsAt - now) / 1000);
      if (!(left > 0)) {
        await revoke(token);
        return null;
      }
      const user = await authOf(ver, sess.userId);
      if (!user) return null;
      const slideSec = Math.min(ttlSec, left);
      await kv.expire(`sess:${token}`, slideSec); // sliding, within the absolute lifetime
      local.keepSession(token, { user, endsAt, slidAt: now }, epoch);
      return user;
    },

    revoke,

    /** Ends every session of a user (kick earlier logins, password change, disabling). */
    async revokeUser(userId: string) {
      const tokens = await kv.sMembers(`usess:${userId}`);
      await kv.del(...tokens.map((t) => `sess:${t}`), `usess:${userId}`);
      await kv.del(authKey(await kv.get('auth:ver'), userId));
      await announce(tokens);
      await forgetAuth(userId);
    },

    /** Drops cached roles/permissions: one user, or everybody after role or menu grants change. */
    async invalidateAuth(userId?: string) {
      if (userId) await kv.del(authKey(await kv.get('auth:ver'), userId));
      else await kv.set('auth:ver', String(Date.now()));
      await forgetAuth(userId);
    },
  };

  async function forgetAuth(userId?: string) {
    local.forgetUser(userId);
    await bus?.publish(AUTH_CHANNEL, userId ?? '*');
  }
}

export type Sessions = ReturnType<typeof createSessions>;
