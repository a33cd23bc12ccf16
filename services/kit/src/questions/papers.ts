import { PaperState } from '@exam/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { elPaper, elPaperQu } from '../db/schema';

/**
 * What the exam service's papers say about questions, published for the repo service (which must not
 * read the exam's tables itself): whether a learner may keep a question, whether one may change.
 */

/** Paper states after hand-in (待阅卷, 已考完): only then are a paper's questions the learner's to keep. */
const HANDED: number[] = [PaperState.REVIEW, PaperState.DONE];
/** A paper still being answered, graded by the queue or waiting for review reads its questions as drawn. */
const UNFINISHED: number[] = [PaperState.OPEN, PaperState.REVIEW, PaperState.GRADING];

/** Whether a handed-in paper of this learner (of this exam, when given) holds the question. */
export async function inHandedPaper(db: Db | Tx, userId: string, quId: string, examId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: elPaper.id })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(
      and(
        eq(elPaperQu.quId, quId),
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
  const [used] = await db
    .select({ quId: elPaperQu.quId })
    .from(elPaperQu)
    .innerJoin(elPaper, eq(elPaper.id, elPaperQu.paperId))
    .where(and(inArray(elPaperQu.quId, quIds), inArray(elPaper.state, UNFINISHED)))
    .limit(1);
  return !!used;
}
