import { BattleMode, RoundPhase, type RoundPlayer, type RoundState, RoundStatus } from '@exam/contracts';
import { type Db, type FullQu, toView } from '@exam/server-kit';
import { phaseEndsAt, settle } from './clock';
import * as repo from './play-repository';

/** Scores and places of every player of a hosted contest by user id: each player's own line (not sent as such). */
export type Scores = Record<string, [score: number, rank: number]>;
/** A hosted contest's screen shows its ten leaders; each player gets their own place besides. */
const LEADERS = 10;

/**
 * The round as every player sees it at this moment of the server's clock (`me` left empty: the caller fills it).
 * The question's answer leaves only once the question is closed: in its reveal, or when the round is over. A room
 * shows each player and their answers at the reveal; a hosted contest its leaders and the count per option.
 */
export async function roundView(
  db: Db,
  r: repo.RoundRecord,
  qs: Map<string, FullQu>,
  /** What the caller has in hand (a room just formed): the battle's title, its players; else read. */
  known: { title?: string; players?: repo.PlayerRow[] } = {},
): Promise<{ state: RoundState; scores?: Scores }> {
  const hosted = r.mode === BattleMode.HOSTED;
  const q = r.seq >= 0 ? qs.get(r.quIds[r.seq] ?? '') : undefined;
  const shown = r.phase !== RoundPhase.COUNTDOWN || r.status === RoundStatus.FINISHED;
  const revealed = r.phase === RoundPhase.REVEAL || r.status === RoundStatus.FINISHED;
  const [title, players, scores, playerCount] = await Promise.all([
    known.title ?? repo.battleTitle(db, r.battleId),
    hosted ? repo.topPlayers(db, r.id, LEADERS) : (known.players ?? repo.playersOf(db, r.id)),
    hosted ? repo.scoresOf(db, r.id) : undefined,
    hosted ? repo.countPlayers(db, r.id) : undefined,
  ]);
  const answers = !hosted && r.seq >= 0 ? await repo.answersOf(db, r.id, r.seq) : [];
  const tally =
    hosted && r.seq >= 0
      ? await repo.answerCounts(db, r.id, r.seq)
      : {
          answered: answers.length,
          counts: (q?.options ?? []).map((o) => ({
            id: o.id,
            count: answers.filter((a) => a.answers.includes(o.id)).length,
          })),
        };
  const answered = new Set(answers.map((a) => a.userId));
  const live = r.status !== RoundStatus.FINISHED;
  const ranked = hosted
    ? players.map((p) => ({ ...p, rank: scores?.[p.userId]?.[1] ?? p.rank }))
    : live
      ? settle(players, false)
      : players;
  const state: RoundState = {
    roundId: r.id,
    battleId: r.battleId,
    title,
    mode: r.mode,
    status: r.status,
    phase: r.phase,
    seq: r.seq,
    quCount: r.quIds.length,
    quSeconds: r.quSeconds,
    now: Date.now(),
    phaseEndsAt: phaseEndsAt(r),
    question: q && shown ? toView(q) : null,
    reveal:
      q && revealed
        ? {
            seq: r.seq,
            rightIds: q.options.filter((o) => o.isRight).map((o) => o.id),
            analysis: q.analysis,
            counts: (q.options ?? []).map((o) => ({
              id: o.id,
              count: tally.counts.find((c) => c.id === o.id)?.count ?? 0,
            })),
            answers: answers.map((a) => ({ userId: a.userId, ids: a.answers, right: a.right, gained: a.score })),
          }
        : null,
    players: ranked.map(
      (p): RoundPlayer => ({
        userId: p.userId,
        realName: p.realName,
        avatar: p.avatar,
        score: p.score,
        rightCount: p.rightCount,
        answered: answered.has(p.userId),
        rank: p.rank,
        result: p.result,
        points: p.points,
      }),
    ),
    playerCount: playerCount ?? players.length,
    answeredCount: tally.answered,
    code: r.code,
    me: null,
  };
  return { state, scores };
}

/** A player's own line of a state every player shares: their score, place and result (the answer, the screen's own or the reveal's). */
export function withMe(state: RoundState, userId: string, scores?: Scores, answer?: string[]): RoundState {
  const p = state.players.find((x) => x.userId === userId);
  const own = scores?.[userId];
  return {
    ...state,
    me: {
      userId,
      score: own?.[0] ?? p?.score ?? 0,
      rank: own?.[1] ?? p?.rank ?? 0,
      answer: answer ?? state.reveal?.answers.find((a) => a.userId === userId)?.ids ?? [],
      result: p?.result ?? '',
      points: p?.points ?? 0,
    },
  };
}
