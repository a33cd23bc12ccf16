import { createClient } from 'redis';
import type { Bus, Infra, KeyValue } from './types';

const DEL_IF_EQUALS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const DECR_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 1 then redis.call('decr', KEYS[1]) end return 0`;
// Waiting lines hold `<until ms>|<member>`; the clock is Redis's own, the same for every replica.
// The line's step, shared by both scripts (KEYS[1] the line; ARGV member, size, waitMs); leaves `group`.
const LINE_STEP = `local t = redis.call('time') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local keep = {}
for _, it in ipairs(redis.call('lrange', KEYS[1], 0, -1)) do
  local sep = string.find(it, '|', 1, true)
  if tonumber(string.sub(it, 1, sep - 1)) > now and string.sub(it, sep + 1) ~= ARGV[1] then keep[#keep + 1] = it end
end
keep[#keep + 1] = (now + tonumber(ARGV[3])) .. '|' .. ARGV[1]
local size = tonumber(ARGV[2])
local group = {}
if #keep >= size then
  for i = 1, size do group[i] = string.sub(keep[i], string.find(keep[i], '|', 1, true) + 1) end
  local rest = {}
  for i = size + 1, #keep do rest[#rest + 1] = keep[i] end
  keep = rest
end
redis.call('del', KEYS[1])
if #keep > 0 then redis.call('rpush', KEYS[1], unpack(keep)) redis.call('pexpire', KEYS[1], ARGV[3]) end
`;
const LINE_UP = `${LINE_STEP} return group`;
// KEYS[2] busy, KEYS[3] mark; ARGV[4] the mark's value, ARGV[5] the prefix of lines.
const LINE_UP_GUARDED = `local busy = redis.call('get', KEYS[2])
if busy then return {'busy', busy} end
local old = redis.call('get', KEYS[3])
if old and old ~= ARGV[4] then
  local other = ARGV[5] .. old
  for _, it in ipairs(redis.call('lrange', other, 0, -1)) do
    if string.sub(it, string.find(it, '|', 1, true) + 1) == ARGV[1] then redis.call('lrem', other, 1, it) end
  end
end
redis.call('set', KEYS[3], ARGV[4], 'PX', ARGV[3])
${LINE_STEP} return {'group', unpack(group)}`;
const LEAVE_LINE = `local n = 0
for _, it in ipairs(redis.call('lrange', KEYS[1], 0, -1)) do
  if string.sub(it, string.find(it, '|', 1, true) + 1) == ARGV[1] then n = n + redis.call('lrem', KEYS[1], 1, it) end
end
return n`;
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
    async lineUp(key, member, size, waitMs) {
      return (await client.eval(LINE_UP, {
        keys: [key],
        arguments: [member, String(size), String(waitMs)],
      })) as string[];
    },
    async lineUpGuarded(key, member, size, waitMs, g) {
      const [kind, ...rest] = (await client.eval(LINE_UP_GUARDED, {
        keys: [key, g.busy, g.mark],
        arguments: [member, String(size), String(waitMs), g.markValue, g.linePrefix],
      })) as string[];
      return kind === 'busy' ? { busy: rest[0] ?? '' } : { group: rest };
    },
    async leaveLine(key, member) {
      return Number(await client.eval(LEAVE_LINE, { keys: [key], arguments: [member] })) > 0;
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
    async ping() {
      await client.ping();
    },
    async close() {
      await subscriber?.quit().catch(() => {});
      await client.quit().catch(() => {});
    },
  };
}
