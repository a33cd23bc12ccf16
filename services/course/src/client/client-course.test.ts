import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import { addFile, type Ctx, courseTestApp, nowPlus, saveCourse } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const C = '/api/client/course';
const ids = (r: { body: { data: { records: { id: string }[] } } }) => r.body.data.records.map((x) => x.id);
const open = (params: object, token = ctx.learner) =>
  call(ctx.app, `${C}/open-paging`, { current: 1, size: 100, params }, token);
const mine = (params: object, token = ctx.learner) =>
  call(ctx.app, `${C}/mine-paging`, { current: 1, size: 100, params }, token);

describe('open courses and joining', () => {
  it('lists only courses open to the learner, and join toggles hasJoin', async () => {
    const pub = await saveCourse(ctx, { title: '开放甲课程', catId: 'safety' });
    const dept = await saveCourse(ctx, { title: '开放乙部门', openType: 2, deptCodes: ['A01A01'] });
    const person = await saveCourse(ctx, { title: '开放丙指定', openType: 3, userIds: ['u-learner2'] });
    const ended = await saveCourse(ctx, { title: '开放丁结束', startTime: nowPlus(-120), endTime: nowPlus(-60) });
    const l1 = ids(await open({ title: '开放' }));
    expect(l1).toEqual(expect.arrayContaining([pub, dept]));
    expect(l1).not.toContain(person);
    expect(l1).not.toContain(ended);
    expect(ids(await open({ title: '开放' }, ctx.learner2))).toEqual(expect.arrayContaining([pub, person]));
    expect(ids(await open({ title: '开放' }, ctx.learner2))).not.toContain(dept);
    const card = (await open({ title: '开放甲' })).body.data.records[0];
    expect(card).toMatchObject({
      id: pub,
      catId_dictText: '安全生产',
      hasJoin: false,
      price: 0,
      liveCount: 0,
      latestFile: null,
    });

    expect((await call(ctx.app, `${C}/join`, { id: pub }, ctx.learner)).body.data).toBe(true);
    expect(ids(await mine({ title: '开放甲' }))).toEqual([pub]);
    expect((await call(ctx.app, `${C}/join`, { id: pub }, ctx.learner)).body.data).toBe(false);
    expect(ids(await mine({ title: '开放甲' }))).toEqual([]);
    // Another department's course and another person's course do not exist for this learner.
    expect((await call(ctx.app, `${C}/join`, { id: person }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${C}/join`, { id: dept }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, '/api/course/course/detail', { id: person }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${C}/join`, { id: '' }, ctx.learner)).status).toBe(400);
    expect((await call(ctx.app, `${C}/open-paging`, { current: 1, size: 10 })).status).toBe(401);
  });

  it('joins a password course only with its password', async () => {
    const id = await saveCourse(ctx, { title: '密码课程', openType: 9, password: 'abc123' });
    expect((await call(ctx.app, `${C}/join`, { id }, ctx.learner)).body.msg).toBe('课程密码错误！');
    expect((await call(ctx.app, `${C}/join`, { id, password: 'wrong' }, ctx.learner)).status).toBe(403);
    // Not studiable before joining.
    const f = await addFile(ctx.app);
    await call(
      ctx.app,
      '/api/course/course/save',
      { id, title: '密码课程', openType: 9, password: 'abc123', fileRefs: [{ fileId: f }] },
      ctx.admin,
    );
    expect(
      (await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: f }, ctx.learner)).body.msg,
    ).toBe('请先输入密码加入课程！');
    expect((await call(ctx.app, `${C}/join`, { id, password: 'abc123' }, ctx.learner)).body.data).toBe(true);
    expect(
      (await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: f }, ctx.learner)).status,
    ).toBe(200);
  });

  it('limits password guesses like sign-in: the 11th try is refused, the right password too, other learners unaffected (issue 35)', async () => {
    const id = await saveCourse(ctx, { title: '猜密码课程', openType: 9, password: 'right-one' });
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(ctx.app, `${C}/join`, { id, password: `guess-${i}` }, ctx.learner)),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([...Array(10).fill(403), 429, 429]);
    const right = await call(ctx.app, `${C}/join`, { id, password: 'right-one' }, ctx.learner);
    expect(right).toMatchObject({ status: 429, body: { msg: '课程密码错误次数过多，请15分钟后再试！' } });
    expect((await call(ctx.app, `${C}/join`, { id, password: 'right-one' }, ctx.learner2)).body.data).toBe(true);
  });
});

