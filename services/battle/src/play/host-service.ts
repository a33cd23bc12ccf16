import { randomInt } from 'node:crypto';
import { BattleMode, RoundPhase, type RoundState, RoundStatus } from '@exam/contracts';
import { type AuthUser, badRequest, type Db, newId, notFound } from '@exam/server-kit';
import { playableBattle } from '../battle/battle-access';
import { battleById } from '../battle/battle-repository';
import { phaseEndsAt } from './clock';
import * as repo from './play-repository';
import { type PlayService, roundLifeSec } from './play-service';
import { withMe } from './round-view';

/** Hosted contests stay open for players to join at most this long before the host starts (seconds). */
const LOBBY_SEC = 4 * 3600;

/**
 * Hosted contests: an admin or teacher opens a lobby with a join code, players join from their phones, the host
 * starts, closes a question early or moves on after its reveal, and can close the contest. Each question still opens
 * and closes on the server's clock (play-service's tick); the host moves only what waits for a person.
 */
export function hostService({ db, play }: { db: Db; play: PlayService }) {
  // Players join a lobby by the hundred: its screen is told at most twice a second, not once per player.
  const lobbyNews = new Map<string, NodeJS.Timeout>();
  const tellLobby = (roundId: string) => {
    if (lobbyNews.has(roundId)) return;
    const t = setTimeout(() => {
      lobbyNews.delete(roundId);
      void play.broadcast(roundId).catch(() => undefined);
    }, 500);
    t.unref();
    lobbyNews.set(roundId, t);
  };

  /** The host's own open contest, or 404 as if it did not exist (another host's included). */
  async function hosted(user: AuthUser, roundId: string) {
    const r = await repo.roundById(db, roundId);
    if (!r || r.mode !== BattleMode.HOSTED || r.hostId !== user.id) throw notFound('竞赛不存在或已结束！');
    return r;
  }

  /** Moves a playing contest's clock to `c` if it is still where `from` says (a double click moves it once). */
  async function move(r: repo.RoundRecord, c: Pick<repo.RoundRecord, 'seq' | 'phase' | 'phaseAt' | 'status'>) {
    const moved = await db.transaction(async (tx) => {
      const now = await repo.lockRound(tx, r.id);
      if (!now || now.status !== r.status || now.seq !== r.seq || now.phase !== r.phase) return false;
      const finished = c.status === RoundStatus.FINISHED;
      await repo.setClock(tx, r.id, finished ? { ...c, finishTime: new Date() } : c);
      if (finished) await play.settleRound(tx, now);
      return true;
    });
    if (!moved) return;
    if (c.status === RoundStatus.FINISHED) await play.ended(r);
    await play.broadcast(r.id);
  }

  return {
    async open(user: AuthUser, battleId: string) {
      const b = await battleById(db, battleId);
      if (!b) throw notFound('竞赛不存在或已结束！');
      if (b.mode !== BattleMode.HOSTED) throw badRequest('只有主持竞赛可以由主持人发起！');
      if (b.state !== 0) throw badRequest('竞赛已停用！');
      const quIds = await play.drawQuestions(b, b.quCount);
      if (!quIds.length) throw badRequest('题库中没有可用的题目！');
      // Six digits, unique among open contests (the index refuses a clash; another is drawn).
      for (let i = 0; i < 5; i++) {
        const code = String(randomInt(100_000, 1_000_000));
        const id = newId();
        try {
          await db.transaction((tx) =>
            repo.insertRound(
              tx,
              {
                id,
                battleId,
                mode: b.mode,
                code,
                hostId: user.id,
                status: RoundStatus.LOBBY,
                phase: RoundPhase.COUNTDOWN,
                phaseAt: Date.now(),
                quIds,
                quSeconds: b.quSeconds,
                rightScore: b.rightScore,
                speedBonus: b.speedBonus,
              },
              [],
            ),
          );
          // The host's screen follows the contest over the battle socket like a player's.
          await play.busy.claim(user.id, id, LOBBY_SEC + roundLifeSec(quIds.length, b.quSeconds));
          return { roundId: id, code };
        } catch (e) {
          if (!String((e as { code?: string }).code ?? '').startsWith('23')) throw e;
        }
      }
      throw badRequest('竞赛码生成失败，请重试！');
    },

    async state(user: AuthUser, roundId: string): Promise<RoundState> {
      await play.tick(roundId);
      const r = await hosted(user, roundId);
      const { state } = await play.view(r);
      return withMe(state, user.id);
    },

    async start(user: AuthUser, roundId: string) {
      const r = await hosted(user, roundId);
      if (r.status !== RoundStatus.LOBBY) throw badRequest('竞赛已开始！');
      if (!(await repo.countPlayers(db, r.id))) throw badRequest('还没有选手加入！');
      await move(r, { status: RoundStatus.PLAYING, seq: -1, phase: RoundPhase.COUNTDOWN, phaseAt: Date.now() });
    },

    async next(user: AuthUser, roundId: string) {
      await play.tick(roundId);
      const r = await hosted(user, roundId);
      if (r.status !== RoundStatus.PLAYING || r.phase === RoundPhase.COUNTDOWN)
        throw badRequest('当前不能进入下一题！');
      const now = Date.now();
      if (r.phase === RoundPhase.QUESTION) return move(r, { ...r, phase: RoundPhase.REVEAL, phaseAt: now });
      if (r.seq + 1 < r.quIds.length)
        return move(r, { ...r, seq: r.seq + 1, phase: RoundPhase.QUESTION, phaseAt: now });
      return move(r, { ...r, status: RoundStatus.FINISHED, phaseAt: now });
    },

    /** A lobby is cancelled; a contest under way ends now, scored as it stands. */
    async close(user: AuthUser, roundId: string) {
      const r = await hosted(user, roundId);
      if (r.status >= RoundStatus.FINISHED) return;
      if (r.status === RoundStatus.LOBBY) {
        await db.transaction((tx) =>
          repo.setClock(tx, r.id, { ...r, status: RoundStatus.ABORTED, finishTime: new Date() }),
        );
        await play.ended(r);
        await play.broadcast(r.id);
      } else await move(r, { ...r, status: RoundStatus.FINISHED, phaseAt: Math.max(Date.now(), phaseEndsAt(r)) });
    },

    /** A learner joins an open contest by its code (again: the same round), if the battle is open to them. */
    async join(user: AuthUser, code: string) {
      const r = await repo.openRoundByCode(db, code.trim());
      if (!r) throw notFound('竞赛码无效或竞赛已结束！');
      await playableBattle(db, r.battleId, user);
      if (await repo.addPlayer(db, r.id, r.battleId, user.id)) {
        await play.busy.claim(user.id, r.id, LOBBY_SEC + roundLifeSec(r.quIds.length, r.quSeconds));
        await play.tellJoined(user.id, r.id);
        if (r.status === RoundStatus.LOBBY) tellLobby(r.id); // the lobby's count of players
      }
      return { roundId: r.id };
    },
  };
}
