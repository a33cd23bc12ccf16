import { RoundStatus } from '@exam/contracts';
import { type Db, rowsOf, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

const { elBattleRound, elBattlePlayer, sysUser } = schema;

export type RoundFilter = { battleId: string; status?: number };
const roundCond = (p: RoundFilter) =>
  and(eq(elBattleRound.battleId, p.battleId), p.status === undefined ? undefined : eq(elBattleRound.status, p.status));

/** A page of the battle's rounds, newest first, with the host's name (hosted contests). */
export const roundRows = (db: Db, p: RoundFilter, limit: number, offset: number) =>
  db
    .select({ r: elBattleRound, hostName: sysUser.realName })
    .from(elBattleRound)
    .leftJoin(sysUser, eq(sysUser.id, elBattleRound.hostId))
    .where(roundCond(p))
    .orderBy(desc(elBattleRound.createTime), desc(elBattleRound.id))
    .limit(limit)
    .offset(offset);

export const roundCount = async (db: Db, p: RoundFilter) =>
  Number((await db.select({ n: count() }).from(elBattleRound).where(roundCond(p)))[0].n);

/** The players of the rounds with their names, best placed first (place 0, not yet ranked, after the ranked). */
export const playersOf = (db: Db, roundIds: string[]) =>
  roundIds.length
    ? db
        .select({
          roundId: elBattlePlayer.roundId,
          userId: elBattlePlayer.userId,
          realName: sysUser.realName,
          score: elBattlePlayer.score,
          rank: elBattlePlayer.rank,
        })
        .from(elBattlePlayer)
        .leftJoin(sysUser, eq(sysUser.id, elBattlePlayer.userId))
        .where(inArray(elBattlePlayer.roundId, roundIds))
        .orderBy(sql`${elBattlePlayer.rank} = 0`, asc(elBattlePlayer.rank), desc(elBattlePlayer.score))
    : Promise.resolve([]);

export type RankRecord = {
  rank: number;
  userId: string;
  realName: string;
  deptName: string;
  bestScore: number;
  rounds: number;
  wins: number;
  rights: number;
  asked: number;
};

/**
 * The battle's leaderboard over its finished rounds: each learner's best score, rounds, wins and right answers of the
 * questions asked; placed by best score, then wins, then right rate (ties by the earlier player id, to page stably).
 * `only`: the one learner's row (with their place among all).
 */
const ranked = (battleId: string) => sql`
  with p as (
    select pl.user_id, max(pl.score) as best, count(*) as rounds,
      count(*) filter (where pl.result = 'win') as wins, sum(pl.right_count) as rights,
      sum(jsonb_array_length(r.qu_ids)) as asked
    from el_battle_player pl join el_battle_round r on r.id = pl.round_id
    where pl.battle_id = ${battleId} and r.status = ${RoundStatus.FINISHED}
    group by pl.user_id
  ), ranked as (
    select p.*, row_number() over (
      order by best desc, wins desc, rights::float8 / greatest(asked, 1) desc, user_id
    ) as place from p
  )
  select ranked.place::int as "rank", ranked.user_id as "userId", coalesce(u.real_name, '') as "realName",
    coalesce(d.dept_name, '') as "deptName", ranked.best::int as "bestScore", ranked.rounds::int as "rounds",
    ranked.wins::int as "wins", ranked.rights::int as "rights", ranked.asked::int as "asked"
  from ranked left join sys_user u on u.id = ranked.user_id left join sys_depart d on d.dept_code = u.dept_code`;

export const rankRows = async (db: Db, battleId: string, limit: number, offset: number) =>
  rowsOf<RankRecord>(await db.execute(sql`${ranked(battleId)} order by ranked.place limit ${limit} offset ${offset}`));

export const rankOf = async (db: Db, battleId: string, userId: string) =>
  rowsOf<RankRecord>(await db.execute(sql`${ranked(battleId)} where ranked.user_id = ${userId}`))[0];

/** Learners with a finished round of the battle. */
export async function rankCount(db: Db, battleId: string) {
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${elBattlePlayer.userId})::int` })
    .from(elBattlePlayer)
    .innerJoin(elBattleRound, eq(elBattleRound.id, elBattlePlayer.roundId))
    .where(and(eq(elBattlePlayer.battleId, battleId), eq(elBattleRound.status, RoundStatus.FINISHED)));
  return Number(r.n);
}

/** The questions the battle's played rounds asked: distinct, first asked first. */
const askedQuestions = (battleId: string) => sql`
  select q.qu_id, min(r.create_time) as first_asked
  from el_battle_round r cross join lateral jsonb_array_elements_text(r.qu_ids) as q(qu_id)
  where r.battle_id = ${battleId} and r.status in (${RoundStatus.PLAYING}, ${RoundStatus.FINISHED})
  group by q.qu_id`;

/** A page of the asked questions with how many answered each and how many rightly. */
export async function quStatRows(db: Db, battleId: string, limit: number, offset: number) {
  return rowsOf<{ quId: string; answered: number; rightCount: number }>(
    await db.execute(sql`
      with asked as (${askedQuestions(battleId)})
      select asked.qu_id as "quId", count(a.user_id)::int as "answered",
        count(a.user_id) filter (where a.right)::int as "rightCount"
      from asked
      left join el_battle_answer a on a.qu_id = asked.qu_id
        and a.round_id in (select id from el_battle_round where battle_id = ${battleId})
      group by asked.qu_id, asked.first_asked
      order by asked.first_asked, asked.qu_id
      limit ${limit} offset ${offset}`),
  );
}

export const quStatCount = async (db: Db, battleId: string) =>
  rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${askedQuestions(battleId)}) asked`))[0].n;

/** How many of the battle's answers to each question chose each option. */
export async function optionCounts(db: Db, battleId: string, quIds: string[]) {
  if (!quIds.length) return [];
  return rowsOf<{ quId: string; optionId: string; n: number }>(
    await db.execute(sql`
      select a.qu_id as "quId", o.id as "optionId", count(*)::int as n
      from el_battle_answer a
      join el_battle_round r on r.id = a.round_id and r.battle_id = ${battleId}
      cross join lateral jsonb_array_elements_text(a.answers) as o(id)
      where a.qu_id in (${sql.join(
        quIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by a.qu_id, o.id`),
  );
}
