import { TRAIN_MODE_TITLES, type TrainRecord, TrainState } from '@exam/contracts';
import { type Db, type Tx, fmtTime, schema } from '@exam/server-kit';
import { type SQL, and, asc, count, desc, eq, sql } from 'drizzle-orm';

const { elTrain, elTrainQu, elQu, elBook, elRepo } = schema;
export type TrainRow = typeof elTrain.$inferSelect;

/** The learner's own training (undefined for another learner's id). */
export const ownTrainRow = async (db: Db | Tx, userId: string, id: string): Promise<TrainRow | undefined> =>
  (
    await db
      .select()
      .from(elTrain)
      .where(and(eq(elTrain.id, id), eq(elTrain.userId, userId)))
  )[0];

export const recordOf = (t: TrainRow, title: string): TrainRecord => ({
  id: t.id,
  repoId: t.repoId,
  title,
  trainMode: t.trainMode,
  trainMode_dictText: TRAIN_MODE_TITLES[t.trainMode] ?? t.trainMode,
  quType: t.quType,
  answerCount: t.answerCount,
  totalCount: t.totalCount,
  rightCount: t.rightCount,
  percent: t.answerCount ? Math.round((t.rightCount * 100) / t.answerCount) : 0,
  state: t.state,
  updateTime: fmtTime(t.updateTime),
});

type Pick = { repoId: string; chapterId?: string; quType?: number };
const topOf = (p: Pick) =>
  and(eq(elQu.repoId, p.repoId), eq(elQu.parentId, ''), p.chapterId ? eq(elQu.chapterId, p.chapterId) : undefined);
const bankOrder = [asc(elQu.sort), asc(elQu.createTime), asc(elQu.id)];

/** The bank's top-level questions (of a chapter, of a type) in the bank's order. */
export const bankQuestionIds = async (tx: Tx, p: Pick) =>
  (
    await tx
      .select({ id: elQu.id })
      .from(elQu)
      .where(and(topOf(p), p.quType ? eq(elQu.quType, p.quType) : undefined))
      .orderBy(...bankOrder)
  ).map((r) => r.id);

/** The bank's questions (of a chapter) in the learner's wrong list, in the bank's order. */
export const wrongQuestionIds = async (tx: Tx, userId: string, p: Pick) =>
  (
    await tx
      .select({ id: elQu.id })
      .from(elBook)
      .innerJoin(elQu, eq(elQu.id, elBook.quId))
      .where(
        and(
          topOf(p),
          eq(elBook.userId, userId),
          eq(elBook.refType, 'repo'),
          eq(elBook.refId, p.repoId),
          eq(elBook.inWrong, true),
        ),
      )
      .orderBy(...bankOrder)
  ).map((r) => r.id);

export const repoTitle = async (db: Db, repoId: string) =>
  (await db.select({ title: elRepo.title }).from(elRepo).where(eq(elRepo.id, repoId)))[0]?.title ?? '';

/** A question's row in a training. */
export const trainQuRow = async (db: Db, trainId: string, quId: string) =>
  (
    await db
      .select()
      .from(elTrainQu)
      .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId)))
  )[0];

type Same = { userId: string; repoId: string; trainMode: string; quType: number; chapterId: string };
/** The learner's unfinished trainings of the same kind (bank, mode, type, chapter). */
const sameOpen = (s: Same) =>
  and(
    eq(elTrain.userId, s.userId),
    eq(elTrain.repoId, s.repoId),
    eq(elTrain.trainMode, s.trainMode),
    eq(elTrain.quType, s.quType),
    eq(elTrain.chapterId, s.chapterId),
    eq(elTrain.state, TrainState.TRAINING),
  );

export const latestOpen = async (tx: Tx, s: Same) =>
  (await tx.select({ id: elTrain.id }).from(elTrain).where(sameOpen(s)).orderBy(desc(elTrain.updateTime)).limit(1))[0];

