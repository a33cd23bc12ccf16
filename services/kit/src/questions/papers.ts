import { PaperState } from '@exam/contracts';
import { type SQL, and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { elPaper } from '../db/schema';

/**
 * What the exam service's papers say about questions, published for the repo service (which must not
 * read the exam's tables itself): whether a learner may keep a question, whether one may change.
 */

/**
 * Whether the paper's layout (el_paper.qus, JSON text written by JSON.stringify: no spaces) holds the question: a
 * search in the text, without parsing every paper's layout. The id is quoted as JSON quotes it.
 */
export const paperHolds = (quId: string): SQL =>
  sql`strpos(${elPaper.qus}, '"quId":' || to_json(${quId}::text)::text) > 0`;

/** Paper states after hand-in (待阅卷, 已考完): only then are a paper's questions the learner's to keep. */
const HANDED: number[] = [PaperState.REVIEW, PaperState.DONE];
/** A paper still being answered, graded by the queue or waiting for review reads its questions as drawn. */
const UNFINISHED: number[] = [PaperState.OPEN, PaperState.REVIEW, PaperState.GRADING];

/** Whether a handed-in paper of this learner (of this exam, when given) holds the question. */
export async function inHandedPaper(db: Db | Tx, userId: string, quId: string, examId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(
      and(
        paperHolds(quId),
        eq(elPaper.userId, userId),
        inArray(elPaper.state, HANDED),
        examId ? eq(elPaper.examId, examId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether any unfinished paper holds one of these questions (so they stay as they were drawn). */
export async function inUnfinishedPaper(db: Db | Tx, quIds: string[]): Promise<boolean> {
  if (!quIds.length) return false;
  const [used] = await db
    .select({ id: elPaper.id })
    .from(elPaper)
    .where(and(inArray(elPaper.state, UNFINISHED), or(...quIds.map(paperHolds))))
    .limit(1);
  return !!used;
}
