import { schema } from '@exam/server-kit';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type RepoTest, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const setPoints = (userId: string, points: number) =>
  t.app.db.update(schema.sysUser).set({ points }).where(eq(schema.sysUser.id, userId));
const pointsOf = async (userId: string) =>
  (await t.app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, userId)))[0].points;
const newBank = async (fields: Record<string, unknown>) =>
  (await t.post('/api/repo/save', { title: `付费题库${Math.random()}`, isOpen: true, ...fields }, t.admin)).body.data
    .id as string;

describe('banks with a price or points', () => {
  it('spends the points once, even when joined twice at once, left and joined again', async () => {
    const id = await newBank({ points: 30 });
    await setPoints('u-learner', 50);
    // Training needs the bank joined (and so paid).
    const before = await t.post('/api/repo/train/start', { repoId: id, trainMode: 'sequence' }, t.learner);
    expect([before.status, before.body.msg]).toEqual([409, '请先加入题库后再训练！']);

    const both = await Promise.all([1, 2].map(() => t.post('/api/client/repo/join', { id }, t.learner)));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await pointsOf('u-learner')).toBe(20);
    const log = (await t.post('/api/sys/user/points/paging', { current: 1, size: 10 }, t.learner)).body.data.records;
    expect(log[0]).toMatchObject({ points: -30 });
    expect(log.filter((r: { points: number }) => r.points === -30)).toHaveLength(1);

    // Join is a toggle: two clicks at once may leave it off. Whatever the state, joining again, leaving
    // and joining once more cost nothing more.
    const joined = async () => (await t.post('/api/client/repo/detail-for-train', { id }, t.learner)).body.data.hasJoin;
    if (!(await joined())) await t.post('/api/client/repo/join', { id }, t.learner);
    expect(await joined()).toBe(true);
    await t.post('/api/client/repo/join', { id }, t.learner);
    expect(await joined()).toBe(false);
    await t.post('/api/client/repo/join', { id }, t.learner);
    expect(await joined()).toBe(true);
    expect(await pointsOf('u-learner')).toBe(20);
    expect((await t.post('/api/repo/train/start', { repoId: id, trainMode: 'sequence' }, t.learner)).status).not.toBe(
      409,
    );
  });

  it('refuses too few points without joining or logging anything, and a priced bank', async () => {
    const id = await newBank({ points: 80 });
    await setPoints('u-learner2', 10);
    const r = await t.post('/api/client/repo/join', { id }, t.learner2);
    expect([r.status, r.body.msg]).toEqual([409, '积分不足，加入本题库需要80积分！']);
    expect(await pointsOf('u-learner2')).toBe(10);
    const rows = await t.app.db
      .select()
      .from(schema.sysUserPoints)
      .where(eq(schema.sysUserPoints.userId, 'u-learner2'));
    expect(rows.filter((x) => x.refId === `repo:${id}`)).toHaveLength(0);
    expect((await t.post('/api/client/repo/detail-for-train', { id }, t.learner2)).body.data.hasJoin).toBe(false);

    const priced = await newBank({ price: 9.9 });
    const p = await t.post('/api/client/repo/join', { id: priced }, t.learner2);
    expect([p.status, p.body.msg]).toEqual([409, '该题库需购买后使用！']);
    // 购买 opens an order at the server's price; the bank is joined once it is paid (the pay service's tests).
    const o = await t.post('/api/client/repo/buy', { id: priced }, t.learner2);
    expect(o.body.data).toMatchObject({ paid: false, order: { amountFen: 990, itemType: 'repo' } });
  });
});
