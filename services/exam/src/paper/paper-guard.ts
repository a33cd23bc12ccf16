import { PaperState } from '@exam/contracts';
import { type Db, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';
import { examById } from '../exam/exam-store';
import { handIn } from './paper-hand';
import { examOver } from './paper-store';

/** Leaves counted by the server; over the limit the server hands in (captures: face/exam-face.ts). */
export function paperGuard(db: Db, openPaper: (userId: string, id: string) => Promise<typeof schema.elPaper.$inferSelect>) {
  const { elPaper } = schema;
  return {
    /** A leave longer than the threshold (the client measures it); the third of a limit of 2 ends the paper. */
    async leaveIncr(userId: string, id: string) {
      const p = await openPaper(userId, id);
      const [row] = await db.update(elPaper).set({ leaveTimes: sql`${elPaper.leaveTimes} + 1`, updateTime: new Date() })
        .where(and(eq(elPaper.id, p.id), eq(elPaper.state, PaperState.OPEN))).returning({ leaveTimes: elPaper.leaveTimes });
      if (!row) throw examOver();
      const e = await examById(db, p.examId);
      const overLimit = e.leaveOn && e.leaveLimit > 0 && row.leaveTimes > e.leaveLimit;
      if (overLimit) await handIn(db, p.id, 'leave');
      return { leaveTimes: row.leaveTimes, overLimit };
    },
  };
}
