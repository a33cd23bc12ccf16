import { type Db, type Tx, CAPTURE_STATE, schema } from '@exam/server-kit';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

const { elPaperCapture, faceCapture } = schema;

/** The learner's own entry check. */
export const entryCheckOf = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(faceCapture)
      .where(and(eq(faceCapture.id, id), eq(faceCapture.userId, userId), eq(faceCapture.kind, 'exam_entry')))
  )[0];

/**
 * Spends the learner's latest passing entry check of the exam made since `since`, once (a conditional
 * update: a concurrent create-paper cannot spend it too); false when there is none left.
 */
export async function spendPassingEntry(tx: Tx, userId: string, examId: string, since: Date): Promise<boolean> {
  const [c] = await tx
    .select({ id: faceCapture.id })
    .from(faceCapture)
    .where(
      and(
        eq(faceCapture.kind, 'exam_entry'),
        eq(faceCapture.refId, examId),
        eq(faceCapture.userId, userId),
        eq(faceCapture.state, CAPTURE_STATE.PASS),
        isNull(faceCapture.usedTime),
        gt(faceCapture.createTime, since),
      ),
    )
    .orderBy(desc(faceCapture.createTime))
    .limit(1);
  if (!c) return false;
  const [used] = await tx
    .update(faceCapture)
    .set({ usedTime: new Date() })
    .where(and(eq(faceCapture.id, c.id), isNull(faceCapture.usedTime)))
    .returning({ id: faceCapture.id });
  return Boolean(used);
}

/** The proctor's grid keeps the latest frame of a paper (and counts them). */
export const keepLatestFrame = (db: Db | Tx, paperId: string, image: string) =>
  db
    .insert(elPaperCapture)
    .values({ paperId, image, ok: true })
    .onConflictDoUpdate({
      target: elPaperCapture.paperId,
      set: { image, captureCount: sql`${elPaperCapture.captureCount} + 1`, updateTime: new Date() },
    });

/** Marks the grid's latest frame of a paper passed or failed. */
export const markLatestFrame = (tx: Tx, paperId: string, ok: boolean) =>
  tx.update(elPaperCapture).set({ ok }).where(eq(elPaperCapture.paperId, paperId));
