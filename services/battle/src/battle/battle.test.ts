import { BattleCalls, BattleClientCalls, RoundStatus } from '@exam/contracts';
import { modulesChanged, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { addRound, battleBody, type Ctx, battleTestApp, REPO, USERS } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await battleTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const save = (over: Record<string, unknown> = {}, token = ctx.admin) =>
  call(ctx.app, BattleCalls.save.url, battleBody(over), token);
const saved = async (over: Record<string, unknown> = {}) => {
  const r = await save(over);
  expect(r.body.msg).toBe('操作成功！');
  return r.body.data.id as string;
};
const detail = async (id: string) => (await call(ctx.app, BattleCalls.detail.url, { id }, ctx.admin)).body.data;

describe('battle save and detail', () => {
  it('stores every field and reads it back; an edit replaces them, people only for open type 3', async () => {
    const id = await saved({
      title: ' 四人挑战赛 ',
      cover: ' /api/common/file/get/2026/11/b.png ',
      mode: 2,
      quTypes: [3, 1],
      levels: [2, 1],
      quCount: 6,
      startTime: '2026-01-01 08:00:00',
      endTime: '2036-01-01 08:00:00',
      openType: 3,
      userIds: [USERS.learner, USERS.learner],
      dailyLimit: 3,
      state: 1,
    });
    expect(await detail(id)).toEqual({
      ...battleBody(),
      id,
      title: '四人挑战赛',
      cover: '/api/common/file/get/2026/11/b.png',
      mode: 2,
      quTypes: [1, 3],
      levels: [1, 2],
      quCount: 6,
      startTime: '2026-01-01 08:00:00',
      endTime: '2036-01-01 08:00:00',
      openType: 3,
      userIds: [USERS.learner],
      dailyLimit: 3,
      state: 1,
    });
    expect((await save({ id, openType: 2, deptCodes: ['T01'], userIds: [USERS.learner] })).status).toBe(200);
    expect(await detail(id)).toMatchObject({ openType: 2, deptCodes: ['T01'], userIds: [], startTime: '', state: 0 });
    const none = await call(ctx.app, BattleCalls.detail.url, { id: 'nope' }, ctx.admin);
    expect([none.status, none.body.msg]).toEqual([404, '竞赛不存在或已删除！']);
    expect((await save({ id: 'nope' })).status).toBe(404);
  });

  it('refuses what a round could not be played with, in the exam form’s words where they mean the same', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, '竞赛名称不能为空！'],
      [{ startTime: '2030-01-02 00:00:00', endTime: '2030-01-01 00:00:00' }, '结束时间必须晚于开始时间！'],
      [{ startTime: 'tomorrow' }, '开始时间格式不正确！'],
      [{ endTime: '2030-13-45 99:00:00' }, '结束时间格式不正确！'],
      [{ quTypes: [1, 4] }, '竞赛题型只能是单选题、多选题或判断题！'],
      [{ openType: 2 }, '请选择指定部门！'],
      [{ openType: 3 }, '请选择指定人员！'],
      [{ rightScore: 0 }, '答对得分必须大于0！'],
      [{ repoIds: [REPO, 'r-gone'] }, '所选题库不存在或已删除！'],
      // Six single choices and judges in the bank (the short answer and the composite's child do not count).
      [{ quCount: 7 }, '所选题库中符合条件的题目不足7道！'],
      [{ quTypes: [3], quCount: 3 }, '所选题库中符合条件的题目不足3道！'],
      [{ levels: [2], quCount: 3 }, '所选题库中符合条件的题目不足3道！'],
      [{ quTypes: [2], quCount: 1 }, '所选题库中符合条件的题目不足1道！'],
    ];
    for (const [over, msg] of cases) {
      const r = await save(over);
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    }
    expect((await save({ quCount: 6 })).status).toBe(200);
    expect((await save({ quTypes: [1], levels: [1], quCount: 4 })).status).toBe(200);
  });

  it('validates the body by the contract (400)', async () => {
    for (const over of [
      { mode: 4 },
      { levels: [3] },
      { quCount: 0 },
      { quSeconds: 500 },
      { repoIds: [] },
      { title: 'x'.repeat(101) },
      { openType: 9 },
      { state: 2 },
    ]) {
      expect((await save(over)).status).toBe(400);
    }
  });

  it('adding and editing are separate grants', async () => {
    expect((await save({}, ctx.editor)).status).toBe(403);
    const id = await saved();
    expect((await save({ id, title: '编辑改名' }, ctx.editor)).status).toBe(200);
    expect((await detail(id)).title).toBe('编辑改名');
  });
});

