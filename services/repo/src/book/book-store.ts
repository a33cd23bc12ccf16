import { type Tx, newId, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';

export type BookKey = { userId: string; refType: 'repo' | 'exam'; refId: string; quId: string };
const keyOf = (k: BookKey) => {
  const b = schema.elBook;
  return and(eq(b.userId, k.userId), eq(b.refType, k.refType), eq(b.refId, k.refId), eq(b.quId, k.quId));
};

/**
 * After a graded answer: a wrong one goes into the book (wrongCount + 1); a right one takes the
 * question out of the wrong list (auto-remove), keeping any favourite or note. Shared with exams.
 */
export async function recordAnswerInBook(tx: Tx, k: BookKey, right: boolean) {
  const b = schema.elBook;
  if (right) {
    await tx.update(b).set({ inWrong: false, updateTime: new Date() }).where(keyOf(k));
    await dropEmpty(tx, k);
    return;
  }
  await tx.insert(b).values({ id: newId(), ...k, inWrong: true, wrongCount: 1 }).onConflictDoUpdate({
    target: [b.userId, b.refType, b.refId, b.quId],
    set: { inWrong: true, wrongCount: sql`${b.wrongCount} + 1`, updateTime: new Date() },
  });
}

/** A row that is neither wrong, favourite nor noted has nothing left to keep. */
export async function dropEmpty(tx: Tx, k: BookKey) {
  const b = schema.elBook;
  await tx.delete(b).where(and(keyOf(k), eq(b.inWrong, false), eq(b.favMark, false), eq(b.favNote, '')));
}
