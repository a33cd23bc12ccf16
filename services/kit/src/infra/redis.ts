import { createClient } from 'redis';
import type { Bus, Infra, KeyValue } from './types';

const DEL_IF_EQUALS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const DECR_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 1 then redis.call('decr', KEYS[1]) end return 0`;
const INCR_WINDOW = `local n = redis.call('incr', KEYS[1]) if n == 1 then redis.call('expire', KEYS[1], ARGV[1]) end return n`;

/** Redis adapter: sessions, cache, rate limits, locks and pub/sub shared by every replica. */
export async function redisInfra(url: string): Promise<Infra> {
  const client = createClient({ url });
  client.on('error', () => {}); // reconnects by itself; commands fail meanwhile and surface as 500s
  await client.connect();
  let subscriber: ReturnType<typeof createClient> | undefined;

  const kv: KeyValue = {
    get: (key) => client.get(key),
    async mGet(keys) {
      return keys.length ? client.mGet(keys) : [];
    },
    async set(key, value, ttlSec) {
      if (ttlSec) await client.set(key, value, { EX: ttlSec });
      else await client.set(key, value);
    },
    async setNx(key, value, ttlMs) {
      return (await client.set(key, value, { NX: true, PX: ttlMs })) === 'OK';
    },
    async delIfEquals(key, value) {
      return Number(await client.eval(DEL_IF_EQUALS, { keys: [key], arguments: [value] })) === 1;
    },
    async del(...keys) {
      if (keys.length) await client.del(keys);
    },
    async incr(key, ttlSec) {
      return Number(await client.eval(INCR_WINDOW, { keys: [key], arguments: [String(ttlSec)] }));
    },
    async decr(key) {
      await client.eval(DECR_IF_EXISTS, { keys: [key] });
    },
    async expire(key, ttlSec) {
      await client.expire(key, ttlSec);
    },
    async sAdd(key, member, ttlSec) {
      await client.sAdd(key, member);
      if (ttlSec) await client.expire(key, ttlSec);
    },
    async sRem(key, member) {
      await client.sRem(key, member);
    },
    sMembers: (key) => client.sMembers(key),
    async sMembersMany(keys) {
      if (!keys.length) return [];
      // A pipeline (no transaction): one round trip for the whole list.
      const m = client.multi();
      for (const key of keys) m.sMembers(key);
      return (await m.execAsPipeline()) as unknown as string[][];
    },
  };

  const bus: Bus = {
    async publish(channel, message) {
      await client.publish(channel, message);
    },
    async subscribe(channel, handler) {
      if (!subscriber) {
        subscriber = client.duplicate();
        subscriber.on('error', () => {});
        await subscriber.connect();
      }
      const sub = subscriber;
      await sub.subscribe(channel, handler);
      return async () => {
        await sub.unsubscribe(channel, handler);
      };
    },
  };

  return {
    kind: 'redis',
    kv,
    bus,
    async close() {
      await subscriber?.quit().catch(() => {});
      await client.quit().catch(() => {});
    },
  };
}
