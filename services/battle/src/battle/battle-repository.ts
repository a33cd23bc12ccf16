import { RoundStatus } from '@exam/contracts';
import { contains, type Db, schema, type Tx } from '@exam/server-kit';
import { and, count, countDistinct, desc, eq, inArray } from 'drizzle-orm';

const { elBattle, elBattlePerson, elBattleRound, elBattlePlayer, elBattleAnswer, elQu, elRepo } = schema;

export type BattleRecord = typeof elBattle.$inferSelect;
export type BattleFields = Omit<typeof elBattle.$inferInsert, 'id' | 'createBy' | 'createTime'>;

/** Rounds that count as played: under way or over (a lobby nobody started and a cancelled round do not). */
export const PLAYED = [RoundStatus.PLAYING, RoundStatus.FINISHED];

export async function battleById(db: Db | Tx, id: string): Promise<BattleRecord | undefined> {
  const [b] = await db.select().from(elBattle).where(eq(elBattle.id, id)).limit(1);
  return b;
}

/** Named in the battle's people (open type 3). */
export async function isNamed(db: Db | Tx, battleId: string, userId: string): Promise<boolean> {
  const [p] = await db
    .select({ userId: elBattlePerson.userId })
    .from(elBattlePerson)
    .where(and(eq(elBattlePerson.battleId, battleId), eq(elBattlePerson.userId, userId)))
    .limit(1);
  return !!p;
}

/** The people named on the battle (open type 3). */
export const peopleOf = async (db: Db, battleId: string) =>
  (await db.select({ u: elBattlePerson.userId }).from(elBattlePerson).where(eq(elBattlePerson.battleId, battleId))).map(
    (r) => r.u,
  );

export type BattleFilter = { title?: string; mode?: number };
const listCond = (p: BattleFilter) =>
  and(p.title ? contains(elBattle.title, p.title) : undefined, p.mode ? eq(elBattle.mode, p.mode) : undefined);

/** A page of battles, newest first. */
export const battleRows = (db: Db, p: BattleFilter, limit: number, offset: number) =>
  db
    .select()
    .from(elBattle)
    .where(listCond(p))
    .orderBy(desc(elBattle.createTime), desc(elBattle.id))
    .limit(limit)
    .offset(offset);

export const battleCount = async (db: Db, p: BattleFilter) =>
  Number((await db.select({ n: count() }).from(elBattle).where(listCond(p)))[0].n);

/** Rounds played and distinct players per battle. */
export async function playStats(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { rounds: number; players: number }>();
  const rows = await db
    .select({
      battleId: elBattleRound.battleId,
      rounds: countDistinct(elBattleRound.id),
      players: countDistinct(elBattlePlayer.userId),
    })
    .from(elBattleRound)
    .leftJoin(elBattlePlayer, eq(elBattlePlayer.roundId, elBattleRound.id))
    .where(and(inArray(elBattleRound.battleId, ids), inArray(elBattleRound.status, PLAYED)))
    .groupBy(elBattleRound.battleId);
  return new Map(rows.map((r) => [r.battleId, { rounds: Number(r.rounds), players: Number(r.players) }]));
}

/** Which of the banks exist. */
export const existingRepos = async (db: Db, ids: string[]) =>
  (await db.select({ id: elRepo.id }).from(elRepo).where(inArray(elRepo.id, ids))).map((r) => r.id);

/** Top-level questions of the banks of the given types (and levels; none: any). */
export async function questionCount(db: Db, repoIds: string[], quTypes: number[], levels: number[]) {
  const [r] = await db
    .select({ n: count() })
    .from(elQu)
    .where(
      and(
        inArray(elQu.repoId, repoIds),
        eq(elQu.parentId, ''),
        inArray(elQu.quType, quTypes),
        levels.length ? inArray(elQu.level, levels) : undefined,
      ),
    );
  return Number(r.n);
}

export const insertBattle = (tx: Tx, row: BattleFields & { id: string; createBy: string }) =>
  tx.insert(elBattle).values(row);

/** Updates a battle; false when it is gone. */
export async function updateBattle(tx: Tx, id: string, values: BattleFields): Promise<boolean> {
  const done = await tx.update(elBattle).set(values).where(eq(elBattle.id, id)).returning({ id: elBattle.id });
  return done.length > 0;
}

/** Replaces the battle's named people. */
export async function setPeople(tx: Tx, battleId: string, userIds: string[]) {
  await tx.delete(elBattlePerson).where(eq(elBattlePerson.battleId, battleId));
  if (userIds.length) await tx.insert(elBattlePerson).values(userIds.map((userId) => ({ battleId, userId })));
}

/** Whether any of the battles has a round waiting in its lobby or being played. */
export async function hasLiveRound(tx: Tx, ids: string[]) {
  const [r] = await tx
    .select({ id: elBattleRound.id })
    .from(elBattleRound)
    .where(
      and(
        inArray(elBattleRound.battleId, ids),
        inArray(elBattleRound.status, [RoundStatus.LOBBY, RoundStatus.PLAYING]),
      ),
    )
    .limit(1);
  return !!r;
}

/** The battles with their people, rounds, players and answers. */
export async function deleteBattles(tx: Tx, ids: string[]) {
  const rounds = tx.select({ id: elBattleRound.id }).from(elBattleRound).where(inArray(elBattleRound.battleId, ids));
  await tx.delete(elBattleAnswer).where(inArray(elBattleAnswer.roundId, rounds));
  await tx.delete(elBattlePlayer).where(inArray(elBattlePlayer.battleId, ids));
  await tx.delete(elBattleRound).where(inArray(elBattleRound.battleId, ids));
  await tx.delete(elBattlePerson).where(inArray(elBattlePerson.battleId, ids));
  await tx.delete(elBattle).where(inArray(elBattle.id, ids));
}

export const setState = (db: Db, ids: string[], state: number) =>
  db.update(elBattle).set({ state, updateTime: new Date() }).where(inArray(elBattle.id, ids));
