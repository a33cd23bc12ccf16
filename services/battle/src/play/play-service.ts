import {
  BATTLE_TIMES,
  BattleMode,
  type BattleMessage,
  ONE_CHOICE_TYPES,
  ROOM_SIZE,
  RoundPhase,
  type RoundState,
  RoundStatus,
} from '@exam/contracts';
import {
  type AuthUser,
  badRequest,
  conflict,
  type Db,
  type FullQu,
  grantPoints,
  type Infra,
  loadQuestions,
  newId,
  notFound,
  recordAnswersInBook,
  sample,
  type Tx,
} from '@exam/server-kit';
import { playableBattle } from '../battle/battle-access';
import { battleCache } from '../battle/battle-cache';
import { type BattleRecord, battleById } from '../battle/battle-repository';
import { answerScore, clockAt, phaseEndsAt, settle } from './clock';
import * as repo from './play-repository';
import { roundView, withMe } from './round-view';

export const BATTLE_MODULE = 'moduleBattle';
const CANDIDATES_MS = 60_000;

/** Bus channels: a learner's own (matched, expired) and a round's (its state, who answered). */
export const userChannel = (userId: string) => `battle:u:${userId}`;
export const roundChannel = (roundId: string) => `battle:r:${roundId}`;
const lineKey = (battleId: string) => `battle:line:${battleId}`;
/** The learner's round in progress (or being formed): one at a time, which is what keeps anyone from being double-booked. */
const busyKey = (userId: string) => `battle:busy:${userId}`;
/** The battle a learner waits in, so a closed socket can take them out of its line. */
const waitKey = (userId: string) => `battle:wait:${userId}`;
const answeredKey = (roundId: string, seq: number) => `battle:answered:${roundId}:${seq}`;

/** Whether a deadline of the round's stored clock has passed (its clock would move). */
const clockMoves = (r: repo.RoundRecord, now: number) => {
  const c = clockAt(r, now, false);
  return c.status !== r.status || c.seq !== r.seq || c.phase !== r.phase || c.phaseAt !== r.phaseAt;
};
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
export const roundLifeSec = (n: number, quSeconds: number) =>
  Math.ceil((BATTLE_TIMES.countdownMs + n * (quSeconds * 1000 + BATTLE_TIMES.revealMs)) / 1000) + 60;

type Deps = { db: Db; infra: Infra; log?: (o: object, msg: string) => void };
export type PlayService = ReturnType<typeof playService>;

