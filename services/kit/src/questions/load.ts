import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { elQu, elQuAnswer } from '../db/schema';
import { QuType } from '../grading';

type QuRecord = typeof elQu.$inferSelect;
type OptionRecord = typeof elQuAnswer.$inferSelect;
/** A question with its options and (composite) children, as stored. */
export type FullQu = QuRecord & { options: OptionRecord[]; subs: FullQu[] };

/**
 * Loads questions by id with options and children, in the order of `ids` (top-level questions only):
 * three statements whatever the number of questions. Shared by the repo service (editing, training,
 * the book) and the exam service (papers, grading, review), which read the question tables alike.
 */
export async function loadQuestions(db: Db | Tx, ids: string[]): Promise<Map<string, FullQu>> {
  const out = new Map<string, FullQu>();
  if (!ids.length) return out;
  const tops = await db.select().from(elQu).where(inArray(elQu.id, ids));
  const compIds = tops.filter((q) => q.quType === QuType.COMPOSITE).map((q) => q.id);
  const kids = compIds.length
    ? await db.select().from(elQu).where(inArray(elQu.parentId, compIds)).orderBy(asc(elQu.sort), asc(elQu.id))
    : [];
  const all = [...tops, ...kids];
  const opts = await db
    .select()
    .from(elQuAnswer)
    .where(
      inArray(
        elQuAnswer.quId,
        all.map((q) => q.id),
      ),
    )
    .orderBy(asc(elQuAnswer.sort), asc(elQuAnswer.id));
  const full = new Map(all.map((q) => [q.id, { ...q, options: [], subs: [] } as FullQu]));
  for (const o of opts) full.get(o.quId)?.options.push(o);
  for (const k of kids) full.get(k.parentId)?.subs.push(full.get(k.id)!);
  for (const id of ids) {
    const q = full.get(id);
    if (q && q.parentId === '') out.set(id, q);
  }
  return out;
}
