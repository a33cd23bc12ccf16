import { BattleMode, BattleState, RoundStatus } from '@exam/contracts';
import { contains, type Db, schema } from '@exam/server-kit';
import { and, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';

const { elBattle, elBattlePerson, elBattleRound, elBattlePlayer } = schema;

/** Battles a learner's list can hold at most (enabled and open now; the open type is checked after). */
const CANDIDATES_MAX = 1000;

/** Enabled battles open at `now` that learners start from the list (hosted contests are joined by code), newest first. */
export const listedBattles = (db: Db, now: Date, title?: string) =>
  db
    .select()
    .from(elBattle)
    .where(
      and(
        eq(elBattle.state, BattleState.NORMAL),
        ne(elBattle.mode, BattleMode.HOSTED),
        or(isNull(elBattle.startTime), lte(elBattle.startTime, now)),
        or(isNull(elBattle.endTime), gte(elBattle.endTime, now)),
        title ? contains(elBattle.title, title) : undefined,
      ),
    )
    .orderBy(desc(elBattle.createTime), desc(elBattle.id))
    .limit(CANDIDATES_MAX);

/** Which of the battles name the learner (open type 3). */
export const namedIn = async (db: Db, userId: string, battleIds: string[]) =>
  new Set(
    battleIds.length
      ? (
          await db
            .select({ id: elBattlePerson.battleId })
            .from(elBattlePerson)
            .where(and(eq(elBattlePerson.userId, userId), inArray(elBattlePerson.battleId, battleIds)))
        ).map((r) => r.id)
      : [],
  );

/** Per battle: rounds the learner joined since `since` (as the daily limit counts them) and their best finished score. */
export async function myPlay(db: Db, userId: string, battleIds: string[], since: Date) {
  if (!battleIds.length) return new Map<string, { today: number; best: number }>();
  const p = elBattlePlayer;
  const r = elBattleRound;
  const rows = await db
    .select({
      battleId: p.battleId,
      today: sql<number>`(count(*) filter (where ${p.joinTime} >= ${since.toISOString()}::timestamptz))::int`,
      best: sql<number>`coalesce(max(${p.score}) filter (where ${r.status} = ${RoundStatus.FINISHED}), 0)::int`,
    })
    .from(p)
    .innerJoin(r, eq(r.id, p.roundId))
    .where(and(eq(p.userId, userId), inArray(p.battleId, battleIds)))
    .groupBy(p.battleId);
  return new Map(rows.map((x) => [x.battleId, { today: Number(x.today), best: Number(x.best) }]));
}

/** Whether the learner played a round of the battle (its leaderboard stays theirs to see after it closes). */
export const hasPlayed = async (db: Db, userId: string, battleId: string) =>
  (
    await db
      .select({ id: elBattlePlayer.roundId })
      .from(elBattlePlayer)
      .where(and(eq(elBattlePlayer.userId, userId), eq(elBattlePlayer.battleId, battleId)))
      .limit(1)
  ).length > 0;

const historyCond = (userId: string, battleId?: string) =>
  and(
    eq(elBattlePlayer.userId, userId),
    battleId ? eq(elBattlePlayer.battleId, battleId) : undefined,
    eq(elBattleRound.status, RoundStatus.FINISHED),
  );

/** The learner's own finished rounds, newest first, with the battle's title and the round's size. */
export const historyRows = (db: Db, userId: string, battleId: string | undefined, limit: number, offset: number) =>
  db
    .select({
      p: elBattlePlayer,
      mode: elBattleRound.mode,
      createTime: elBattleRound.createTime,
      quCount: sql<number>`jsonb_array_length(${elBattleRound.quIds})::int`,
      playerCount: sql<number>`(select count(*) from el_battle_player o where o.round_id = ${elBattleRound.id})::int`,
      title: elBattle.title,
    })
    .from(elBattlePlayer)
    .innerJoin(elBattleRound, eq(elBattleRound.id, elBattlePlayer.roundId))
    .leftJoin(elBattle, eq(elBattle.id, elBattlePlayer.battleId))
    .where(historyCond(userId, battleId))
    .orderBy(desc(elBattleRound.createTime), desc(elBattleRound.id))
    .limit(limit)
    .offset(offset);

export const historyCount = async (db: Db, userId: string, battleId?: string) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(elBattlePlayer)
        .innerJoin(elBattleRound, eq(elBattleRound.id, elBattlePlayer.roundId))
        .where(historyCond(userId, battleId))
    )[0].n,
  );
