import { Code, SAVE_GRACE_SEC } from '@exam/contracts';
import { type Db, type Tx, conflict, notFound, schema } from '@exam/server-kit';
import { and, eq } from 'drizzle-orm';

export type PaperRecord = typeof schema.elPaper.$inferSelect;

/** The learner's own paper; another learner's id is simply not found. */
export async function ownPaper(db: Db | Tx, userId: string, id: string): Promise<PaperRecord> {
  const p = schema.elPaper;
  const [row] = await db.select().from(p).where(and(eq(p.id, id), eq(p.userId, userId)));
  if (!row) throw notFound('试卷不存在！');
  return row;
}

export const leftSecondsOf = (p: Pick<PaperRecord, 'limitTime'>, now = Date.now()) => Math.max(0, Math.floor((p.limitTime.getTime() - now) / 1000));

/** Past the deadline and the grace for saves in flight: the server hands it in. */
export const isOverdue = (p: Pick<PaperRecord, 'limitTime'>, now = Date.now()) => now > p.limitTime.getTime() + SAVE_GRACE_SEC * 1000;

/** Code 20010001: the exam is over for this paper; the client leaves to the exam list. */
export const examOver = (msg = '考试已结束！') => conflict(msg, Code.EXAM_OVER);
