import { BattleCalls, BattleMode, RoundStatus } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import { addRound, battleBody, battleTestApp, type Ctx, opt, QU, USERS } from '../testing/fixture';

let ctx: Ctx;
let battleId: string;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/**
 * Three finished duels, a cancelled and a playing one, and a hosted contest: 王一 won two (best 300, 4 of 6 right),
 * 李二 won one and lost one (best 250, 2 of 4 right), 赵三 lost one (100, 1 of 2 right).
 */
beforeAll(async () => {
  ctx = await battleTestApp();
  battleId = (await call(ctx.app, BattleCalls.save.url, battleBody({ title: '成绩竞赛' }), ctx.admin)).body.data.id;
  const db = ctx.app.db;
  const { learner: l1, learner2: l2, learner3: l3, admin } = USERS;
  const p = (userId: string, score: number, rightCount: number, rank: number, result: string) => ({
    userId,
    score,
    rightCount,
    rank,
    result,
  });
  await addRound(db, {
    id: 'br-r1',
    battleId,
    at: minutesAgo(50),
    players: [p(l1, 300, 2, 1, 'win'), p(l2, 100, 1, 2, 'lose')],
  });
  await addRound(db, {
    id: 'br-r2',
    battleId,
    at: minutesAgo(40),
    players: [p(l2, 250, 1, 1, 'win'), p(l1, 200, 1, 2, 'lose')],
  });
  await addRound(db, {
    id: 'br-r3',
    battleId,
    at: minutesAgo(30),
    quIds: [QU.s[0], QU.j[0]],
    players: [p(l1, 150, 1, 1, 'win'), p(l3, 100, 1, 2, 'lose')],
  });
  await addRound(db, { id: 'br-r4', battleId, at: minutesAgo(20), status: RoundStatus.ABORTED, players: [] });
  await addRound(db, {
    id: 'br-r5',
    battleId,
    at: minutesAgo(10),
    status: RoundStatus.PLAYING,
    players: [p(l3, 999, 2, 0, '')],
  });
  await addRound(db, {
    id: 'br-r6',
    battleId,
    at: minutesAgo(5),
    mode: BattleMode.HOSTED,
    hostId: admin,
    code: '123456',
    status: RoundStatus.LOBBY,
    players: [],
  });
  // r1: both answered q-s1, 王一 rightly; q-s2 王一 picked two options (a multiple's way), 李二 none.
  const a = (roundId: string, seq: number, userId: string, quId: string, answers: string[], right: boolean) => ({
    roundId,
    seq,
    userId,
    quId,
    answers,
    right,
    score: right ? 100 : 0,
    elapsedMs: 1000,
  });
  await db
    .insert(schema.elBattleAnswer)
    .values([
      a('br-r1', 0, l1, QU.s[0], [opt(QU.s[0], 0)], true),
      a('br-r1', 0, l2, QU.s[0], [opt(QU.s[0], 1)], false),
      a('br-r1', 1, l1, QU.s[1], [opt(QU.s[1], 0), opt(QU.s[1], 2)], true),
      a('br-r2', 0, l2, QU.s[0], [opt(QU.s[0], 0)], true),
      a('br-r2', 0, l1, QU.s[0], [opt(QU.s[0], 2)], false),
      a('br-r3', 1, l3, QU.j[0], [opt(QU.j[0], 0)], true),
    ]);
}, 60_000);
afterAll(() => ctx.app.close());

const of = (extra: object = {}, size = 20) => ({ current: 1, size, params: { battleId, ...extra } });
const data = async (url: string, body: object) => {
  const r = await call(ctx.app, url, body, ctx.admin);
  expect(r.body.msg).toBe('操作成功！');
  return r.body.data;
};