export function playService({ db, infra, log }: Deps) {
  const { kv, bus } = infra;
  const battles = battleCache(db, bus);
  // Each round's questions, loaded once per replica (answers are checked against them); dropped when the round ends.
  const questions = new Map<string, Promise<Map<string, FullQu>>>();
  const questionsOf = (r: repo.RoundRecord) => {
    let q = questions.get(r.id);
    if (!q) {
      q = loadQuestions(db, r.quIds);
      questions.set(r.id, q);
      q.catch(() => questions.delete(r.id));
      if (questions.size > 2000) questions.delete(questions.keys().next().value as string);
    }
    return q;
  };
  const publish = (channel: string, m: BattleMessage) => bus.publish(channel, JSON.stringify(m));
  // What each battle may ask, read once a minute per replica: a thousand rooms forming at once draw their questions
  // from memory, not with a sort of the banks each (measured: 8.4 s p99 to a room with one per room).
  const candidates = new Map<string, { at: number; ids: Promise<string[]> }>();
  async function drawQuestions(b: BattleRecord, n: number): Promise<string[]> {
    let c = candidates.get(b.id);
    if (!c || Date.now() - c.at > CANDIDATES_MS) {
      c = { at: Date.now(), ids: repo.candidateQuestions(db, b) };
      candidates.set(b.id, c);
      c.ids.catch(() => candidates.delete(b.id));
    }
    return sample(await c.ids, n);
  }

  const view = async (r: repo.RoundRecord) => roundView(db, r, await questionsOf(r));

  async function broadcast(roundId: string) {
    const r = await repo.roundById(db, roundId);
    if (r) await publish(roundChannel(roundId), { type: 'state', ...(await view(r)) });
  }

  /**
   * Moves the round's clock to now (clock.ts), in one transaction holding the round: the deadlines are the stored
   * ones, so whichever replica or request calls this first does it, and the others find nothing to do. A round that
   * ends is settled in the same transaction: places, win / lose / draw, points, wrong answers into the book.
   */
  async function tick(roundId: string): Promise<boolean> {
    const moved = await db.transaction(async (tx) => {
      const r = await repo.lockRound(tx, roundId);
      if (!r || r.status !== RoundStatus.PLAYING) return null;
      const now = Date.now();
      const open = r.phase === RoundPhase.QUESTION && phaseEndsAt(r) > now;
      const next = clockAt(r, now, open && (await repo.allAnswered(tx, r.id, r.seq)));
      if (next.status === r.status && next.seq === r.seq && next.phase === r.phase && next.phaseAt === r.phaseAt)
        return null;
      const finished = next.status === RoundStatus.FINISHED;
      await repo.setClock(tx, r.id, finished ? { ...next, finishTime: new Date() } : next);
      if (finished) await settleRound(tx, r);
      return { finished, r };
    });
    if (!moved) return false;
    if (moved.finished) await ended(moved.r);
    await broadcast(roundId);
    return true;
  }

  /** After a round ended: its questions leave this replica's cache, its players and host are free to play again. */
  async function ended(r: Pick<repo.RoundRecord, 'id' | 'hostId'>) {
    questions.delete(r.id);
    const players = await repo.playersOf(db, r.id);
    const free = [...players.map((p) => p.userId), ...(r.hostId ? [r.hostId] : [])];
    await Promise.all(free.map((u) => kv.delIfEquals(busyKey(u), r.id)));
  }

  async function settleRound(tx: Tx, r: repo.RoundRecord) {
    const b = await battleById(tx, r.battleId);
    const players = await repo.playersOf(tx, r.id);
    const rooms = r.mode !== BattleMode.HOSTED;
    const placed = settle(players, rooms).map((p) => ({
      ...p,
      // Winners: a room's (win), a hosted contest's first place.
      points: ((rooms ? p.result === 'win' : p.rank === 1) ? (b?.winPoints ?? 0) : 0) + (b?.joinPoints ?? 0),
    }));
    await repo.settlePlayers(tx, r.id, placed);
    for (const p of placed)
      await grantPoints(tx, { userId: p.userId, points: p.points, remark: `答题竞赛：${b?.title ?? ''}` });
    // Questions answered wrong go to the wrong-answer book of their bank; right ones leave it, as in training.
    // Read in the transaction: PGlite has one connection, which the transaction holds.
    const qs = await loadQuestions(tx, r.quIds);
    const book = (await repo.roundAnswers(tx, r.id)).flatMap((a) => {
      const q = qs.get(a.quId);
      return q ? [{ userId: a.userId, refType: 'repo' as const, refId: q.repoId, quId: a.quId, right: a.right }] : [];
    });
    if (book.length) await recordAnswersInBook(tx, book);
  }

  /** Forms a room of `group` (each claimed busy first: a member busy elsewhere goes back to the line). */
  async function formRoom(b: BattleRecord, group: string[]): Promise<string> {
    const battleId = b.id;
    const roundId = newId();
    const life = roundLifeSec(b.quCount, b.quSeconds);
    const ok = await Promise.all(group.map((u) => kv.setNx(busyKey(u), roundId, life * 1000)));
    const claimed = group.filter((_, i) => ok[i]);
    const release = () => Promise.all(claimed.map((u) => kv.delIfEquals(busyKey(u), roundId)));
    if (claimed.length < group.length) {
      await release();
      for (const u of claimed) await kv.lineUp(lineKey(battleId), u, ROOM_SIZE[b.mode] ?? 2, BATTLE_TIMES.matchWaitMs);
      return '';
    }
    let round: repo.RoundRecord;
    let players: repo.PlayerRow[];
    try {
      const quIds = await drawQuestions(b, b.quCount);
      if (!quIds.length) throw badRequest('题库中没有可用的题目！');
      round = {
        id: roundId,
        battleId,
        mode: b.mode,
        code: '',
        hostId: '',
        status: RoundStatus.PLAYING,
        seq: -1,
        phase: RoundPhase.COUNTDOWN,
        phaseAt: Date.now(),
        quIds,
        quSeconds: b.quSeconds,
        rightScore: b.rightScore,
        speedBonus: b.speedBonus,
        createTime: new Date(),
        finishTime: null,
      };
      // The players' names are read beside the insert (not after it): one round trip less before the news.
      [, players] = await Promise.all([repo.insertRound(db, round, group), repo.newPlayers(db, group)]);
    } catch (e) {
      await release();
      throw e;
    }
    // The room's first state goes with the news: a thousand rooms forming at once load it once each, not per player.
    const [{ state }] = await Promise.all([
      // In its countdown a round shows no question: none is loaded for the news.
      roundView(db, round, new Map(), { title: b.title, players }),
      kv.del(...group.map(waitKey)),
    ]);
    await Promise.all(group.map((u) => publish(userChannel(u), { type: 'matched', roundId, state })));
    log?.({ roundId, battleId, players: group.length }, 'battle room formed');
    return roundId;
  }

  /** The learner's round in progress ('' none). */
  async function current(userId: string): Promise<string> {
    const id = await kv.get(busyKey(userId));
    if (!id) return '';
    const r = await repo.roundById(db, id);
    return r && r.status < RoundStatus.FINISHED ? id : '';
  }

  return {
    tick,
    view,
    current,
    drawQuestions,
    broadcast,
    questionsOf,
    settleRound,
    ended,
    /** Tells a player's open battle screens which round they are in (a socket then follows it). */
    tellJoined: (userId: string, roundId: string) => publish(userChannel(userId), { type: 'matched', roundId }),
    busy: {
      claim: (userId: string, roundId: string, sec: number) => kv.setNx(busyKey(userId), roundId, sec * 1000),
      release: (userId: string, roundId: string) => kv.delIfEquals(busyKey(userId), roundId),
    },

    async match(user: AuthUser, battleId: string) {
      // Round trips are what a burst of matches costs: the battle from this replica's memory, then one step in the
      // store (not while busy in a round; out of another battle's line; the waiting key; the line).
      const b = await playableBattle(db, battleId, user, battles.get);
      if (b.mode === BattleMode.HOSTED) throw badRequest('该竞赛由主持人发起，请输入竞赛码加入！');
      if (b.dailyLimit > 0) {
        const playing = await current(user.id);
        if (playing) return { roundId: playing, waitMs: 0 };
        if ((await repo.roundsToday(db, b.id, user.id)) >= b.dailyLimit)
          throw badRequest('今日参与次数已用完，请明天再来！');
      }
      const lineUp = () =>
        kv.lineUpGuarded(lineKey(b.id), user.id, ROOM_SIZE[b.mode] ?? 2, BATTLE_TIMES.matchWaitMs, {
          busy: busyKey(user.id),
          mark: waitKey(user.id),
          markValue: b.id,
          linePrefix: lineKey(''),
        });
      let lined = await lineUp();
      if ('busy' in lined) {
        const playing = await current(user.id);
        if (playing) return { roundId: playing, waitMs: 0 };
        // A round that ended without freeing its players (a crash between the two): free this one and go on.
        await kv.delIfEquals(busyKey(user.id), lined.busy);
        lined = await lineUp();
        if ('busy' in lined) throw conflict('您正在进行其他对局！');
      }
      const { group } = lined;
      const roundId = group.length ? await formRoom(b, group) : '';
      return { roundId: group.includes(user.id) ? roundId : '', waitMs: BATTLE_TIMES.matchWaitMs };
    },

    /** Out of the battle's line (cancelled, timed out on the screen, or the socket closed). */
    async cancel(userId: string, battleId?: string) {
      const waiting = battleId ?? (await kv.get(waitKey(userId)));
      if (!waiting) return;
      await kv.leaveLine(lineKey(waiting), userId);
      await kv.del(waitKey(userId));
    },

    /** The round as the player sees it, after moving its clock to now (nobody may be left holding it). */
    async state(user: AuthUser, roundId: string): Promise<RoundState> {
      let [r, own] = await Promise.all([repo.roundById(db, roundId), repo.playerOf(db, roundId, user.id)]);
      if (!r || !own) throw notFound('对局不存在！');
      // Only a clock past a deadline is moved here (a transaction holding the round): a thousand rooms just formed
      // load their first states without one (an early close when everyone answered is the answer call's).
      if (clockMoves(r, Date.now()) && (await tick(roundId)))
        [r, own] = await Promise.all([repo.roundById(db, roundId), repo.playerOf(db, roundId, user.id)]);
      if (!r || !own) throw notFound('对局不存在！');
      const { state, scores } = await view(r);
      const answer = r.seq >= 0 ? await repo.answerOf(db, r.id, r.seq, user.id) : undefined;
      const s = withMe(state, user.id, scores, answer?.answers ?? []);
      return own && s.me ? { ...s, me: { ...s.me, result: own.result, points: own.points } } : s;
    },

    /**
     * One answer per player per question, by the server's clock at receipt: refused before the question opens and
     * after it closes; a retry of the same answer is accepted again, a different one refused (the primary key decides
     * between parallel ones). The round is read, not locked: thousands answer one question of a hosted contest, and
     * a request received before the close was written before anyone saw the reveal, so it counts even if the clock
     * moves on while it is stored.
     */
    async answer(user: AuthUser, req: { roundId: string; seq: number; answers: string[] }) {
      const now = Date.now();
      const r = await repo.roundById(db, req.roundId);
      if (!r || !(await repo.isPlayer(db, r.id, user.id))) throw notFound('对局不存在！');
      const retry = async () => {
        const prior = await repo.answerOf(db, r.id, req.seq, user.id);
        if (!prior) return undefined;
        if (sameSet(prior.answers, req.answers)) return { r, fresh: false, at: prior.createTime.getTime() };
        throw conflict('本题已作答，不能修改！');
      };
      if (
        r.status !== RoundStatus.PLAYING ||
        req.seq > r.seq ||
        (req.seq === r.seq && r.phase === RoundPhase.COUNTDOWN)
      )
        throw badRequest('本题尚未开始！');
      if (req.seq < r.seq || r.phase !== RoundPhase.QUESTION || now > phaseEndsAt(r)) {
        const again = await retry();
        if (again) return { accepted: true, at: again.at };
        throw badRequest('本题作答时间已过！');
      }
      const q = (await questionsOf(r)).get(r.quIds[r.seq] ?? '');
      const ids = [...new Set(req.answers)];
      const optionIds = q?.options.map((o) => o.id) ?? [];
      if (!q || !ids.every((id) => optionIds.includes(id)) || (ONE_CHOICE_TYPES.includes(q.quType) && ids.length !== 1))
        throw badRequest('答案无效！');
      const right = sameSet(
        ids,
        q.options.filter((o) => o.isRight).map((o) => o.id),
      );
      const elapsedMs = Math.max(0, now - r.phaseAt);
      const score = answerScore(right, elapsedMs, r);
      const row = { roundId: r.id, seq: r.seq, userId: user.id, quId: q.id, answers: ids, right, score, elapsedMs };
      // The answer and its score together; a second answer (a retry, or a parallel request) stores nothing.
      const fresh = await db.transaction(async (tx) => {
        if (!(await repo.insertAnswer(tx, row))) return false;
        await repo.addScore(tx, r.id, user.id, score, right);
        return true;
      });
      const stored = fresh ? { r, fresh: true, at: now } : await retry();
      if (!stored) throw conflict('本题已作答，不能修改！');
      if (!stored.fresh) return { accepted: true, at: stored.at };
      if (r.mode !== BattleMode.HOSTED) {
        await publish(roundChannel(r.id), { type: 'answered', roundId: r.id, seq: r.seq, userId: user.id });
        // Everyone answered: the question closes now rather than at its deadline.
        await tick(r.id);
      } else if (
        // Thousands answer a hosted question: counted in the store, the clock asked only once the count says all did.
        (await kv.incr(answeredKey(r.id, r.seq), roundLifeSec(r.quIds.length, r.quSeconds))) >=
        (await repo.countPlayers(db, r.id))
      )
        await tick(r.id);
      return { accepted: true, at: stored.at };
    },
  };
}
