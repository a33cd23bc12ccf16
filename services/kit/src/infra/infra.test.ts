import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@rstest/core';
import { hit, type Infra, memoryInfra, openInfra, withLock } from './index';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: Infra[] = [];
afterAll(async () => {
  for (const i of opened) await i.close();
});

const kinds: [string, () => Promise<Infra>][] = [['memory', async () => memoryInfra()]];
// The Redis adapter must behave the same; CI always provides a Redis server.
if (redisUrl) kinds.push(['redis', () => openInfra(redisUrl, `it${randomBytes(4).toString('hex')}:`)]);

describe.each(kinds)('%s adapter', (_kind, open) => {
  const get = async () => {
    const i = await open();
    opened.push(i);
    return i;
  };

  it('stores values with a time to live', async () => {
    const { kv } = await get();
    await kv.set('a', '1');
    await kv.set('b', '2', 1);
    expect(await kv.get('a')).toBe('1');
    expect(await kv.get('b')).toBe('2');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await kv.get('b')).toBeNull();
    await kv.del('a');
    expect(await kv.get('a')).toBeNull();
  });

  it('lines members up and takes whole groups out, each member once', async () => {
    const { kv } = await get();
    expect(await kv.lineUp('line', 'a', 2, 5000)).toEqual([]);
    expect(await kv.lineUp('line', 'a', 2, 5000)).toEqual([]); // waiting again: still one in line
    expect(await kv.lineUp('line', 'b', 2, 5000)).toEqual(['a', 'b']);
    expect(await kv.lineUp('line', 'c', 2, 5000)).toEqual([]);
    expect(await kv.leaveLine('line', 'c')).toBe(true);
    expect(await kv.leaveLine('line', 'c')).toBe(false);
    expect(await kv.lineUp('line', 'd', 2, 5000)).toEqual([]); // c left: d waits alone
    // Many at once: every member lands in exactly one group of four.
    const got = await Promise.all(Array.from({ length: 40 }, (_, i) => kv.lineUp('four', `p${i}`, 4, 5000)));
    const groups = got.filter((g) => g.length);
    expect(groups.every((g) => g.length === 4)).toBe(true);
    expect(new Set(groups.flat()).size).toBe(40);
  });

  it('lines up under a guard: not while busy, marked with its line, out of the line of an older mark', async () => {
    const { kv } = await get();
    const g = (who: string, line: string) => ({
      busy: `busy:${who}`,
      mark: `mark:${who}`,
      markValue: line,
      linePrefix: 'l:',
    });
    await kv.set('busy:a', 'round-1', 60);
    expect(await kv.lineUpGuarded('l:x', 'a', 2, 5000, g('a', 'x'))).toEqual({ busy: 'round-1' });
    expect(await kv.get('mark:a')).toBeNull(); // nothing kept for a busy member
    await kv.del('busy:a');
    expect(await kv.lineUpGuarded('l:x', 'a', 2, 5000, g('a', 'x'))).toEqual({ group: [] });
    expect(await kv.get('mark:a')).toBe('x');
    // a waits for y now: out of x's line, so b waits alone in x, and c meets a in y.
    expect(await kv.lineUpGuarded('l:y', 'a', 2, 5000, g('a', 'y'))).toEqual({ group: [] });
    expect(await kv.lineUpGuarded('l:x', 'b', 2, 5000, g('b', 'x'))).toEqual({ group: [] });
    expect(await kv.lineUpGuarded('l:y', 'c', 2, 5000, g('c', 'y'))).toEqual({ group: ['a', 'c'] });
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => kv.lineUpGuarded('l:z', `m${i}`, 2, 5000, g(`m${i}`, 'z'))),
    );
    const groups = many.flatMap((r) => ('group' in r && r.group.length ? [r.group] : []));
    expect(groups).toHaveLength(10);
    expect(new Set(groups.flat()).size).toBe(20);
  });

  it('drops members whose wait ran out', async () => {
    const { kv } = await get();
    expect(await kv.lineUp('short', 'a', 2, 200)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await kv.lineUp('short', 'b', 2, 5000)).toEqual([]);
    expect(await kv.lineUp('short', 'c', 2, 5000)).toEqual(['b', 'c']);
  });

  it('sets once (setNx) and deletes only its own value', async () => {
    const { kv } = await get();
    expect(await kv.setNx('lock', 'me', 5000)).toBe(true);
    expect(await kv.setNx('lock', 'you', 5000)).toBe(false);
    expect(await kv.delIfEquals('lock', 'you')).toBe(false);
    expect(await kv.delIfEquals('lock', 'me')).toBe(true);
    expect(await kv.setNx('lock', 'you', 5000)).toBe(true);
  });

  it('counts in a window and keeps sets', async () => {
    const { kv } = await get();
    expect(await kv.incr('c', 60)).toBe(1);
    expect(await kv.incr('c', 60)).toBe(2);
    await kv.decr('c');
    expect(await kv.incr('c', 60)).toBe(2);
    await kv.decr('never-counted');
    expect(await kv.get('never-counted')).toBeNull();
    expect((await Promise.all(Array.from({ length: 30 }, () => kv.incr('par', 60)))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(await hit(kv, 'x', 2, 60)).toBe(true);
    expect(await hit(kv, 'x', 2, 60)).toBe(true);
    expect(await hit(kv, 'x', 2, 60)).toBe(false);
    await kv.sAdd('s', 'a');
    await kv.sAdd('s', 'b');
    await kv.sRem('s', 'a');
    expect(await kv.sMembers('s')).toEqual(['b']);
  });

  it('reads many sets in one call, in order, with missing sets empty', async () => {
    const { kv } = await get();
    await kv.sAdd('m1', 'a');
    await kv.sAdd('m1', 'b');
    await kv.sAdd('m3', 'c', 60);
    const got = await kv.sMembersMany(['m1', 'm2', 'm3']);
    expect(got.map((m) => [...m].sort())).toEqual([['a', 'b'], [], ['c']]);
    expect(await kv.sMembersMany([])).toEqual([]);
  });

  it('reads many keys in one call, in order, with missing keys null', async () => {
    const { kv } = await get();
    await kv.set('g1', 'a');
    await kv.set('g3', 'c', 60);
    expect(await kv.mGet(['g1', 'g2', 'g3'])).toEqual(['a', null, 'c']);
    expect(await kv.mGet([])).toEqual([]);
  });

  it('runs a locked job once among concurrent callers', async () => {
    const { kv } = await get();
    let runs = 0;
    const job = () =>
      withLock(kv, 'job', 5000, async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 50));
        return 'done';
      });
    const results = await Promise.all([job(), job(), job()]);
    expect(runs).toBe(1);
    expect(results.filter((r) => r === 'done')).toHaveLength(1);
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const infra = await get();
    const got: string[] = [];
    const off = await infra.bus.subscribe('ch', (m) => got.push(m));
    await infra.bus.publish('ch', 'hello');
    await new Promise((r) => setTimeout(r, 100));
    await off();
    await infra.bus.publish('ch', 'after');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['hello']);
  });
});
