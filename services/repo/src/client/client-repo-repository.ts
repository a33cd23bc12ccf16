import { TrainState } from '@exam/contracts';
import { type Db, type Tx, schema } from '@exam/server-kit';
import { type SQL, and, count, countDistinct, desc, eq, inArray } from 'drizzle-orm';
import { catJoin, type RepoFilter, repoFilter } from '../repo/repo-repository';

const { elRepo, elRepoJoin, elTrain, elTrainQu, elBook, elQu, sysDicValue } = schema;
const joinOf = (userId: string) => and(eq(elRepoJoin.repoId, elRepo.id), eq(elRepoJoin.userId, userId));
/** Open banks: open to learners and not kept for exams only. */
const openCond = (f: RepoFilter) => and(eq(elRepo.isOpen, true), eq(elRepo.examOnly, false), repoFilter(f)) as SQL;
/** The learner's joined banks, exam-only ones left out. */
const mineCond = (userId: string, f: RepoFilter) =>
  and(eq(elRepoJoin.userId, userId), eq(elRepo.examOnly, false), repoFilter(f)) as SQL;

export const openRows = (db: Db, userId: string, f: RepoFilter, limit: number, offset: number) =>
  db
    .select({ r: elRepo, cat: sysDicValue.title, joined: elRepoJoin.userId })
    .from(elRepo)
    .leftJoin(sysDicValue, catJoin())
    .leftJoin(elRepoJoin, joinOf(userId))
    .where(openCond(f))
    .orderBy(desc(elRepo.createTime), desc(elRepo.id))
    .limit(limit)
    .offset(offset);

export const openCount = async (db: Db, f: RepoFilter) =>
  Number((await db.select({ n: count() }).from(elRepo).where(openCond(f)))[0].n);

export const mineRows = (db: Db, userId: string, f: RepoFilter, limit: number, offset: number) =>
  db
    .select({ r: elRepo, cat: sysDicValue.title })
    .from(elRepoJoin)
    .innerJoin(elRepo, eq(elRepo.id, elRepoJoin.repoId))
    .leftJoin(sysDicValue, catJoin())
    .where(mineCond(userId, f))
    .orderBy(desc(elRepoJoin.createTime), desc(elRepo.id))
    .limit(limit)
    .offset(offset);

export const mineCount = async (db: Db, userId: string, f: RepoFilter) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(elRepoJoin)
        .innerJoin(elRepo, eq(elRepo.id, elRepoJoin.repoId))
        .where(mineCond(userId, f))
    )[0].n,
  );

/** Per bank of one learner, four statements side by side: questions covered, wrong count, trainings, and trainings newest first. */
export function learnerStats(db: Db, userId: string, repoIds: string[]) {
  const mineTrain = and(eq(elTrain.userId, userId), inArray(elTrain.repoId, repoIds));
  return Promise.all([
    db
      .select({ id: elTrain.repoId, n: countDistinct(elTrainQu.quId) })
      .from(elTrainQu)
      .innerJoin(elTrain, eq(elTrain.id, elTrainQu.trainId))
      .where(and(mineTrain, eq(elTrainQu.answered, true)))
      .groupBy(elTrain.repoId),
    db
      .select({ id: elBook.refId, n: count() })
      .from(elBook)
      .where(
        and(
          eq(elBook.userId, userId),
          eq(elBook.refType, 'repo'),
          inArray(elBook.refId, repoIds),
          eq(elBook.inWrong, true),
        ),
      )
      .groupBy(elBook.refId),
    db.select({ id: elTrain.repoId, n: count() }).from(elTrain).where(mineTrain).groupBy(elTrain.repoId),
    db.select().from(elTrain).where(mineTrain).orderBy(desc(elTrain.updateTime)),
  ]);
}

export const leaveRepo = (db: Db, userId: string, repoId: string) =>
  db.delete(elRepoJoin).where(and(eq(elRepoJoin.userId, userId), eq(elRepoJoin.repoId, repoId)));

export const joinRepo = (tx: Tx, userId: string, repoId: string) =>
  tx.insert(elRepoJoin).values({ userId, repoId }).onConflictDoNothing();

/** The bank's catalogue title (none when its catalogue is not in the dictionary). */
export const catalogTitle = (db: Db, repoId: string) =>
  db.select({ title: sysDicValue.title }).from(elRepo).innerJoin(sysDicValue, catJoin()).where(eq(elRepo.id, repoId));

/** Top-level questions of a bank counted by type. */
export const typeCounts = (db: Db, repoId: string) =>
  db
    .select({ quType: elQu.quType, n: count() })
    .from(elQu)
    .where(and(eq(elQu.repoId, repoId), eq(elQu.parentId, '')))
    .groupBy(elQu.quType);

/** The learner's unfinished whole-bank trainings of a bank, newest first. */
export const unfinishedTrainings = (db: Db, userId: string, repoId: string) =>
  db
    .select()
    .from(elTrain)
    .where(
      and(
        eq(elTrain.userId, userId),
        eq(elTrain.repoId, repoId),
        eq(elTrain.state, TrainState.TRAINING),
        eq(elTrain.chapterId, ''),
      ),
    )
    .orderBy(desc(elTrain.updateTime));
