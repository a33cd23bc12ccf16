import { EventEmitter } from 'node:events';
import type { Bus, Infra, KeyValue } from './types';

type Entry = { value: string | Set<string> | Waiting[]; expires: number };
/** A member of a waiting line and when its wait runs out (epoch ms). */
type Waiting = { member: string; until: number };

/** In-process adapter: one Node process holds the whole platform (embedded mode). */
export function memoryInfra(): Infra {
  const map = new Map<string, Entry>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.expires && e.expires <= Date.now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  const ttl = (sec?: number) => (sec ? Date.now() + sec * 1000 : 0);
  // Expired keys are dropped lazily on read and by this sweep, so the map cannot grow forever.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, e] of map) if (e.expires && e.expires <= now) map.delete(k);
  }, 60_000);
  sweep.unref();

  function lineUp(key: string, member: string, size: number, waitMs: number) {
    const now = Date.now();
    const e = live(key);
    const line = (Array.isArray(e?.value) ? e.value : []).filter((w) => w.until > now && w.member !== member);
    line.push({ member, until: now + waitMs });
    const group = line.length >= size ? line.splice(0, size).map((w) => w.member) : [];
    map.set(key, { value: line, expires: now + waitMs });
    return group;
  }
  function leaveLine(key: string, member: string) {
    const e = live(key);
    if (!e || !Array.isArray(e.value)) return false;
    const before = e.value.length;
    e.value = e.value.filter((w) => w.member !== member);
    return e.value.length < before;
  }

  const kv: KeyValue = {
    async get(key) {
      const e = live(key);
      return e && typeof e.value === 'string' ? e.value : null;
    },
    async mGet(keys) {
      return keys.map((key) => {
        const e = live(key);
        return e && typeof e.value === 'string' ? e.value : null;
      });
    },
    async set(key, value, ttlSec) {
      map.set(key, { value, expires: ttl(ttlSec) });
    },
    async setNx(key, value, ttlMs) {
      if (live(key)) return false;
      map.set(key, { value, expires: Date.now() + ttlMs });
      return true;
    },
    async delIfEquals(key, value) {
      const e = live(key);
      if (!e || e.value !== value) return false;
      map.delete(key);
      return true;
    },
    async del(...keys) {
      for (const k of keys) map.delete(k);
    },
    async incr(key, ttlSec) {
      const e = live(key);
      const n = (e ? Number(e.value) : 0) + 1;
      map.set(key, { value: String(n), expires: e ? e.expires : ttl(ttlSec) });
      return n;
    },
    async decr(key) {
      const e = live(key);
      if (e && typeof e.value === 'string') e.value = String(Number(e.value) - 1);
    },
    async expire(key, ttlSec) {
      const e = live(key);
      if (e) e.expires = ttl(ttlSec);
    },
    async sAdd(key, member, ttlSec) {
      const e = live(key);
      const set = e && e.value instanceof Set ? e.value : new Set<string>();
      set.add(member);
      map.set(key, { value: set, expires: ttlSec ? ttl(ttlSec) : (e?.expires ?? 0) });
    },
    async sRem(key, member) {
      const e = live(key);
      if (e && e.value instanceof Set) e.value.delete(member);
    },
    async sMembers(key) {
      const e = live(key);
      return e && e.value instanceof Set ? [...e.value] : [];
    },
    async sMembersMany(keys) {
      return Promise.all(keys.map((key) => kv.sMembers(key)));
    },
    // Each in one synchronous step, as a Redis script is one.
    async lineUpGuarded(key, member, size, waitMs, g) {
      const busy = live(g.busy);
      if (busy && typeof busy.value === 'string') return { busy: busy.value };
      const old = live(g.mark);
      if (old && typeof old.value === 'string' && old.value !== g.markValue)
        leaveLine(g.linePrefix + old.value, member);
      map.set(g.mark, { value: g.markValue, expires: Date.now() + waitMs });
      return { group: lineUp(key, member, size, waitMs) };
    },
    lineUp: async (key, member, size, waitMs) => lineUp(key, member, size, waitMs),
    leaveLine: async (key, member) => leaveLine(key, member),
  };

  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const bus: Bus = {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
  };

  return {
    kind: 'memory',
    kv,
    bus,
    async ping() {},
    async close() {
      clearInterval(sweep);
      emitter.removeAllListeners();
      map.clear();
    },
  };
}
