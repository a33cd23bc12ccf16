import { type Db, badRequest, schema } from '@exam/server-kit';
import { and, eq, sql } from 'drizzle-orm';
import { examById } from '../exam/exam-store';
import { handIn } from './paper-hand';
import { examOver } from './paper-store';

const MIN_CAPTURE_BYTES = 1024;

/** JPEG, PNG or WebP by their leading bytes; anything else is not a camera frame. */
function imageType(buf: Buffer): string | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  return buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP' ? 'webp' : null;
}

/** Anti-cheat counters kept by the server: leaves and camera captures. Over the limit the server hands in. */
export function paperGuard(db: Db, openPaper: (userId: string, id: string) => Promise<typeof schema.elPaper.$inferSelect>) {
  const { elPaper, elPaperCapture } = schema;
  return {
    /** A leave longer than the threshold (the client measures it); the third of a limit of 2 ends the paper. */
    async leaveIncr(userId: string, id: string) {
      const p = await openPaper(userId, id);
      const [row] = await db.update(elPaper).set({ leaveTimes: sql`${elPaper.leaveTimes} + 1`, updateTime: new Date() })
        .where(and(eq(elPaper.id, p.id), eq(elPaper.state, 0))).returning({ leaveTimes: elPaper.leaveTimes });
      if (!row) throw examOver();
      const e = await examById(db, p.examId);
      const overLimit = e.leaveOn && e.leaveLimit > 0 && row.leaveTimes > e.leaveLimit;
      if (overLimit) await handIn(db, p.id, 'leave');
      return { leaveTimes: row.leaveTimes, overLimit };
    },

    /**
     * A camera capture. There is no face comparison provider in the platform yet, so a capture fails
     * when it is not a real image (camera error placeholder aside, an empty or forged frame); a good
     * one resets the count. faceChance consecutive failures end the paper when face check is on.
     * Only the latest good frame is kept (the proctor grid shows it).
     */
    async capture(userId: string, paperId: string, base64: string) {
      const p = await openPaper(userId, paperId);
      const e = await examById(db, p.examId);
      const raw = base64.replace(/^data:image\/[a-z]+;base64,/, '');
      if (!/^[A-Za-z0-9+/=\s]*$/.test(raw)) throw badRequest('参数错误：base64 不是有效的图片数据');
      const buf = Buffer.from(raw, 'base64');
      const type = imageType(buf);
      const ok = buf.length >= MIN_CAPTURE_BYTES && type !== null;
      const [row] = await db.update(elPaper).set({ faceFails: ok ? 0 : sql`${elPaper.faceFails} + 1`, updateTime: new Date() })
        .where(and(eq(elPaper.id, p.id), eq(elPaper.state, 0))).returning({ faceFails: elPaper.faceFails });
      if (!row) throw examOver();
      if (ok) {
        const image = `data:image/${type};base64,${raw.replace(/\s/g, '')}`;
        await db.insert(elPaperCapture).values({ paperId, image, ok }).onConflictDoUpdate({
          target: elPaperCapture.paperId, set: { image, ok, captureCount: sql`${elPaperCapture.captureCount} + 1`, updateTime: new Date() },
        });
      }
      // A paper entered by an approved application skips face recognition: failures are kept for the
      // record, but never end it (faceChance 0 tells the screen there is no limit).
      const faceChance = p.byApply ? 0 : e.faceChance;
      const isBreak = e.faceOn && faceChance > 0 && row.faceFails >= faceChance;
      if (isBreak) await handIn(db, p.id, 'face');
      return { isBreak, failCount: row.faceFails, faceChance };
    },
  };
}
