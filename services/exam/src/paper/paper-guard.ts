import type { Db } from '@exam/server-kit';
import { examById } from '../exam/exam-repository';
import { handIn } from './paper-hand';
import { countLeave, type PaperRecord } from './paper-repository';
import { examOver } from './paper-time';

/** Leaves counted by the server; over the limit the server hands in (captures: face/face-service.ts). */
export function paperGuard(db: Db, openPaper: (userId: string, id: string) => Promise<PaperRecord>) {
  return {
    /** A leave longer than the threshold (the client measures it); the third of a limit of 2 ends the paper. */
    async leaveIncr(userId: string, id: string) {
      const p = await openPaper(userId, id);
      const leaveTimes = await countLeave(db, p.id);
      if (leaveTimes === undefined) throw examOver();
      const e = await examById(db, p.examId);
      const overLimit = e.leaveOn && e.leaveLimit > 0 && leaveTimes > e.leaveLimit;
      if (overLimit) await handIn(db, p.id, 'leave');
      return { leaveTimes, overLimit };
    },
  };
}
