import { BATTLE_QU_TYPES, RoundStatus } from '@exam/contracts';
import { type Db, rowsOf, schema, type Tx } from '@exam/server-kit';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BattleRecord } from '../battle/battle-repository';

const { elBattleRound, elBattlePlayer, elBattleAnswer, elBattle, elQu, sysUser } = schema;

export type RoundRecord = typeof elBattleRound.$inferSelect;
export type AnswerRecord = typeof elBattleAnswer.$inferSelect;
export type PlayerRow = {
  userId: string;
  realName: string;
  avatar: string;
  score: number;
  rightCount: number;
  rank: number;
  result: string;
  points: number;
};

/** Every question a battle may ask: of its banks, types and levels (top-level questions only). */
export async function candidateQuestions(db: Db | Tx, b: BattleRecord): Promise<string[]> {
  const types = b.quTypes.length ? b.quTypes.filter((t) => BATTLE_QU_TYPES.includes(t)) : [...BATTLE_QU_TYPES];
  const rows = await db
    .select({ id: elQu.id })
    .from(elQu)
    .where(
      and(
        inArray(elQu.repoId, b.repoIds.length ? b.repoIds : ['']),
        eq(elQu.parentId, ''),
        inArray(elQu.quType, types.length ? types : [0]),
        b.levels.length ? inArray(elQu.level, b.levels) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

export async function insertRound(
  db: Db | Tx,
  r: Pick<
    RoundRecord,
    'id' | 'battleId' | 'mode' | 'status' | 'phase' | 'phaseAt' | 'quIds' | 'quSeconds' | 'rightScore' | 'speedBonus'
  > &
    Partial<Pick<RoundRecord, 'code' | 'hostId'>>,
  userIds: string[],
) {
  const round = db.insert(elBattleRound).values(r);
  if (!userIds.length) return void (await round);
  // One statement (a thousand rooms form at once: no transaction's extra round trips).
  const players = db
    .insert(elBattlePlayer)
    .values(userIds.map((userId) => ({ roundId: r.id, userId, battleId: r.battleId })));
  // (drizzle puts an embedded query in parentheses: the CTE's body wants them, the statement not.)
  await db.execute(sql`with r as ${round} ${players.getSQL()}`);
}

export async function roundById(db: Db | Tx, id: string): Promise<RoundRecord | undefined> {
  const [r] = await db.select().from(elBattleRound).where(eq(elBattleRound.id, id)).limit(1);
  return r;
}

/** The round, held while its clock moves (one mover at a time; answers only read it). */
export async function lockRound(tx: Tx, id: string): Promise<RoundRecord | undefined> {
  const [r] = await tx.select().from(elBattleRound).where(eq(elBattleRound.id, id)).for('update');
  return r;
}

export async function setClock(
  tx: Tx,
  id: string,
  c: Pick<RoundRecord, 'status' | 'seq' | 'phase' | 'phaseAt'> & { finishTime?: Date },
) {
  await tx.update(elBattleRound).set(c).where(eq(elBattleRound.id, id));
}

export async function battleTitle(db: Db | Tx, battleId: string): Promise<string> {
  const [b] = await db.select({ title: elBattle.title }).from(elBattle).where(eq(elBattle.id, battleId)).limit(1);
  return b?.title ?? '';
}

/** A player as a round's state shows them: name and avatar with the counted score. */
const playerColumns = {
  userId: elBattlePlayer.userId,
  realName: sysUser.realName,
  avatar: sysUser.avatar,
  score: elBattlePlayer.score,
  rightCount: elBattlePlayer.rightCount,
  rank: elBattlePlayer.rank,
  result: elBattlePlayer.result,
  points: elBattlePlayer.points,
};

/** A room's players before they played (a room just formed): names and avatars, in the order `playersOf` gives. */
export async function newPlayers(db: Db | Tx, userIds: string[]): Promise<PlayerRow[]> {
  const users = await db
    .select({ userId: sysUser.id, realName: sysUser.realName, avatar: sysUser.avatar })
    .from(sysUser)
    .where(inArray(sysUser.id, userIds));
  return users
    .map((u) => ({ ...u, score: 0, rightCount: 0, rank: 0, result: '', points: 0 }))
    .sort((a, b) => (a.userId < b.userId ? -1 : 1));
}

export async function playersOf(db: Db | Tx, roundId: string): Promise<PlayerRow[]> {
  return db
    .select(playerColumns)
    .from(elBattlePlayer)
    .innerJoin(sysUser, eq(sysUser.id, elBattlePlayer.userId))
    .where(eq(elBattlePlayer.roundId, roundId))
    .orderBy(asc(elBattlePlayer.joinTime), asc(elBattlePlayer.userId));
}

export async function isPlayer(db: Db | Tx, roundId: string, userId: string): Promise<boolean> {
  const [p] = await db
    .select({ u: elBattlePlayer.userId })
    .from(elBattlePlayer)
    .where(and(eq(elBattlePlayer.roundId, roundId), eq(elBattlePlayer.userId, userId)))
    .limit(1);
  return !!p;
}

export async function answersOf(db: Db | Tx, roundId: string, seq: number): Promise<AnswerRecord[]> {
  return db
    .select()
    .from(elBattleAnswer)
    .where(and(eq(elBattleAnswer.roundId, roundId), eq(elBattleAnswer.seq, seq)));
}

/** Whether every player of the round has answered question `seq`. */
export async function allAnswered(tx: Tx, roundId: string, seq: number): Promise<boolean> {
  const r = await tx.execute(sql`select
      (select count(*) from ${elBattlePlayer} where ${elBattlePlayer.roundId} = ${roundId})::int as players,
      (select count(*) from ${elBattleAnswer} where ${elBattleAnswer.roundId} = ${roundId} and ${elBattleAnswer.seq} = ${seq})::int as answers`);
  const [c] = rowsOf<{ players: number; answers: number }>(r);
  return !!c && c.players > 0 && c.answers >= c.players;
}

/** Stores the answer unless one is stored already; true when this call stored it. */
export async function insertAnswer(tx: Tx, a: Omit<AnswerRecord, 'createTime'>): Promise<boolean> {
  const rows = await tx.insert(elBattleAnswer).values(a).onConflictDoNothing().returning({ u: elBattleAnswer.userId });
  return rows.length > 0;
}

export async function answerOf(db: Db | Tx, roundId: string, seq: number, userId: string) {
  const [a] = await db
    .select()
    .from(elBattleAnswer)
    .where(and(eq(elBattleAnswer.roundId, roundId), eq(elBattleAnswer.seq, seq), eq(elBattleAnswer.userId, userId)))
    .limit(1);
  return a;
}

export async function addScore(tx: Tx, roundId: string, userId: string, score: number, right: boolean) {
  await tx
    .update(elBattlePlayer)
    .set({
      score: sql`${elBattlePlayer.score} + ${score}`,
      rightCount: sql`${elBattlePlayer.rightCount} + ${right ? 1 : 0}`,
    })
    .where(and(eq(elBattlePlayer.roundId, roundId), eq(elBattlePlayer.userId, userId)));
}

export async function settlePlayers(
  tx: Tx,
  roundId: string,
  rows: { userId: string; rank: number; result: string; points: number }[],
) {
  if (!rows.length) return;
  // One statement for the whole round: the values joined in, not an update per player.
  const values = sql.join(
    rows.map((r) => sql`(${r.userId}, ${r.rank}::int, ${r.result}, ${r.points}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${elBattlePlayer} p set rank = v.rank, result = v.result, points = v.points, finished = true
    from (values ${values}) as v(user_id, rank, result, points)
    where p.round_id = ${roundId} and p.user_id = v.user_id`);
}

/** Every answer of the round (for the wrong-answer book when it ends). */
export async function roundAnswers(tx: Tx, roundId: string) {
  return tx
    .select({ userId: elBattleAnswer.userId, quId: elBattleAnswer.quId, right: elBattleAnswer.right })
    .from(elBattleAnswer)
    .where(eq(elBattleAnswer.roundId, roundId));
}

/** Rounds of the battle the learner joined since the start of today (Asia/Shanghai). */
export async function roundsToday(db: Db | Tx, battleId: string, userId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elBattlePlayer)
    .where(
      and(
        eq(elBattlePlayer.battleId, battleId),
        eq(elBattlePlayer.userId, userId),
        sql`${elBattlePlayer.joinTime} >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`,
      ),
    );
  return c?.n ?? 0;
}

/** Rounds still playing whose clock nobody moved for a while (every replica restarted): moved on at start. */
export async function staleRounds(db: Db, beforeMs: number): Promise<string[]> {
  const rows = await db
    .select({ id: elBattleRound.id })
    .from(elBattleRound)
    .where(and(eq(elBattleRound.status, RoundStatus.PLAYING), lt(elBattleRound.phaseAt, beforeMs)))
    .limit(500);
  return rows.map((r) => r.id);
}

/** An open hosted contest (lobby or playing) by its join code. */
export async function openRoundByCode(db: Db | Tx, code: string): Promise<RoundRecord | undefined> {
  const [r] = await db
    .select()
    .from(elBattleRound)
    .where(and(eq(elBattleRound.code, code), lt(elBattleRound.status, RoundStatus.FINISHED)))
    .limit(1);
  return r;
}

/** Adds a player to a hosted contest (again: nothing); true when this call added them. */
export async function addPlayer(db: Db | Tx, roundId: string, battleId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(elBattlePlayer)
    .values({ roundId, battleId, userId })
    .onConflictDoNothing()
    .returning({ u: elBattlePlayer.userId });
  return rows.length > 0;
}

/** A hosted contest's leaders (its screen shows ten), with names. */
export async function topPlayers(db: Db | Tx, roundId: string, n: number): Promise<PlayerRow[]> {
  return db
    .select(playerColumns)
    .from(elBattlePlayer)
    .innerJoin(sysUser, eq(sysUser.id, elBattlePlayer.userId))
    .where(eq(elBattlePlayer.roundId, roundId))
    .orderBy(sql`${elBattlePlayer.score} desc`, asc(elBattlePlayer.joinTime))
    .limit(n);
}

/** Every player's score and place (equal scores share it), without names: what each player's own line needs. */
export async function scoresOf(db: Db | Tx, roundId: string): Promise<Record<string, [number, number]>> {
  const r = await db.execute(sql`select user_id as "userId", score, (rank() over (order by score desc))::int as rank
    from ${elBattlePlayer} where round_id = ${roundId}`);
  return Object.fromEntries(
    rowsOf<{ userId: string; score: number; rank: number }>(r).map((p) => [p.userId, [p.score, p.rank]]),
  );
}

export async function countPlayers(db: Db | Tx, roundId: string): Promise<number> {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elBattlePlayer)
    .where(eq(elBattlePlayer.roundId, roundId));
  return c?.n ?? 0;
}

/** Answers of question `seq` per option (a hosted contest's reveal counts them in the database, not in a process). */
export async function answerCounts(db: Db | Tx, roundId: string, seq: number) {
  const r = await db.execute(sql`select opt as id, count(*)::int as count
    from ${elBattleAnswer}, jsonb_array_elements_text(answers) as opt
    where round_id = ${roundId} and seq = ${seq} group by opt`);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(elBattleAnswer)
    .where(and(eq(elBattleAnswer.roundId, roundId), eq(elBattleAnswer.seq, seq)));
  return { counts: rowsOf<{ id: string; count: number }>(r), answered: n?.n ?? 0 };
}

export async function playerOf(db: Db | Tx, roundId: string, userId: string) {
  const [p] = await db
    .select()
    .from(elBattlePlayer)
    .where(and(eq(elBattlePlayer.roundId, roundId), eq(elBattlePlayer.userId, userId)))
    .limit(1);
  return p;
}
