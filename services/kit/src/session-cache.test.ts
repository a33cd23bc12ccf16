import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysUser } from './db/schema';
import type { KeyValue } from './infra';
import { createSessions } from './session';
import { createTestApp } from './testing';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ services: [] });
  await app.db
    .insert(sysUser)
    .values({ id: 'u-cache', userName: 'cache1', realName: '缓存甲', password: 'x', deptCode: 'A01' });
}, 60_000);
afterAll(() => app.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The shared store, counting what each replica asks of it. */
function counted(kv: KeyValue) {
  const calls: string[] = [];
  const wrapped = new Proxy(kv, {
    get(target, prop: string) {
      const f = (target as unknown as Record<string, unknown>)[prop];
      return typeof f === 'function'
        ? (...args: unknown[]) => (calls.push(prop), (f as (...a: unknown[]) => unknown).apply(target, args))
        : f;
    },
  });
  return { kv: wrapped, calls };
}

/** Two replicas: their own memory, the same store and bus. */
async function replicas(ttlSec = 60) {
  const a = counted(app.infra.kv);
  const b = counted(app.infra.kv);
  const deps = { db: app.db, bus: app.infra.bus, ttlSec, maxSec: 3600 };
  const ra = createSessions({ ...deps, kv: a.kv });
  const rb = createSessions({ ...deps, kv: b.kv });
  await sleep(100); // the bus subscriptions are live
  return { ra, rb, a, b };
}

/** Pub/sub through Redis arrives a moment later; in memory at once. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await check()); i++) await sleep(20);
  return check();
}

describe('sessions cached on each replica', () => {
  it('answers a token seen lately without the store, and the first time in one round trip', async () => {
    const { ra, a } = await replicas();
    const token = await ra.create('u-cache');
    a.calls.length = 0;
    expect((await ra.resolve(token))?.realName).toBe('缓存甲');
    // Session and grants' version together, the grants (then kept), the sliding expiry.
    expect(a.calls).toEqual(['mGet', 'get', 'set', 'expire']);
    a.calls.length = 0;
    for (let i = 0; i < 5; i++) expect((await ra.resolve(token))?.id).toBe('u-cache');
    expect(a.calls).toEqual([]);
    // Another token of the same user: its grants come from this replica's memory.
    const other = await ra.create('u-cache');
    a.calls.length = 0;
    expect((await ra.resolve(other))?.id).toBe('u-cache');
    expect(a.calls).toEqual(['mGet', 'expire']);
  });

  it('a token revoked on one replica is refused at once on the other', async () => {
    const { ra, rb } = await replicas();
    const token = await ra.create('u-cache');
    expect(await rb.resolve(token)).not.toBeNull();
    expect(await ra.resolve(token)).not.toBeNull();
    await ra.revoke(token);
    expect(await ra.resolve(token)).toBeNull();
    expect(await eventually(async () => (await rb.resolve(token)) === null)).toBe(true);

    const t2 = await rb.create('u-cache');
    expect(await ra.resolve(t2)).not.toBeNull();
    await rb.revokeUser('u-cache');
    expect(await rb.resolve(t2)).toBeNull();
    expect(await eventually(async () => (await ra.resolve(t2)) === null)).toBe(true);
  });

  it('a grant change on one replica reaches the other at once', async () => {
    const { ra, rb } = await replicas();
    const token = await ra.create('u-cache');
    expect((await rb.resolve(token))?.deptCode).toBe('A01');
    await app.db.update(sysUser).set({ deptCode: 'A02' }).where(eq(sysUser.id, 'u-cache'));
    await ra.invalidateAuth('u-cache');
    expect(await eventually(async () => (await rb.resolve(token))?.deptCode === 'A02')).toBe(true);
    await app.db.update(sysUser).set({ state: 1 }).where(eq(sysUser.id, 'u-cache'));
    await ra.invalidateAuth();
    expect(await eventually(async () => (await rb.resolve(token)) === null)).toBe(true);
    await app.db.update(sysUser).set({ state: 0, deptCode: 'A01' }).where(eq(sysUser.id, 'u-cache'));
    await ra.invalidateAuth('u-cache');
  });

  it('pushes the sliding expiry to the store at most once per interval', async () => {
    // 8 s sliding lifetime: the expiry is pushed every 2 s (a quarter), memory answers in between.
    const { ra, a } = await replicas(8);
    const token = await ra.create('u-cache');
    await ra.resolve(token);
    a.calls.length = 0;
    const until = Date.now() + 2600;
    while (Date.now() < until) {
      expect(await ra.resolve(token)).not.toBeNull();
      await sleep(100);
    }
    expect(a.calls.filter((c) => c === 'expire')).toHaveLength(1);
    expect(a.calls.filter((c) => c === 'mGet')).toHaveLength(0);
  }, 10_000);
});