describe('buying', () => {
  it('spends points once per learner, refuses too few points; a priced course opens an order', async () => {
    const f = await addFile(ctx.app);
    const id = await saveCourse(ctx, { title: '积分课程', costPoints: 30, fileRefs: [{ fileId: f }] });
    const paid = await saveCourse(ctx, { title: '付费课程', salePrice: 9.9, fileRefs: [{ fileId: f }] });
    const { sysUser } = schema;
    await ctx.app.db.update(sysUser).set({ points: 50 }).where(eq(sysUser.id, 'u-learner'));
    expect(
      (await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: f }, ctx.learner)).body.msg,
    ).toBe('请先使用30积分购买课程！');
    const [a, b] = await Promise.all([
      call(ctx.app, '/api/course/buy/init', { courseId: id }, ctx.learner),
      call(ctx.app, '/api/course/buy/init', { courseId: id }, ctx.learner),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const pts = await ctx.app.db.select({ p: sysUser.points }).from(sysUser).where(eq(sysUser.id, 'u-learner'));
    expect(pts[0].p).toBe(20);
    expect((await call(ctx.app, '/api/course/course/detail', { id }, ctx.learner)).body.data).toMatchObject({
      paid: true,
      hasJoin: true,
    });
    expect(
      (await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: f }, ctx.learner)).status,
    ).toBe(200);
    const short = await call(ctx.app, '/api/course/buy/init', { courseId: id }, ctx.learner2);
    expect(short.status).toBe(409);
    expect(short.body.msg).toBe('积分不足，购买本课程需要30积分！');
    // Priced in money: an order at the server's price (￥9.90 in fen); a second 购买 answers the same one.
    const money = await call(ctx.app, '/api/course/buy/init', { courseId: paid }, ctx.learner);
    expect(money.body.data).toMatchObject({ paid: false, order: { amountFen: 990, state: 0, itemId: paid } });
    const again = await call(ctx.app, '/api/course/buy/init', { courseId: paid }, ctx.learner);
    expect(again.body.data.order.id).toBe(money.body.data.order.id);
    const unpaid = await call(
      ctx.app,
      '/api/course/file/learn/load-process',
      { courseId: paid, fileId: f },
      ctx.learner,
    );
    expect([unpaid.status, unpaid.body.msg]).toEqual([403, '该课程需购买后学习！']);
  });
});

describe('my courses', () => {
  it('holds assigned courses and moves them through the tabs as files are learned', async () => {
    const f = await addFile(ctx.app, { duration: 10 });
    const id = await saveCourse(ctx, {
      title: '我的指定课程',
      openType: 3,
      userIds: ['u-learner'],
      fileRefs: [{ fileId: f }],
    });
    const tab = async (state: number) => ids(await mine({ title: '我的指定', state }));
    expect(await tab(0)).toEqual([id]);
    expect(await tab(1)).toEqual([id]);
    expect(await tab(2)).toEqual([]);
    expect(ids(await mine({ title: '我的指定' }, ctx.learner2))).toEqual([]);
    await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: f }, ctx.learner);
    // Pretend the last report was 5 s ago, then report 5 s watched.
    await ctx.app.db
      .update(schema.elCourseProgress)
      .set({ lastReport: sql`now() - interval '5 seconds'` })
      .where(eq(schema.elCourseProgress.fileId, f));
    await call(
      ctx.app,
      '/api/course/file/learn/save-process',
      { courseId: id, fileId: f, learnSec: 5, intervals: [[0, 5]] },
      ctx.learner,
    );
    expect(await tab(2)).toEqual([id]);
    const card = (await mine({ title: '我的指定' })).body.data.records[0];
    expect(card).toMatchObject({ learnFile: 0, totalFile: 1, openType: 3 });
    expect(card.latestFile).toMatchObject({ id: f });
    await call(
      ctx.app,
      '/api/course/file/learn/fix-process',
      { courseId: id, userId: 'u-learner', finished: true },
      ctx.admin,
    );
    expect(await tab(3)).toEqual([id]);
    expect((await mine({ title: '我的指定' })).body.data.records[0]).toMatchObject({
      learnFile: 1,
      totalFile: 1,
      finished: true,
    });
    expect(
      (
        await call(
          ctx.app,
          '/api/course/file/learn/fix-process',
          { courseId: id, userId: 'u-learner', finished: true },
          ctx.learner,
        )
      ).status,
    ).toBe(403);
  });
});
