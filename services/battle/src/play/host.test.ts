import {
  BATTLE_SOCKET_PATH,
  BattleHostCalls,
  BattlePlayCalls,
  RoundPhase,
  type RoundState,
  RoundStatus,
} from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { BATTLES, LEARNERS, type PlayCtx, playTestApp, rightOf, wrongOf } from '../testing/play-fixture';

let ctx: PlayCtx;
beforeAll(async () => {
  ctx = await playTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const host = (url: string, body: unknown, who = 0) => call(ctx.app, url, body, ctx.hosts[who]);
const learner = (url: string, body: unknown, i: number) => call(ctx.app, url, body, ctx.tokens[i]);
const rewind = (roundId: string, ms: number) =>
  ctx.app.db
    .update(schema.elBattleRound)
    .set({ phaseAt: sql`${schema.elBattleRound.phaseAt} - ${ms}` })
    .where(eq(schema.elBattleRound.id, roundId));

describe('a hosted contest', () => {
  it('runs from the lobby to the podium: join by code, the host starts and moves on, answers close on the server clock', async () => {
    const opened = await host(BattleHostCalls.open.url, { battleId: BATTLES.hosted });
    expect(opened.status).toBe(200);
    const { roundId, code } = opened.body.data as { roundId: string; code: string };
    expect(code).toMatch(/^\d{6}$/);
    // Nobody yet: the host cannot start an empty contest.
    expect((await host(BattleHostCalls.start.url, { roundId })).body.msg).toBe('还没有选手加入！');
    for (const i of [0, 1, 2]) {
      const j = await learner(BattlePlayCalls.join.url, { code }, i);
      expect(j.body.data).toEqual({ roundId });
    }
    expect((await learner(BattlePlayCalls.join.url, { code }, 0)).body.data).toEqual({ roundId }); // again: the same
    expect((await learner(BattlePlayCalls.join.url, { code: '000000' }, 3)).body.msg).toBe('竞赛码无效或竞赛已结束！');
    // Another host, and a learner, cannot move this contest.
    expect((await host(BattleHostCalls.start.url, { roundId }, 1)).status).toBe(404);
    expect((await learner(BattleHostCalls.start.url, { roundId }, 0)).status).toBe(403);

    const lobby = (await host(BattleHostCalls.state.url, { roundId })).body.data as RoundState;
    expect(lobby).toMatchObject({ status: RoundStatus.LOBBY, playerCount: 3, code, question: null });
    expect((await host(BattleHostCalls.start.url, { roundId })).status).toBe(200);
    expect((await host(BattleHostCalls.start.url, { roundId })).body.msg).toBe('竞赛已开始！');
    await rewind(roundId, 3000);
    const q1 = (await learner(BattlePlayCalls.state.url, { roundId }, 0)).body.data as RoundState;
    expect(q1).toMatchObject({ phase: RoundPhase.QUESTION, seq: 0, reveal: null, answeredCount: 0 });
    const qid = q1.question!.id;
    await learner(BattlePlayCalls.answer.url, { roundId, seq: 0, answers: [rightOf(qid)] }, 0);
    await learner(BattlePlayCalls.answer.url, { roundId, seq: 0, answers: [wrongOf(qid)] }, 1);
    const mid = (await host(BattleHostCalls.state.url, { roundId })).body.data as RoundState;
    expect(mid).toMatchObject({ phase: RoundPhase.QUESTION, answeredCount: 2, reveal: null });
    // The deadline passes: closed by the server, the third player's answer refused.
    await rewind(roundId, 5000);
    expect((await learner(BattlePlayCalls.answer.url, { roundId, seq: 0, answers: [rightOf(qid)] }, 2)).body.msg).toBe(
      '本题作答时间已过！',
    );
    const shown = (await host(BattleHostCalls.state.url, { roundId })).body.data as RoundState;
    expect(shown.phase).toBe(RoundPhase.REVEAL);
    expect(shown.reveal!.counts).toEqual(
      expect.arrayContaining([
        { id: rightOf(qid), count: 1 },
        { id: wrongOf(qid), count: 1 },
      ]),
    );
    expect(shown.reveal!.answers).toEqual([]); // a contest shows counts, not each player's pick
    expect(shown.players[0]).toMatchObject({ userId: LEARNERS[0], rank: 1 });
    // The reveal waits for the host, however long.
    await rewind(roundId, 600_000);
    expect(((await host(BattleHostCalls.state.url, { roundId })).body.data as RoundState).phase).toBe(
      RoundPhase.REVEAL,
    );
    await host(BattleHostCalls.next.url, { roundId });
    const q2 = (await learner(BattlePlayCalls.state.url, { roundId }, 1)).body.data as RoundState;
    expect(q2).toMatchObject({ phase: RoundPhase.QUESTION, seq: 1 });
    expect(q2.me).toMatchObject({ score: 0, rank: 2 });
    // The host closes the question early, then ends the contest: scored as it stands.
    await host(BattleHostCalls.next.url, { roundId });
    await host(BattleHostCalls.close.url, { roundId });
    const end = (await learner(BattlePlayCalls.state.url, { roundId }, 0)).body.data as RoundState;
    expect(end.status).toBe(RoundStatus.FINISHED);
    expect(end.me).toMatchObject({ rank: 1, points: 12 });
    expect((await learner(BattlePlayCalls.join.url, { code }, 3)).status).toBe(404); // over: the code is free again
  });

  it('only a hosted battle opens a lobby; a lobby closed before the start is cancelled', async () => {
    expect((await host(BattleHostCalls.open.url, { battleId: BATTLES.duel })).body.msg).toBe(
      '只有主持竞赛可以由主持人发起！',
    );
    const { roundId, code } = (await host(BattleHostCalls.open.url, { battleId: BATTLES.hosted })).body.data;
    await learner(BattlePlayCalls.join.url, { code }, 4);
    await host(BattleHostCalls.close.url, { roundId });
    const s = (await learner(BattlePlayCalls.state.url, { roundId }, 4)).body.data as RoundState;
    expect(s.status).toBe(RoundStatus.ABORTED);
  });

  it('pushes to the host screen and to each player their own place', async () => {
    const { roundId, code } = (await host(BattleHostCalls.open.url, { battleId: BATTLES.hosted })).body.data;
    const open = async (token: string) => {
      const got: { type: string; state?: RoundState }[] = [];
      const ws = (await ctx.app.injectWS(
        BATTLE_SOCKET_PATH,
        { headers: { token } },
        { onInit: (w) => w.on('message', (d) => d.toString() !== 'pong' && got.push(JSON.parse(d.toString()))) },
      )) as unknown as WebSocket;
      return { ws, got };
    };
    const until = async (fn: () => boolean) => {
      for (let i = 0; i < 300 && !fn(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(fn()).toBe(true);
    };
    const screen = await open(ctx.hosts[0]!);
    await until(() => screen.got.some((m) => m.state?.status === RoundStatus.LOBBY));
    await learner(BattlePlayCalls.join.url, { code }, 5);
    const phone = await open(ctx.tokens[5]!);
    // The lobby's count reaches the host's screen (told at most twice a second).
    await until(() => screen.got.some((m) => m.state?.playerCount === 1));
    await host(BattleHostCalls.start.url, { roundId });
    await until(() => phone.got.some((m) => m.state?.phase === RoundPhase.QUESTION)); // by the replica's timer
    const q = phone.got.find((m) => m.state?.phase === RoundPhase.QUESTION)!.state!;
    expect(q.reveal).toBeNull();
    await learner(BattlePlayCalls.answer.url, { roundId, seq: 0, answers: [rightOf(q.question!.id)] }, 5);
    // Everyone (one player) answered: closed at once, the player told their place, no scores map on the wire.
    await until(() => phone.got.some((m) => m.state?.phase === RoundPhase.REVEAL));
    const shown = phone.got.find((m) => m.state?.phase === RoundPhase.REVEAL)!;
    expect(shown.state!.me).toMatchObject({ userId: LEARNERS[5], rank: 1 });
    expect(shown.state!.me!.score).toBeGreaterThan(100);
    expect(JSON.stringify(phone.got)).not.toContain('scores');
    screen.ws.terminate();
    phone.ws.terminate();
    await host(BattleHostCalls.close.url, { roundId });
  }, 20_000);
});
