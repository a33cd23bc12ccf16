import { randomBytes } from 'node:crypto';
import { memoryInfra } from './memory';
import { redisInfra } from './redis';
import type { Infra, KeyValue } from './types';

export type { Bus, Infra, KeyValue } from './types';
export { memoryInfra, redisInfra };

export const openInfra = (redisUrl: string) => (redisUrl ? redisInfra(redisUrl) : Promise.resolve(memoryInfra()));

/**
 * Runs `fn` only if this process wins the named lock (e.g. a scheduled job that must run once
 * across replicas). Returns undefined when another holder has it.
 */
export async function withLock<T>(kv: KeyValue, name: string, ttlMs: number, fn: () => Promise<T>): Promise<T | undefined> {
  const key = `lock:${name}`;
  const me = randomBytes(8).toString('hex');
  if (!(await kv.setNx(key, me, ttlMs))) return undefined;
  try {
    return await fn();
  } finally {
    await kv.delIfEquals(key, me);
  }
}

/** Fixed-window counter: true while `key` has been hit at most `limit` times in `windowSec`. */
export async function hit(kv: KeyValue, key: string, limit: number, windowSec: number): Promise<boolean> {
  return (await kv.incr(`rl:${key}`, windowSec)) <= limit;
}
