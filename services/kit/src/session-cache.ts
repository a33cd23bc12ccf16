import type { AuthUser } from './session';

/** How long a replica answers a token from memory before asking the store again. */
export const SESSION_CACHE_MS = 5_000;
/** Grants (roles, permissions) kept in memory as long as in the shared store. */
const AUTH_CACHE_MS = 60_000;
/** Above this many entries the expired ones are swept (and, if that is not enough, all of them). */
const MAX_ENTRIES = 50_000;

type Kept = { user: AuthUser; endsAt: number; slidAt: number; until: number };

/**
 * A replica's short-lived memory of sessions and grants, so a busy exam screen costs no store round
 * trip per request. Safe because every revocation and grant change is pushed over the bus and drops
 * entries here (`forget*`); until both subscriptions are live nothing is kept. An answer loaded while
 * a drop happened is not kept either (`epoch`), so a revoked token is never cached again by a
 * request that raced with its revocation. The sliding expiry is pushed to the store at most once a
 * minute per token (a quarter of the sliding lifetime when that is shorter), and a kept entry never
 * outlives what the store was last told.
 */
export function localSessions(ttlSec: number) {
  const sessions = new Map<string, Kept>();
  const auths = new Map<string, { user: AuthUser; until: number }>();
  const ready = new Set<string>();
  const slideEveryMs = Math.min(60_000, (ttlSec * 1000) / 4);
  let epoch = 0;

  const on = () => ready.size === 2;
  const trim = <V extends { until: number }>(m: Map<string, V>, now: number) => {
    if (m.size < MAX_ENTRIES) return;
    for (const [k, v] of m) if (v.until <= now) m.delete(k);
    if (m.size >= MAX_ENTRIES) m.clear();
  };

  return {
    listening: (what: string) => ready.add(what),
    epoch: () => epoch,

    /** The user of a token seen lately; slideDue: the store's expiry should be pushed now (done here once). */
    session(token: string, now: number) {
      const k = sessions.get(token);
      if (!k) return undefined;
      if (k.until <= now || k.endsAt <= now) {
        sessions.delete(token);
        return undefined;
      }
      const slideDue = now - k.slidAt >= slideEveryMs;
      const slideSec = Math.min(ttlSec, Math.ceil((k.endsAt - now) / 1000));
      if (slideDue) {
        k.slidAt = now;
        k.until = Math.min(now + SESSION_CACHE_MS, now + slideSec * 1000);
      }
      return { user: k.user, slideDue, slideSec };
    },

    keepSession(token: string, v: Omit<Kept, 'until'>, since: number) {
      if (!on() || since !== epoch) return;
      trim(sessions, v.slidAt);
      // Never past the store's own expiry for the token (set at slidAt) nor its absolute end.
      sessions.set(token, { ...v, until: Math.min(v.slidAt + SESSION_CACHE_MS, v.slidAt + ttlSec * 1000, v.endsAt) });
    },

    auth(key: string) {
      const a = auths.get(key);
      if (a && a.until > Date.now()) return a.user;
      if (a) auths.delete(key);
      return undefined;
    },

    keepAuth(key: string, user: AuthUser, since: number) {
      if (!on() || since !== epoch) return;
      const now = Date.now();
      trim(auths, now);
      auths.set(key, { user, until: now + AUTH_CACHE_MS });
    },

    forgetTokens(tokens: string[]) {
      epoch++;
      for (const t of tokens) sessions.delete(t);
    },

    /** One user's entries, or everybody's (undefined). */
    forgetUser(userId?: string) {
      epoch++;
      if (userId === undefined) {
        sessions.clear();
        auths.clear();
        return;
      }
      for (const [t, k] of sessions) if (k.user.id === userId) sessions.delete(t);
      for (const key of auths.keys()) if (key.endsWith(`:${userId}`)) auths.delete(key);
    },
  };
}