describe('battle list, state, delete', () => {
  it('pages with filters, rounds played and players', async () => {
    const id = await saved({ title: '统计专用竞赛', mode: 2 });
    await addRound(ctx.app.db, {
      id: 'br-list-1',
      battleId: id,
      players: [
        { userId: USERS.learner, score: 10 },
        { userId: USERS.learner2, score: 5 },
      ],
    });
    await addRound(ctx.app.db, { id: 'br-list-2', battleId: id, players: [{ userId: USERS.learner, score: 1 }] });
    // A cancelled round counts for neither.
    await addRound(ctx.app.db, {
      id: 'br-list-3',
      battleId: id,
      status: RoundStatus.ABORTED,
      players: [{ userId: USERS.learner3, score: 0 }],
    });
    const page = (params: object) =>
      call(ctx.app, BattleCalls.paging.url, { current: 1, size: 10, params }, ctx.admin).then((r) => r.body.data);
    const p = await page({ title: '统计专用' });
    expect(p.total).toBe(1);
    expect(p.records[0]).toMatchObject({
      id,
      title: '统计专用竞赛',
      mode: 2,
      mode_dictText: '四人赛',
      roundCount: 2,
      playerCount: 2,
      startTime: '',
      state: 0,
    });
    expect((await page({ title: '统计专用', mode: 1 })).total).toBe(0);
    expect((await page({})).total).toBeGreaterThan(1);
  });

  it('enables and disables; deletes with the rounds, but never while a round waits or plays', async () => {
    const id = await saved({ title: '将被删除' });
    expect((await call(ctx.app, BattleCalls.state.url, { ids: [id], state: 1 }, ctx.admin)).status).toBe(200);
    expect((await detail(id)).state).toBe(1);
    await addRound(ctx.app.db, {
      id: 'br-del-1',
      battleId: id,
      status: RoundStatus.PLAYING,
      players: [{ userId: USERS.learner, score: 0 }],
    });
    const refused = await call(ctx.app, BattleCalls.remove.url, { ids: [id] }, ctx.admin);
    expect([refused.status, refused.body.msg]).toEqual([409, '竞赛正在进行中，不能删除！']);
    const { elBattleRound, elBattlePlayer, elBattle } = schema;
    await ctx.app.db
      .update(elBattleRound)
      .set({ status: RoundStatus.FINISHED })
      .where(eq(elBattleRound.id, 'br-del-1'));
    expect((await call(ctx.app, BattleCalls.remove.url, { ids: [id] }, ctx.admin)).status).toBe(200);
    expect(await ctx.app.db.select().from(elBattle).where(eq(elBattle.id, id))).toEqual([]);
    expect(await ctx.app.db.select().from(elBattlePlayer).where(eq(elBattlePlayer.battleId, id))).toEqual([]);
  });
});

describe('guards', () => {
  it('401 without a token, 403 for a learner on every admin call', async () => {
    const of = { current: 1, size: 10, params: { battleId: 'x' } };
    for (const [url, body] of [
      [BattleCalls.paging.url, {}],
      [BattleCalls.detail.url, { id: 'x' }],
      [BattleCalls.save.url, battleBody()],
      [BattleCalls.remove.url, { ids: ['x'] }],
      [BattleCalls.state.url, { ids: ['x'], state: 1 }],
      [BattleCalls.rounds.url, of],
      [BattleCalls.rank.url, of],
      [BattleCalls.quStat.url, of],
      [BattleCalls.export.url, { battleId: 'x' }],
    ] as const) {
      expect((await call(ctx.app, url, body, ctx.learner)).status).toBe(403);
      expect((await call(ctx.app, url, body)).status).toBe(401);
    }
  });

  it('answers every call 403 答题竞赛模块未开启！ while the module is off', async () => {
    const { sysConfig } = schema;
    await ctx.app.db
      .insert(sysConfig)
      .values({ id: 'bt-config', siteName: '测试', props: { moduleBattle: false }, switchConfig: {} });
    await modulesChanged(ctx.app.infra.bus);
    try {
      for (const [url, body, token] of [
        [BattleCalls.paging.url, {}, ctx.admin],
        [BattleClientCalls.paging.url, {}, ctx.learner],
        [BattleClientCalls.history.url, {}, ctx.learner],
      ] as const) {
        const r = await call(ctx.app, url, body, token);
        expect([r.status, r.body.msg]).toEqual([403, '答题竞赛模块未开启！']);
      }
    } finally {
      await ctx.app.db.delete(sysConfig).where(eq(sysConfig.id, 'bt-config'));
      await modulesChanged(ctx.app.infra.bus);
    }
    expect((await call(ctx.app, BattleClientCalls.paging.url, {}, ctx.learner)).status).toBe(200);
  });
});
