import {
  abcOf,
  type BattleQuStat,
  type BattleRankRow,
  type Paging,
  type PagingQuery,
  ROUND_STATUS_TITLES,
  type RoundRow,
} from '@exam/contracts';
import { type Db, fmtTime, loadQuestions, notFound, pageQuery, richTextToPlain } from '@exam/server-kit';
import { battleById } from '../battle/battle-repository';
import * as repo from './result-repository';
import { rankXlsx } from './result-xlsx';

/** Rows an export holds at most (the leaderboard's first places). */
export const EXPORT_MAX = 10_000;

/** A leaderboard row as the contracts give it: the right rate in percent with one decimal. */
const rankRow = (r: repo.RankRecord): BattleRankRow => ({
  rank: r.rank,
  userId: r.userId,
  realName: r.realName,
  deptName: r.deptName,
  bestScore: r.bestScore,
  rounds: r.rounds,
  wins: r.wins,
  rightRate: r.asked ? Math.round((r.rights / r.asked) * 1000) / 10 : 0,
});

const plain = (html: string, max: number) => richTextToPlain(html).slice(0, max);

/** A battle's results for the admin (BattleResult): rounds, leaderboard, answers per question, the export. */
export function resultService({ db }: { db: Db }) {
  const mustExist = async (battleId: string) => {
    const b = await battleById(db, battleId);
    if (!b) throw notFound('竞赛不存在或已删除！');
    return b;
  };

  /** The leaderboard's page (also the learner's, client-service). */
  const rank = (q: PagingQuery<{ battleId: string }>, battleId: string): Promise<Paging<BattleRankRow>> =>
    pageQuery(
      q,
      async (limit, offset) => (await repo.rankRows(db, battleId, limit, offset)).map(rankRow),
      () => repo.rankCount(db, battleId),
    );

  return {
    rank,

    /** One learner's row of the leaderboard (null before their first finished round). */
    async placeOf(battleId: string, userId: string): Promise<BattleRankRow | null> {
      const r = await repo.rankOf(db, battleId, userId);
      return r ? rankRow(r) : null;
    },

    async rounds(q: PagingQuery<repo.RoundFilter>) {
      const p = q.params!;
      await mustExist(p.battleId);
      return pageQuery<RoundRow>(
        q,
        async (limit, offset) => {
          const rows = await repo.roundRows(db, p, limit, offset);
          const players = await repo.playersOf(
            db,
            rows.map((x) => x.r.id),
          );
          return rows.map(({ r, hostName }) => {
            const mine = players.filter((x) => x.roundId === r.id);
            return {
              id: r.id,
              mode: r.mode,
              status: r.status,
              status_dictText: ROUND_STATUS_TITLES[r.status] ?? '',
              code: r.code,
              hostName: hostName ?? '',
              // The first four places (a room's whole table; a hosted contest's podium and one more).
              players: mine.slice(0, 4).map((x) => ({ realName: x.realName ?? '', score: x.score, rank: x.rank })),
              playerCount: mine.length,
              createTime: fmtTime(r.createTime),
              finishTime: fmtTime(r.finishTime),
            };
          });
        },
        () => repo.roundCount(db, p),
      );
    },

    async adminRank(q: PagingQuery<{ battleId: string }>) {
      const { battleId } = q.params!;
      await mustExist(battleId);
      return rank(q, battleId);
    },

    /** Each question the rounds asked: answered, right, and how many picked each option. */
    async quStat(q: PagingQuery<{ battleId: string }>): Promise<Paging<BattleQuStat>> {
      const { battleId } = q.params!;
      await mustExist(battleId);
      return pageQuery(
        q,
        async (limit, offset) => {
          const rows = await repo.quStatRows(db, battleId, limit, offset);
          const ids = rows.map((r) => r.quId);
          const [qs, counts] = await Promise.all([loadQuestions(db, ids), repo.optionCounts(db, battleId, ids)]);
          const countOf = new Map(counts.map((c) => [`${c.quId}:${c.optionId}`, c.n]));
          return rows.map((r) => {
            const qu = qs.get(r.quId);
            return {
              quId: r.quId,
              // A question deleted from its bank since: its counts stay, without its text.
              content: qu ? plain(qu.content, 500) : '（试题已删除）',
              quType: qu?.quType ?? 0,
              answered: r.answered,
              rightCount: r.rightCount,
              options: (qu?.options ?? []).slice(0, 26).map((o, k) => ({
                id: o.id,
                abc: abcOf(k),
                content: plain(o.content, 200),
                right: o.isRight,
                count: countOf.get(`${r.quId}:${o.id}`) ?? 0,
              })),
            };
          });
        },
        () => repo.quStatCount(db, battleId),
      );
    },

    /** The whole leaderboard (its first EXPORT_MAX places) as an .xlsx sheet, named after the battle. */
    async exportXlsx(battleId: string) {
      const b = await mustExist(battleId);
      const rows = (await repo.rankRows(db, battleId, EXPORT_MAX, 0)).map(rankRow);
      return { fileName: `${b.title}-排行榜.xlsx`, data: await rankXlsx(rows) };
    },
  };
}
export type ResultService = ReturnType<typeof resultService>;