describe('a battle’s results', () => {
  it('lists its rounds newest first, each with its best places, a hosted one with its host and code', async () => {
    const page = await data(BattleCalls.rounds.url, of());
    expect(page.total).toBe(6);
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([
      'br-r6',
      'br-r5',
      'br-r4',
      'br-r3',
      'br-r2',
      'br-r1',
    ]);
    expect(page.records[0]).toMatchObject({
      mode: BattleMode.HOSTED,
      status: RoundStatus.LOBBY,
      status_dictText: '等待开始',
      code: '123456',
      hostName: '竞赛管理员',
      playerCount: 0,
      finishTime: '',
    });
    expect(page.records[4]).toMatchObject({
      status_dictText: '已结束',
      hostName: '',
      playerCount: 2,
      players: [
        { realName: '李二', score: 250, rank: 1 },
        { realName: '王一', score: 200, rank: 2 },
      ],
    });
    expect(page.records[4].finishTime).not.toBe('');
    expect((await data(BattleCalls.rounds.url, of({ status: RoundStatus.FINISHED }))).total).toBe(3);
  });

  it('ranks learners over the finished rounds: best score, rounds, wins, right rate', async () => {
    const page = await data(BattleCalls.rank.url, of());
    expect(page.total).toBe(3);
    expect(page.records).toEqual([
      {
        rank: 1,
        userId: USERS.learner,
        realName: '王一',
        deptName: '研发部',
        bestScore: 300,
        rounds: 3,
        wins: 2,
        rightRate: 66.7,
      },
      {
        rank: 2,
        userId: USERS.learner2,
        realName: '李二',
        deptName: '分公司',
        bestScore: 250,
        rounds: 2,
        wins: 1,
        rightRate: 50,
      },
      {
        rank: 3,
        userId: USERS.learner3,
        realName: '赵三',
        deptName: '',
        bestScore: 100,
        rounds: 1,
        wins: 0,
        rightRate: 50,
      },
    ]);
    const second = await data(BattleCalls.rank.url, { ...of({}, 1), current: 2 });
    expect(second.records.map((r: { rank: number }) => r.rank)).toEqual([2]);
  });

  it('counts the answers of each question asked, per option', async () => {
    const page = await data(BattleCalls.quStat.url, of());
    // Asked: q-s1 and q-s2 (r1, r2, r3, playing r5), q-j1 (r3); first asked first.
    expect(page.total).toBe(3);
    const [s1, s2, j1] = page.records;
    expect(s1).toMatchObject({ quId: QU.s[0], content: '题目 q-bt-s1', quType: 1, answered: 4, rightCount: 2 });
    expect(s1.options).toEqual([
      { id: opt(QU.s[0], 0), abc: 'A', content: '选项0', right: true, count: 2 },
      { id: opt(QU.s[0], 1), abc: 'B', content: '选项1', right: false, count: 1 },
      { id: opt(QU.s[0], 2), abc: 'C', content: '选项2', right: false, count: 1 },
    ]);
    expect(s2).toMatchObject({ quId: QU.s[1], answered: 1, rightCount: 1 });
    expect(s2.options.map((o: { count: number }) => o.count)).toEqual([1, 0, 1]);
    expect(j1).toMatchObject({ quId: QU.j[0], answered: 1, rightCount: 1 });
  });

  it('exports the leaderboard as .xlsx', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: BattleCalls.export.url,
      headers: { 'content-type': 'application/json', token: ctx.admin },
      payload: { battleId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('成绩竞赛-排行榜.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('排行榜')!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '排名',
      '姓名',
      '部门',
      '最高得分',
      '参赛场次',
      '获胜场次',
      '正确率(%)',
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, 1, '王一', '研发部', 300, 3, 2, 66.7]);
    expect(ws.rowCount).toBe(4);
  });

  it('answers 404 for a battle that is not there', async () => {
    for (const url of [BattleCalls.rounds.url, BattleCalls.rank.url, BattleCalls.quStat.url]) {
      const r = await call(ctx.app, url, { current: 1, size: 10, params: { battleId: 'nope' } }, ctx.admin);
      expect([r.status, r.body.msg]).toEqual([404, '竞赛不存在或已删除！']);
    }
    const r = await call(ctx.app, BattleCalls.export.url, { battleId: 'nope' }, ctx.admin);
    expect(r.status).toBe(404);
  });
});
