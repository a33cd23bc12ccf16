import { type Db, type Tx, schema } from '@exam/server-kit';
import { and, eq, inArray, sql } from 'drizzle-orm';

/* Study progress: a learner's progress per file, their row per course and their study per day. */
const { elCourseProgress, elCourseLearner, elCourseLearnDay } = schema;
export type Progress = typeof elCourseProgress.$inferSelect;
type ProgressSet = Partial<typeof elCourseProgress.$inferInsert>;
type Standing = { learnFile: number; totalFile: number; finished: boolean };

const progressOfFile = (userId: string, fileId: string) =>
  and(eq(elCourseProgress.userId, userId), eq(elCourseProgress.fileId, fileId));
const learnerOfCourse = (courseId: string, userId: string) =>
  and(eq(elCourseLearner.courseId, courseId), eq(elCourseLearner.userId, userId));

/** One learner's progress rows of these files. */
export function progressOf(db: Db | Tx, userId: string, fileIds: string[]) {
  return db
    .select()
    .from(elCourseProgress)
    .where(and(eq(elCourseProgress.userId, userId), inArray(elCourseProgress.fileId, fileIds)));
}

/** How many of these files the learner has finished. */
export async function finishedCount(db: Db | Tx, userId: string, fileIds: string[]): Promise<number> {
  return (
    await db
      .select({ id: elCourseProgress.fileId })
      .from(elCourseProgress)
      .where(
        and(
          eq(elCourseProgress.userId, userId),
          inArray(elCourseProgress.fileId, fileIds),
          eq(elCourseProgress.finished, true),
        ),
      )
  ).length;
}

/** The progress row of a file being opened, created if new; its clock starts now unless already ahead. */
export async function openProgress(db: Db, userId: string, fileId: string, now: Date): Promise<Progress> {
  const [p] = await db
    .insert(elCourseProgress)
    .values({ userId, fileId, lastReport: now })
    // Only forward: a credited clock ahead of now (the tolerance in use) is not reset by reloading.
    .onConflictDoUpdate({
      target: [elCourseProgress.userId, elCourseProgress.fileId],
      set: { lastReport: sql`greatest(${elCourseProgress.lastReport}, now())` },
    })
    .returning();
  return p;
}

/** The learner's row of the course, if it is not there yet. */
export async function addLearner(db: Db | Tx, courseId: string, userId: string) {
  await db.insert(elCourseLearner).values({ courseId, userId }).onConflictDoNothing();
}

/** The learner's progress of a file, created if new and locked until the transaction ends. */
export async function lockProgress(tx: Tx, userId: string, fileId: string): Promise<Progress> {
  await tx.insert(elCourseProgress).values({ userId, fileId }).onConflictDoNothing();
  const [p] = await tx.select().from(elCourseProgress).where(progressOfFile(userId, fileId)).for('update');
  return p;
}

export async function updateProgress(tx: Tx, userId: string, fileId: string, set: ProgressSet): Promise<Progress> {
  const [next] = await tx.update(elCourseProgress).set(set).where(progressOfFile(userId, fileId)).returning();
  return next;
}

/** The learner's row of the course, created if new and locked until the transaction ends. */
export async function lockLearner(tx: Tx, courseId: string, userId: string) {
  await addLearner(tx, courseId, userId);
  const [l] = await tx.select().from(elCourseLearner).where(learnerOfCourse(courseId, userId)).for('update');
  return l;
}

/** A report on the learner's course row and day (site time zone): files learned, seconds gained, latest file. */
export async function creditStudy(
  tx: Tx,
  courseId: string,
  userId: string,
  r: Standing & { gainedSec: number; fileId: string; now: Date; finishedNow: boolean },
) {
  await tx
    .update(elCourseLearner)
    .set({
      learnFile: r.learnFile,
      totalFile: r.totalFile,
      learnSec: sql`${elCourseLearner.learnSec} + ${r.gainedSec}`,
      latestFileId: r.fileId,
      latestTime: r.now,
      ...(r.finishedNow ? { finished: true, finishTime: r.now } : {}),
    })
    .where(learnerOfCourse(courseId, userId));
  await tx
    .insert(elCourseLearnDay)
    .values({
      courseId,
      userId,
      day: sql`(now() at time zone 'Asia/Shanghai')::date`,
      learnSec: r.gainedSec,
      finished: r.finishedNow,
    })
    .onConflictDoUpdate({
      target: [elCourseLearnDay.courseId, elCourseLearnDay.userId, elCourseLearnDay.day],
      set: {
        learnSec: sql`${elCourseLearnDay.learnSec} + ${r.gainedSec}`,
        finished: sql`${elCourseLearnDay.finished} or ${r.finishedNow}`,
      },
    });
}

/** Sets a learner's progress of a file (the admin's correction). */
export async function setProgress(tx: Tx, userId: string, fileId: string, set: ProgressSet, now: Date) {
  await tx
    .insert(elCourseProgress)
    .values({ userId, fileId, ...set })
    .onConflictDoUpdate({
      target: [elCourseProgress.userId, elCourseProgress.fileId],
      set: { ...set, updateTime: now },
    });
}

/** Sets a learner's standing in a course (the admin's correction). */
export async function setStanding(tx: Tx, courseId: string, userId: string, st: Standing, now: Date) {
  const set = {
    learnFile: st.learnFile,
    totalFile: st.totalFile,
    finished: st.finished,
    finishTime: st.finished ? now : null,
  };
  await tx
    .insert(elCourseLearner)
    .values({ courseId, userId, ...set })
    .onConflictDoUpdate({ target: [elCourseLearner.courseId, elCourseLearner.userId], set });
}
