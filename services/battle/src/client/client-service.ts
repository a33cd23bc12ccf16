import { type BattleCard, ExamOpenType, type MyRoundRow, type Paging, type PagingQuery } from '@exam/contracts';
import { type AuthUser, type Db, fmtTime, notFound, pageOf, pageQuery, parseTime } from '@exam/server-kit';
import { openAt, openTo, playableBattle, playableBy } from '../battle/battle-access';
import { battleHead } from '../battle/battle-head';
import { type BattleRecord, battleById } from '../battle/battle-repository';
import type { ResultService } from '../result/result-service';
import * as repo from './client-repository';

/** Midnight of the site's day (UTC+8, as every time on the wire) that holds `now`: daily limits count from it. */
export const dayStart = (now: Date) => parseTime(`${fmtTime(now).slice(0, 10)} 00:00:00`);

const cardOf = (b: BattleRecord, mine?: { today: number; best: number }): BattleCard => ({
  ...battleHead(b),
  winPoints: b.winPoints,
  joinPoints: b.joinPoints,
  dailyLimit: b.dailyLimit,
  playedToday: mine?.today ?? 0,
  myBest: mine?.best ?? 0,
});

/** The learner's 答题竞赛: the battles open to them now, one battle, their rounds, a battle's leaderboard. */
export function clientService({ db, results }: { db: Db; results: ResultService }) {
  const mine = async (user: AuthUser, ids: string[]) => repo.myPlay(db, user.id, ids, dayStart(new Date()));

  return {
    /** Battles the learner may start now (the access rule of battle-access over the enabled, open candidates). */
    async paging(q: PagingQuery<{ title?: string }>, user: AuthUser): Promise<Paging<BattleCard>> {
      const now = new Date();
      const candidates = await repo.listedBattles(db, now, q.params?.title);
      const named = await repo.namedIn(
        db,
        user.id,
        candidates.filter((b) => b.openType === ExamOpenType.PERSON).map((b) => b.id),
      );
      const open = candidates.filter((b) => openAt(b, now.getTime()) && openTo(b, user, named.has(b.id)));
      const { size, offset } = pageOf(q);
      const page = open.slice(offset, offset + size);
      const play = await mine(
        user,
        page.map((b) => b.id),
      );
      return pageQuery(
        q,
        async () => page.map((b) => cardOf(b, play.get(b.id))),
        async () => open.length,
      );
    },

    async detail(id: string, user: AuthUser): Promise<BattleCard> {
      const b = await playableBattle(db, id, user);
      return cardOf(b, (await mine(user, [id])).get(id));
    },

    /** The learner's own finished rounds (hosted contests too). */
    history(q: PagingQuery<{ battleId?: string }>, user: AuthUser): Promise<Paging<MyRoundRow>> {
      const battleId = q.params?.battleId;
      return pageQuery(
        q,
        async (limit, offset) =>
          (await repo.historyRows(db, user.id, battleId, limit, offset)).map((r) => ({
            roundId: r.p.roundId,
            battleId: r.p.battleId,
            title: r.title ?? '',
            mode: r.mode,
            score: r.p.score,
            rightCount: r.p.rightCount,
            quCount: r.quCount,
            rank: r.p.rank,
            playerCount: r.playerCount,
            result: r.p.result,
            points: r.p.points,
            createTime: fmtTime(r.createTime),
          })),
        () => repo.historyCount(db, user.id, battleId),
      );
    },

    /** A battle's leaderboard and the learner's own row: for a battle open to them, or one they played. */
    async rank(q: PagingQuery<{ battleId: string }>, user: AuthUser) {
      const { battleId } = q.params!;
      const b = await battleById(db, battleId);
      const visible = b && ((await playableBy(db, b, user)) || (await repo.hasPlayed(db, user.id, battleId)));
      if (!visible) throw notFound('竞赛不存在或已结束！');
      const [page, mine] = await Promise.all([results.rank(q, battleId), results.placeOf(battleId, user.id)]);
      return { ...page, mine };
    },
  };
}
