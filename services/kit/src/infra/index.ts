import { randomBytes } from 'node:crypto';
import { memoryInfra } from './memory';
import { redisInfra } from './redis';
import type { Infra, KeyValue } from './types';

export type { Bus, Infra, KeyValue } from './types';
export { memoryInfra, redisInfra };

export const openInfra = async (redisUrl: string, prefix = '') => {
  const infra = redisUrl ? await redisInfra(redisUrl) : memoryInfra();
  return prefix ? prefixed(infra, prefix) : infra;
};

/** Keeps several installations (or test files) apart on one Redis. */
function prefixed(infra: Infra, prefix: string): Infra {
  const k = (key: string) => prefix + key;
  const { kv, bus } = infra;
  return {
    ...infra,
    kv: {
      get: (key) => kv.get(k(key)),
      mGet: (keys) => kv.mGet(keys.map(k)),
      set: (key, v, ttl) => kv.set(k(key), v, ttl),
      setNx: (key, v, ttl) => kv.setNx(k(key), v, ttl),
      delIfEquals: (key, v) => kv.delIfEquals(k(key), v),
      del: (...keys) => kv.del(...keys.map(k)),
      incr: (key, ttl) => kv.incr(k(key), ttl),
      decr: (key) => kv.decr(k(key)),
      expire: (key, ttl) => kv.expire(k(key), ttl),
      sAdd: (key, m, ttl) => kv.sAdd(k(key), m, ttl),
      sRem: (key, m) => kv.sRem(k(key), m),
      sMembers: (key) => kv.sMembers(k(key)),
      sMembersMany: (keys) => kv.sMembersMany(keys.map(k)),
      lineUp: (key, m, size, wait) => kv.lineUp(k(key), m, size, wait),
      leaveLine: (key, m) => kv.leaveLine(k(key), m),
      lineUpGuarded: (key, m, size, wait, g) =>
        kv.lineUpGuarded(k(key), m, size, wait, {
          ...g,
          busy: k(g.busy),
          mark: k(g.mark),
          linePrefix: k(g.linePrefix),
        }),
    },
    bus: { publish: (ch, m) => bus.publish(k(ch), m), subscribe: (ch, h) => bus.subscribe(k(ch), h) },
  };
}

/**
 * Runs `fn` only if this process wins the named lock (e.g. a scheduled job that must run once
 * across replicas). Returns undefined when another holder has it.
 */
export async function withLock<T>(
  kv: KeyValue,
  name: string,
  ttlMs: number,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  const key = `lock:${name}`;
  const me = randomBytes(8).toString('hex');
  if (!(await kv.setNx(key, me, ttlMs))) return undefined;
  try {
    return await fn();
  } finally {
    await kv.delIfEquals(key, me);
  }
}

/**
 * Fixed-window counter: true while `key` has been hit at most `limit` times in `windowSec`. The hit is
 * counted before anything is checked, in one atomic step (Redis INCR / one synchronous step in process),
 * so parallel requests each get their own number and none slips past the limit.
 */
export async function hit(kv: KeyValue, key: string, limit: number, windowSec: number): Promise<boolean> {
  return (await kv.incr(`rl:${key}`, windowSec)) <= limit;
}
