import { battleChanged } from '../battle/battle-cache';
import { BATTLE_SOCKET_PATH, BattlePlayCalls, RoundPhase, RoundStatus, type RoundState } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { BATTLES, LEARNERS, type PlayCtx, playTestApp, rightOf, wrongOf } from '../testing/play-fixture';

let ctx: PlayCtx;
beforeAll(async () => {
  ctx = await playTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const as = (i: number) => ctx.tokens[i]!;
const match = (i: number, battleId: string = BATTLES.duel) =>
  call(ctx.app, BattlePlayCalls.match.url, { battleId }, as(i));
const state = async (i: number, roundId: string) =>
  (await call(ctx.app, BattlePlayCalls.state.url, { roundId }, as(i))).body.data as RoundState;
const answer = (i: number, roundId: string, seq: number, answers: string[]) =>
  call(ctx.app, BattlePlayCalls.answer.url, { roundId, seq, answers }, as(i));
/** Time passes for a round: its stored clock moves back (the deadlines are computed from it). */
const rewind = (roundId: string, ms: number) =>
  ctx.app.db
    .update(schema.elBattleRound)
    .set({ phaseAt: sql`${schema.elBattleRound.phaseAt} - ${ms}` })
    .where(eq(schema.elBattleRound.id, roundId));
const quOf = (s: RoundState) => s.question!.id;

/** Two learners matched into a duel, its countdown over: the first question open. */
async function duel(a: number, b: number): Promise<string> {
  expect((await match(a)).body.data.roundId).toBe('');
  const roundId = (await match(b)).body.data.roundId as string;
  expect(roundId).not.toBe('');
  await rewind(roundId, 3000);
  return roundId;
}

describe('a duel, by the server clock', () => {
  it('matches two learners, shows nothing of the answer before the reveal, closes early when both answered', async () => {
    const roundId = await duel(0, 1);
    // A second tap on 开始匹配 (or a reload) finds the round in progress instead of queueing again.
    expect((await match(0)).body.data).toMatchObject({ roundId });
    const s = await state(0, roundId);
    expect(s).toMatchObject({ status: RoundStatus.PLAYING, phase: RoundPhase.QUESTION, seq: 0, reveal: null });
    expect(s.players.map((p) => p.realName).sort()).toEqual(['选手1', '选手2']);
    const text = JSON.stringify(s);
    for (const leak of ['isRight', 'rightIds', 'analysis', '解析']) expect(text).not.toContain(leak);

    const q = quOf(s);
    expect((await answer(0, roundId, 0, [rightOf(q)])).body.data.accepted).toBe(true);
    // Still open for the other player: the first answer tells nobody anything.
    const mid = await state(1, roundId);
    expect(mid.reveal).toBeNull();
    expect(mid.players.find((p) => p.userId === LEARNERS[0])).toMatchObject({ answered: true });
    expect(mid.players.find((p) => p.userId === LEARNERS[0])!.score).toBeGreaterThan(0); // scores are public
    expect((await answer(1, roundId, 0, [wrongOf(q)])).body.data.accepted).toBe(true);

    const shown = await state(1, roundId);
    expect(shown.phase).toBe(RoundPhase.REVEAL);
    expect(shown.reveal).toMatchObject({ seq: 0, rightIds: [rightOf(q)], analysis: expect.stringContaining('解析') });
    expect(shown.reveal!.answers.find((a) => a.userId === LEARNERS[1])).toMatchObject({ right: false, gained: 0 });
    const gained = shown.reveal!.answers.find((a) => a.userId === LEARNERS[0])!.gained;
    expect(gained).toBeGreaterThan(100); // right (100) plus a speed bonus of at most 50
    expect(gained).toBeLessThanOrEqual(150);
    expect(shown.me).toMatchObject({ userId: LEARNERS[1], score: 0, rank: 2, answer: [wrongOf(q)] });

    // The next question opens at the reveal's deadline; then the rest run out with nobody answering.
    await rewind(roundId, 3000);
    const second = await state(0, roundId);
    expect(second).toMatchObject({ phase: RoundPhase.QUESTION, seq: 1, reveal: null });
    await rewind(roundId, 5000);
    const late = await answer(1, roundId, 1, [rightOf(quOf(second))]);
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('本题作答时间已过！');
    await rewind(roundId, 3000 + 5000 + 3000);
    const end = await state(1, roundId);
    expect(end.status).toBe(RoundStatus.FINISHED);
    expect(end.players.find((p) => p.userId === LEARNERS[0])).toMatchObject({ rank: 1, result: 'win', points: 12 });
    expect(end.me).toMatchObject({ rank: 2, result: 'lose', points: 2 });

    // Points in the log, the wrong answer in the loser's book (of the question's bank), the players free again.
    const { sysUser, elBook } = schema;
    const [winner] = await ctx.app.db
      .select({ points: sysUser.points })
      .from(sysUser)
      .where(eq(sysUser.id, LEARNERS[0]));
    expect(winner!.points).toBe(12);
    const book = await ctx.app.db
      .select()
      .from(elBook)
      .where(and(eq(elBook.userId, LEARNERS[1]), eq(elBook.quId, q)));
    expect(book).toHaveLength(1);
    expect((await call(ctx.app, BattlePlayCalls.current.url, {}, as(0))).body.data.roundId).toBe('');
  });

  it('takes one answer per player per question: retries of it again, another one refused, also in parallel', async () => {
    const roundId = await duel(2, 3);
    const q = quOf(await state(2, roundId));
    const same = await Promise.all(Array.from({ length: 12 }, () => answer(2, roundId, 0, [rightOf(q)])));
    expect(same.map((r) => r.status)).toEqual(Array(12).fill(200));
    const other = await Promise.all([answer(3, roundId, 0, [rightOf(q)]), answer(3, roundId, 0, [wrongOf(q)])]);
    expect(other.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await ctx.app.db
      .select()
      .from(schema.elBattleAnswer)
      .where(eq(schema.elBattleAnswer.roundId, roundId));
    expect(rows).toHaveLength(2);
    const s = await state(2, roundId);
    // Scored once however often it was sent.
    expect(s.players.find((p) => p.userId === LEARNERS[2])!.score).toBe(
      rows.find((r) => r.userId === LEARNERS[2])!.score,
    );
    await rewind(roundId, 60_000); // the rest run out
    expect((await state(2, roundId)).status).toBe(RoundStatus.FINISHED);
  });

  it('refuses answers before their question, of others, and malformed ones; never a 5xx', async () => {
    expect((await match(4)).body.data.roundId).toBe('');
    const roundId = (await match(5)).body.data.roundId as string;
    const during = await state(4, roundId);
    expect(during).toMatchObject({ phase: RoundPhase.COUNTDOWN, question: null });
    expect((await answer(4, roundId, 0, ['x'])).body.msg).toBe('本题尚未开始！');
    await rewind(roundId, 3000);
    const q = quOf(await state(4, roundId));
    expect((await answer(4, roundId, 1, [rightOf(q)])).body.msg).toBe('本题尚未开始！');
    expect((await answer(4, roundId, 0, ['q-b-nope'])).body.msg).toBe('答案无效！');
    expect((await answer(4, roundId, 0, [rightOf(q), wrongOf(q)])).body.msg).toBe('答案无效！'); // one choice
    // Not a player of this round: as if it did not exist.
    expect((await answer(0, roundId, 0, [rightOf(q)])).status).toBe(404);
    expect((await call(ctx.app, BattlePlayCalls.state.url, { roundId }, as(0))).status).toBe(404);
    for (const body of [
      {},
      { roundId },
      { roundId, seq: -1, answers: ['a'] },
      { roundId, seq: 0, answers: [] },
      { roundId, seq: 'x', answers: 'a' },
    ]) {
      expect((await call(ctx.app, BattlePlayCalls.answer.url, body, as(4))).status).toBe(400);
    }
    expect((await call(ctx.app, BattlePlayCalls.answer.url, { roundId, seq: 0, answers: [rightOf(q)] })).status).toBe(
      401,
    );
    await rewind(roundId, 60_000);
    expect((await state(4, roundId)).status).toBe(RoundStatus.FINISHED);
  });
});

describe('matching', () => {
  it('puts every one of many learners matching at once in exactly one room', async () => {
    const res = await Promise.all(LEARNERS.map((_, i) => match(i, BATTLES.four)));
    expect(res.every((r) => r.status === 200)).toBe(true);
    const players = await ctx.app.db
      .select()
      .from(schema.elBattlePlayer)
      .where(eq(schema.elBattlePlayer.battleId, BATTLES.four));
    expect(players).toHaveLength(4); // one room of four; two still waiting
    expect(new Set(players.map((p) => p.userId)).size).toBe(4);
    const waiting = LEARNERS.filter((u) => !players.some((p) => p.userId === u));
    for (const u of waiting)
      await call(ctx.app, BattlePlayCalls.cancel.url, { battleId: BATTLES.four }, as(LEARNERS.indexOf(u)));
    await ctx.app.db
      .update(schema.elBattleRound)
      .set({ phaseAt: 0 })
      .where(eq(schema.elBattleRound.battleId, BATTLES.four));
    await state(LEARNERS.indexOf(players[0]!.userId as (typeof LEARNERS)[number]), players[0]!.roundId);
  });

  it('refuses battles the learner may not play, hosted ones, and past the daily limit', async () => {
    expect((await match(0, BATTLES.off)).status).toBe(404);
    expect((await match(3, BATTLES.depts)).status).toBe(404); // not of 销售部
    expect((await match(0, BATTLES.hosted)).body.msg).toBe('该竞赛由主持人发起，请输入竞赛码加入！');
    await ctx.app.db.update(schema.elBattle).set({ dailyLimit: 1 }).where(eq(schema.elBattle.id, BATTLES.duel));
    await battleChanged(ctx.app.db, ctx.app.infra.bus, [BATTLES.duel]); // as the admin's save does
    expect((await match(0)).body.msg).toBe('今日参与次数已用完，请明天再来！');
    await ctx.app.db.update(schema.elBattle).set({ dailyLimit: 0 }).where(eq(schema.elBattle.id, BATTLES.duel));
    await battleChanged(ctx.app.db, ctx.app.infra.bus, [BATTLES.duel]);
  });
});

describe('the battle socket', () => {
  type Got = { type: string; state?: RoundState; roundId?: string };
  /** A player's socket and every message it got, listened to from the handshake on (nothing sent early is missed). */
  const open = async (i: number) => {
    const got: Got[] = [];
    const ws = (await ctx.app.injectWS(
      BATTLE_SOCKET_PATH,
      { headers: { token: as(i) } },
      { onInit: (w) => w.on('message', (d) => d.toString() !== 'pong' && got.push(JSON.parse(d.toString()))) },
    )) as unknown as WebSocket;
    return { ws, got };
  };
  const until = async (fn: () => boolean) => {
    for (let i = 0; i < 300 && !fn(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(fn()).toBe(true);
  };

  it('tells both players of the match, pushes each move of the clock, and a player who reconnects gets the round back', async () => {
    const [{ ws: a, got: ga }, { ws: b, got: gb }] = [await open(0), await open(1)];
    await match(0);
    const roundId = (await match(1)).body.data.roundId as string;
    await until(() => ga.some((m) => m.type === 'matched') && ga.some((m) => m.type === 'state'));
    expect(ga.find((m) => m.type === 'matched')!.roundId).toBe(roundId);
    await until(() => gb.some((m) => m.type === 'state'));
    // The countdown ends by the replica's own timer (3 s): the first question arrives without anyone asking.
    await until(() => ga.some((m) => m.state?.phase === RoundPhase.QUESTION));
    const q = ga.find((m) => m.state?.phase === RoundPhase.QUESTION)!.state!.question!.id;
    expect(ga.every((m) => !m.state?.reveal || m.state.phase !== RoundPhase.QUESTION)).toBe(true);

    // Player b drops and comes back: the same round, the open question, the same score.
    b.terminate();
    await answer(0, roundId, 0, [rightOf(q)]);
    const { ws: b2, got: gb2 } = await open(1);
    await until(() => gb2.some((m) => m.type === 'state'));
    expect({ ...gb2[0]!.state, question: undefined, players: undefined }).toMatchObject({
      roundId,
      seq: 0,
      phase: RoundPhase.QUESTION,
    });
    await answer(1, roundId, 0, [rightOf(q)]);
    await until(() => gb2.some((m) => m.state?.phase === RoundPhase.REVEAL));
    const reveal = gb2.find((m) => m.state?.phase === RoundPhase.REVEAL)!.state!;
    expect(reveal.reveal!.rightIds).toEqual([rightOf(q)]);
    expect(reveal.me).toMatchObject({ userId: LEARNERS[1], answer: [rightOf(q)] });
    expect(reveal.me!.score).toBeGreaterThan(0);
    a.terminate();
    b2.terminate();
    await rewind(roundId, 60_000);
    expect((await state(0, roundId)).status).toBe(RoundStatus.FINISHED);
  }, 20_000);

  it('ignores what a screen should not send (text, JSON, binary, a huge frame) and stays open', async () => {
    const { ws, got } = await open(0);
    for (const junk of ['hello', '{"type":"answer","roundId":"x","seq":0}', '{', Buffer.from([0, 1, 2, 255])])
      ws.send(junk);
    ws.send('ping');
    await until(() => ws.readyState === ws.OPEN && got.length === 0);
    const pong = new Promise<string>((r) => ws.once('message', (d) => r(d.toString())));
    ws.send('ping');
    expect(await pong).toBe('pong');
    // Past the socket's frame limit (64 KB): closed by the library with 1009, the server carries on.
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    expect((await call(ctx.app, BattlePlayCalls.current.url, {}, as(0))).status).toBe(200);
  });

  it('takes a learner who leaves the waiting screen out of the line', async () => {
    const { ws: a } = await open(2);
    await match(2);
    a.terminate();
    await new Promise((r) => setTimeout(r, 200));
    expect((await match(3)).body.data.roundId).toBe(''); // 2 is no longer waiting
    await call(ctx.app, BattlePlayCalls.cancel.url, { battleId: BATTLES.duel }, as(3));
  });
});
