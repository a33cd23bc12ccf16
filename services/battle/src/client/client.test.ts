import { BattleCalls, BattleClientCalls, BattleMode, RoundStatus } from '@exam/contracts';
import { fmtTime } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { addRound, battleBody, battleTestApp, type Ctx, hours, USERS } from '../testing/fixture';

let ctx: Ctx;
/** Battles by what they test; each title starts with 可见性 so the list can be filtered to them. */
const B: Record<string, string> = {};

beforeAll(async () => {
  ctx = await battleTestApp();
  const add = async (key: string, over: Record<string, unknown>) => {
    const r = await call(ctx.app, BattleCalls.save.url, battleBody({ title: `可见性${key}`, ...over }), ctx.admin);
    B[key] = r.body.data.id;
  };
  // Created in this order: the list shows the newest first.
  await add('全员', { dailyLimit: 3 });
  await add('部门', { openType: 2, deptCodes: ['T01'] });
  await add('人员', { openType: 3, userIds: [USERS.learner2] });
  await add('禁用', { state: 1 });
  await add('未开始', { startTime: fmtTime(hours(2)), endTime: fmtTime(hours(4)) });
  await add('已结束', { startTime: fmtTime(hours(-4)), endTime: fmtTime(hours(-2)) });
  await add('主持', { mode: BattleMode.HOSTED });
  await add('进行中', { mode: BattleMode.FOUR, startTime: fmtTime(hours(-1)), endTime: fmtTime(hours(1)) });
  const db = ctx.app.db;
  const { learner: l1, learner2: l2 } = USERS;
  // 王一: two finished duels of 全员 today (best 300) and a cancelled one; one of the ended battle; a hosted contest.
  await addRound(db, {
    id: 'bc-1',
    battleId: B.全员,
    players: [
      { userId: l1, score: 300, rightCount: 2, rank: 1, result: 'win', points: 12 },
      { userId: l2, score: 100, rightCount: 1, rank: 2, result: 'lose', points: 2 },
    ],
  });
  await addRound(db, { id: 'bc-2', battleId: B.全员, players: [{ userId: l1, score: 120, rank: 1, result: 'win' }] });
  await addRound(db, {
    id: 'bc-3',
    battleId: B.全员,
    status: RoundStatus.ABORTED,
    players: [{ userId: l1, score: 0 }],
  });
  await addRound(db, { id: 'bc-4', battleId: B.已结束, at: hours(-3), players: [{ userId: l1, score: 80, rank: 1 }] });
  await addRound(db, {
    id: 'bc-5',
    battleId: B.主持,
    mode: BattleMode.HOSTED,
    players: [{ userId: l1, score: 500, rank: 3, points: 2 }],
  });
  // Yesterday's round does not count for today.
  await addRound(db, { id: 'bc-6', battleId: B.全员, at: hours(-30), players: [{ userId: l1, score: 90, rank: 1 }] });
}, 60_000);
afterAll(() => ctx.app.close());

const list = async (token: string) =>
  (await call(ctx.app, BattleClientCalls.paging.url, { current: 1, size: 20, params: { title: '可见性' } }, token)).body
    .data;
const titles = async (token: string) => (await list(token)).records.map((c: { title: string }) => c.title);
const detail = (id: string, token: string) => call(ctx.app, BattleClientCalls.detail.url, { id }, token);

describe('the battles a learner may play', () => {
  it('lists only what is enabled, open now and open to them; hosted contests are joined by code', async () => {
    expect(await titles(ctx.learner)).toEqual(['可见性进行中', '可见性部门', '可见性全员']);
    expect(await titles(ctx.learner2)).toEqual(['可见性进行中', '可见性人员', '可见性全员']);
    expect(await titles(ctx.learner3)).toEqual(['可见性进行中', '可见性全员']);
    const page = await call(
      ctx.app,
      BattleClientCalls.paging.url,
      { current: 2, size: 1, params: { title: '可见性' } },
      ctx.learner,
    );
    expect(page.body.data).toMatchObject({ total: 3, current: 2, records: [{ title: '可见性部门' }] });
  });

  it('tells rounds played today (as the daily limit counts them) and the best finished score', async () => {
    const card = (await list(ctx.learner)).records.find((c: { id: string }) => c.id === B.全员);
    expect(card).toMatchObject({ mode: 1, mode_dictText: '双人对战', dailyLimit: 3, playedToday: 3, myBest: 300 });
    expect((await list(ctx.learner3)).records.find((c: { id: string }) => c.id === B.全员)).toMatchObject({
      playedToday: 0,
      myBest: 0,
    });
  });

  it('opens a battle only to those who may play it now, else 404 竞赛不存在或已结束！', async () => {
    expect((await detail(B.全员, ctx.learner)).body.data).toMatchObject({ id: B.全员, myBest: 300 });
    expect((await detail(B.部门, ctx.learner)).status).toBe(200);
    expect((await detail(B.人员, ctx.learner2)).status).toBe(200);
    for (const [key, token] of [
      ['部门', ctx.learner2],
      ['人员', ctx.learner],
      ['禁用', ctx.learner],
      ['未开始', ctx.learner],
      ['已结束', ctx.learner],
    ] as const) {
      const r = await detail(B[key], token);
      expect([key, r.status, r.body.msg]).toEqual([key, 404, '竞赛不存在或已结束！']);
    }
    expect((await detail('nope', ctx.learner)).status).toBe(404);
  });
});

describe('history and leaderboards', () => {
  it('shows only the learner’s own finished rounds, hosted ones too', async () => {
    const h = async (token: string, params: object = {}) =>
      (await call(ctx.app, BattleClientCalls.history.url, { current: 1, size: 20, params }, token)).body.data;
    const mine = await h(ctx.learner);
    expect(mine.records.map((r: { roundId: string }) => r.roundId).sort()).toEqual([
      'bc-1',
      'bc-2',
      'bc-4',
      'bc-5',
      'bc-6',
    ]);
    expect(mine.records.find((r: { roundId: string }) => r.roundId === 'bc-1')).toMatchObject({
      battleId: B.全员,
      title: '可见性全员',
      mode: 1,
      score: 300,
      rightCount: 2,
      quCount: 2,
      rank: 1,
      playerCount: 2,
      result: 'win',
      points: 12,
    });
    expect((await h(ctx.learner, { battleId: B.主持 })).records).toMatchObject([{ roundId: 'bc-5', mode: 3 }]);
    const theirs = await h(ctx.learner2);
    expect(theirs.records).toMatchObject([{ roundId: 'bc-1', score: 100, result: 'lose' }]);
    expect((await h(ctx.learner3)).total).toBe(0);
  });

  it('gives a battle’s leaderboard with the learner’s own row, for a battle open to them or one they played', async () => {
    const rank = (battleId: string, token: string) =>
      call(ctx.app, BattleClientCalls.rank.url, { current: 1, size: 10, params: { battleId } }, token);
    const r = (await rank(B.全员, ctx.learner2)).body.data;
    expect(r.records.map((x: { realName: string }) => x.realName)).toEqual(['王一', '李二']);
    expect(r.mine).toMatchObject({ rank: 2, userId: USERS.learner2, bestScore: 100, rounds: 1 });
    expect((await rank(B.全员, ctx.learner3)).body.data.mine).toBeNull();
    // Ended, but played: still theirs to see; never played and not open: 404.
    expect((await rank(B.已结束, ctx.learner)).body.data.mine).toMatchObject({ rank: 1, bestScore: 80 });
    expect((await rank(B.已结束, ctx.learner2)).status).toBe(404);
    expect((await rank(B.人员, ctx.learner)).status).toBe(404);
  });
});