export const finishSame = (tx: Tx, s: Same) =>
  tx.update(elTrain).set({ state: TrainState.FINISHED, updateTime: new Date() }).where(sameOpen(s));

export async function insertTraining(tx: Tx, t: Same & { id: string }, quIds: string[]) {
  await tx.insert(elTrain).values({ ...t, totalCount: quIds.length });
  await tx.insert(elTrainQu).values(quIds.map((quId, sort) => ({ trainId: t.id, quId, sort })));
}

/** The answer card: each question of the training with its type, in order. */
export const cardRows = (db: Db, trainId: string) =>
  db
    .select({ tq: elTrainQu, quType: elQu.quType })
    .from(elTrainQu)
    .innerJoin(elQu, eq(elQu.id, elTrainQu.quId))
    .where(eq(elTrainQu.trainId, trainId))
    .orderBy(asc(elTrainQu.sort));

/**
 * Stores a graded answer once: false when a concurrent save answered the question first. Counts it in
 * the training, which finishes with its last question.
 */
export async function saveAnswer(
  tx: Tx,
  trainId: string,
  quId: string,
  result: boolean | null,
  answer: string,
): Promise<boolean> {
  const done = await tx
    .update(elTrainQu)
    .set({ answered: true, isRight: result, answer, updateTime: new Date() })
    .where(and(eq(elTrainQu.trainId, trainId), eq(elTrainQu.quId, quId), eq(elTrainQu.answered, false)))
    .returning({ quId: elTrainQu.quId });
  if (!done.length) return false;
  const [after] = await tx
    .update(elTrain)
    .set({
      answerCount: sql`${elTrain.answerCount} + 1`,
      rightCount: sql`${elTrain.rightCount} + ${result === true ? 1 : 0}`,
      updateTime: new Date(),
    })
    .where(eq(elTrain.id, trainId))
    .returning();
  if (after.answerCount >= after.totalCount)
    await tx.update(elTrain).set({ state: TrainState.FINISHED }).where(eq(elTrain.id, trainId));
  return true;
}

export const finishTraining = async (db: Db, id: string) =>
  (
    await db
      .update(elTrain)
      .set({ state: TrainState.FINISHED, updateTime: new Date() })
      .where(eq(elTrain.id, id))
      .returning()
  )[0];

/** An unfinished training of the learner in this bank and mode. */
export const openTrainingId = async (db: Db, userId: string, repoId: string, trainMode: string) =>
  (
    await db
      .select({ id: elTrain.id })
      .from(elTrain)
      .where(
        and(
          eq(elTrain.userId, userId),
          eq(elTrain.repoId, repoId),
          eq(elTrain.trainMode, trainMode),
          eq(elTrain.state, TrainState.TRAINING),
        ),
      )
      .limit(1)
  )[0]?.id;

const mine = (userId: string, repoId?: string) =>
  and(eq(elTrain.userId, userId), repoId ? eq(elTrain.repoId, repoId) : undefined) as SQL;

export const trainingRows = (db: Db, userId: string, repoId: string | undefined, limit: number, offset: number) =>
  db
    .select({ t: elTrain, title: elRepo.title })
    .from(elTrain)
    .innerJoin(elRepo, eq(elRepo.id, elTrain.repoId))
    .where(mine(userId, repoId))
    .orderBy(desc(elTrain.updateTime), desc(elTrain.id))
    .limit(limit)
    .offset(offset);

export const trainingCount = async (db: Db, userId: string, repoId?: string) =>
  Number((await db.select({ n: count() }).from(elTrain).where(mine(userId, repoId)))[0].n);

/** Whether the learner has answered the question in any training (the book shows its solution then). */
export const answeredInTraining = async (db: Db, userId: string, quId: string) =>
  (
    await db
      .select({ n: elTrainQu.quId })
      .from(elTrainQu)
      .innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId))
      .where(and(eq(elTrain.userId, userId), eq(elTrainQu.quId, quId), eq(elTrainQu.answered, true)))
      .limit(1)
  ).length > 0;
