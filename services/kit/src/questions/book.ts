import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { elBook } from '../db/schema';
import { newId } from '../util';

/**
 * The wrong-answer book's writer, shared by training (repo service) and exam grading (exam service):
 * a graded answer moves a row of the learner's book, the same way wherever it was answered.
 */
export type BookKey = { userId: string; refType: 'repo' | 'exam'; refId: string; quId: string };
const keyOf = (k: BookKey) =>
  and(eq(elBook.userId, k.userId), eq(elBook.refType, k.refType), eq(elBook.refId, k.refId), eq(elBook.quId, k.quId));

/**
 * After a graded answer: a wrong one goes into the book (wrongCount + 1); a right one takes the
 * question out of the wrong list (auto-remove), keeping any favourite or note.
 */
export async function recordAnswerInBook(tx: Tx, k: BookKey, right: boolean) {
  if (right) {
    await tx.update(elBook).set({ inWrong: false, updateTime: new Date() }).where(keyOf(k));
    await dropEmpty(tx, k);
    return;
  }
  await tx
    .insert(elBook)
    .values({ id: newId(), ...k, inWrong: true, wrongCount: 1 })
    .onConflictDoUpdate({
      target: [elBook.userId, elBook.refType, elBook.refId, elBook.quId],
      set: { inWrong: true, wrongCount: sql`${elBook.wrongCount} + 1`, updateTime: new Date() },
    });
}

/** A row that is neither wrong, favourite nor noted has nothing left to keep. */
export async function dropEmpty(tx: Tx, k: BookKey) {
  await tx
    .delete(elBook)
    .where(and(keyOf(k), eq(elBook.inWrong, false), eq(elBook.favMark, false), eq(elBook.favNote, '')));
}

/**
 * The same rule for many graded answers at once (an exam grading batch), in three statements whatever
 * their number: wrong ones upserted (wrongCount + their count), right ones leave the wrong list, and
 * rows left with nothing are dropped. A key both right and wrong in one batch ends as its last answer.
 */
export async function recordAnswersInBook(tx: Tx, entries: (BookKey & { right: boolean })[]) {
  const byKey = new Map<string, { k: BookKey; wrongs: number; right: boolean }>();
  for (const e of entries) {
    const id = `${e.userId}\u0000${e.refType}\u0000${e.refId}\u0000${e.quId}`;
    const cur = byKey.get(id) ?? {
      k: { userId: e.userId, refType: e.refType, refId: e.refId, quId: e.quId },
      wrongs: 0,
      right: e.right,
    };
    cur.wrongs += e.right ? 0 : 1;
    cur.right = e.right;
    byKey.set(id, cur);
  }
  const all = [...byKey.values()];
  const wrong = all.filter((x) => x.wrongs > 0).map((x) => ({ id: newId(), ...x.k, n: x.wrongs, inw: !x.right }));
  const right = all.filter((x) => x.right).map((x) => x.k);
  if (wrong.length) {
    await tx.execute(sql`insert into el_book (id, user_id, ref_type, ref_id, qu_id, in_wrong, wrong_count)
      select v.id, v."userId", v."refType", v."refId", v."quId", v.inw, v.n from jsonb_to_recordset(${JSON.stringify(wrong)}::jsonb)
        as v(id text, "userId" text, "refType" text, "refId" text, "quId" text, inw boolean, n int)
      on conflict (user_id, ref_type, ref_id, qu_id) do update set in_wrong = excluded.in_wrong, wrong_count = el_book.wrong_count + excluded.wrong_count, update_time = now()`);
  }
  if (right.length) {
    const keys = sql`jsonb_to_recordset(${JSON.stringify(right)}::jsonb) as v("userId" text, "refType" text, "refId" text, "quId" text)`;
    const match = sql`b.user_id = v."userId" and b.ref_type = v."refType" and b.ref_id = v."refId" and b.qu_id = v."quId"`;
    await tx.execute(sql`update el_book b set in_wrong = false, update_time = now() from ${keys} where ${match}`);
    await tx.execute(
      sql`delete from el_book b using ${keys} where ${match} and not b.in_wrong and not b.fav_mark and b.fav_note = ''`,
    );
  }
}
