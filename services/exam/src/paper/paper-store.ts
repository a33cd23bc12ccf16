import { Code, SAVE_GRACE_SEC } from '@exam/contracts';
import { type Db, type Tx, conflict, notFound, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';

export type PaperRecord = typeof schema.elPaper.$inferSelect;

/** The learner's own paper; another learner's id is simply not found. */
export async function ownPaper(db: Db | Tx, userId: string, id: string): Promise<PaperRecord> {
  const p = schema.elPaper;
  const [row] = await db.select().from(p).where(and(eq(p.id, id), eq(p.userId, userId)));
  if (!row) throw notFound('试卷不存在！');
  return row;
}

/** What the exam screen needs of a paper's question rows, plus the question's version (its update time, ms). */
export type PaperQuView = Pick<typeof schema.elPaperQu.$inferSelect,
  'paperId' | 'quId' | 'quType' | 'groupNo' | 'sort' | 'score' | 'optOrder' | 'answer' | 'answered' | 'mark' | 'seq'> & { ver: number };

/**
 * The learner's own paper with its question rows in the paper's order, in one statement (the rows as
 * one JSON text: one round trip, and one JSON.parse instead of the driver's row-by-row parsing).
 */
export async function ownPaperWithQus(db: Db, userId: string, id: string): Promise<{ p: PaperRecord; rows: PaperQuView[] }> {
  const p = schema.elPaper;
  const [row] = await db.select({ p, qus: sql<string | null>`(select json_agg(json_build_object(
      'quId', q.qu_id, 'quType', q.qu_type, 'groupNo', q.group_no, 'sort', q.sort, 'score', q.score, 'optOrder', q.opt_order,
      'answer', q.answer, 'answered', q.answered, 'mark', q.mark, 'seq', q.seq,
      'ver', floor(extract(epoch from u.update_time) * 1000)::bigint) order by q.sort)::text
    from el_paper_qu q join el_qu u on u.id = q.qu_id where q.paper_id = el_paper.id)` })
    .from(p).where(and(eq(p.id, id), eq(p.userId, userId)));
  if (!row) throw notFound('试卷不存在！');
  const rows = (JSON.parse(row.qus ?? '[]') as Omit<PaperQuView, 'paperId'>[]).map((r) => ({ ...r, paperId: id, score: Number(r.score) }));
  return { p: row.p, rows };
}

export const leftSecondsOf = (p: Pick<PaperRecord, 'limitTime'>, now = Date.now()) => Math.max(0, Math.floor((p.limitTime.getTime() - now) / 1000));

/** Past the deadline and the grace for saves in flight: the server hands it in. */
export const isOverdue = (p: Pick<PaperRecord, 'limitTime'>, now = Date.now()) => now > p.limitTime.getTime() + SAVE_GRACE_SEC * 1000;

/** Code 20010001: the exam is over for this paper; the client leaves to the exam list. */
export const examOver = (msg = '考试已结束！') => conflict(msg, Code.EXAM_OVER);
