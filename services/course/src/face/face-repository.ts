import { CAPTURE_STATE_TITLES, type CourseFaceRow, type FaceCaptureRow, COURSE_CAPTURE_URL, type Paging, type PagingQuery } from '@exam/contracts';
import { contains, type Db, fmtTime, pageQuery, schema } from '@exam/server-kit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

const { elCourseFace, faceCapture, sysUser } = schema;

/** Study face checks of a course, per learner (face-paging) and per capture (capture-paging). */
export function courseFaceRepository(db: Db) {
  return {
    learners(q: PagingQuery<{ courseId: string; realName?: string }>): Promise<Paging<CourseFaceRow>> {
      const p = q.params ?? { courseId: '' };
      const conds: SQL[] = [eq(elCourseFace.courseId, p.courseId)];
      if (p.realName) conds.push(contains(sysUser.realName, p.realName));
      const where = and(...conds);
      return pageQuery(q, async (limit, offset) => {
        const rows = await db.select({ f: elCourseFace, realName: sysUser.realName, deptCode: sysUser.deptCode }).from(elCourseFace)
          .innerJoin(sysUser, eq(sysUser.id, elCourseFace.userId)).where(where).orderBy(desc(elCourseFace.updateTime), elCourseFace.userId).limit(limit).offset(offset);
        return rows.map(({ f, realName, deptCode }) => ({
          userId: f.userId, realName, deptCode, passCount: f.passCount, totalFails: f.totalFails, failCount: f.failCount,
          lastPass: fmtTime(f.lastPass), updateTime: fmtTime(f.updateTime),
        }));
      }, async () => Number((await db.select({ n: count() }).from(elCourseFace).innerJoin(sysUser, eq(sysUser.id, elCourseFace.userId)).where(where))[0].n));
    },

    captures(q: PagingQuery<{ courseId: string; userId?: string }>): Promise<Paging<FaceCaptureRow>> {
      const p = q.params ?? { courseId: '' };
      const conds: SQL[] = [eq(faceCapture.kind, 'study'), eq(faceCapture.refId, p.courseId)];
      if (p.userId) conds.push(eq(faceCapture.userId, p.userId));
      const where = and(...conds);
      return pageQuery(q, async (limit, offset) => {
        const rows = await db.select({ c: faceCapture, realName: sysUser.realName }).from(faceCapture)
          .leftJoin(sysUser, eq(sysUser.id, faceCapture.userId)).where(where).orderBy(desc(faceCapture.createTime), desc(faceCapture.id)).limit(limit).offset(offset);
        return rows.map(({ c, realName }) => ({
          id: c.id, userId: c.userId, realName: realName ?? '', fileId: c.subId, state: c.state, state_dictText: CAPTURE_STATE_TITLES[c.state] ?? '',
          score: c.score, failMsg: c.failMsg, createTime: fmtTime(c.createTime), checkTime: fmtTime(c.checkTime),
          image: c.imageKey ? `${COURSE_CAPTURE_URL}/${c.id}` : '',
        }));
      }, async () => Number((await db.select({ n: count() }).from(faceCapture).where(where))[0].n));
    },

    async capture(id: string) {
      const [c] = await db.select().from(faceCapture).where(and(eq(faceCapture.id, id), eq(faceCapture.kind, 'study')));
      return c;
    },
  };
}
