import {
  CAPTURE_STATE_TITLES,
  type CourseFaceRow,
  type FaceCaptureRow,
  COURSE_CAPTURE_URL,
  type Paging,
  type PagingQuery,
} from '@exam/contracts';
import { contains, type Db, fmtTime, pageQuery, schema, type Tx } from '@exam/server-kit';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';

/* Study face checks: a learner's counters per course and the study captures. */
const { elCourse, elCourseFace, faceCapture, sysUser } = schema;
const faceOf = (courseId: string, userId: string) =>
  and(eq(elCourseFace.courseId, courseId), eq(elCourseFace.userId, userId));

/** A course's study face checks, per learner (face-paging). */
export function faceLearners(
  db: Db,
  q: PagingQuery<{ courseId: string; realName?: string }>,
): Promise<Paging<CourseFaceRow>> {
  const p = q.params ?? { courseId: '' };
  const conds: SQL[] = [eq(elCourseFace.courseId, p.courseId)];
  if (p.realName) conds.push(contains(sysUser.realName, p.realName));
  const where = and(...conds);
  return pageQuery(
    q,
    async (limit, offset) => {
      const rows = await db
        .select({ f: elCourseFace, realName: sysUser.realName, deptCode: sysUser.deptCode })
        .from(elCourseFace)
        .innerJoin(sysUser, eq(sysUser.id, elCourseFace.userId))
        .where(where)
        .orderBy(desc(elCourseFace.updateTime), elCourseFace.userId)
        .limit(limit)
        .offset(offset);
      return rows.map(({ f, realName, deptCode }) => ({
        userId: f.userId,
        realName,
        deptCode,
        passCount: f.passCount,
        totalFails: f.totalFails,
        failCount: f.failCount,
        lastPass: fmtTime(f.lastPass),
        updateTime: fmtTime(f.updateTime),
      }));
    },
    async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(elCourseFace)
            .innerJoin(sysUser, eq(sysUser.id, elCourseFace.userId))
            .where(where)
        )[0].n,
      ),
  );
}

/** A course's study captures, of one learner when `userId` is given (capture-paging). */
export function faceCaptures(
  db: Db,
  q: PagingQuery<{ courseId: string; userId?: string }>,
): Promise<Paging<FaceCaptureRow>> {
  const p = q.params ?? { courseId: '' };
  const conds: SQL[] = [eq(faceCapture.kind, 'study'), eq(faceCapture.refId, p.courseId)];
  if (p.userId) conds.push(eq(faceCapture.userId, p.userId));
  const where = and(...conds);
  return pageQuery(
    q,
    async (limit, offset) => {
      const rows = await db
        .select({ c: faceCapture, realName: sysUser.realName })
        .from(faceCapture)
        .leftJoin(sysUser, eq(sysUser.id, faceCapture.userId))
        .where(where)
        .orderBy(desc(faceCapture.createTime), desc(faceCapture.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ c, realName }) => ({
        id: c.id,
        userId: c.userId,
        realName: realName ?? '',
        fileId: c.subId,
        state: c.state,
        state_dictText: CAPTURE_STATE_TITLES[c.state] ?? '',
        score: c.score,
        failMsg: c.failMsg,
        createTime: fmtTime(c.createTime),
        checkTime: fmtTime(c.checkTime),
        image: c.imageKey ? `${COURSE_CAPTURE_URL}/${c.id}` : '',
      }));
    },
    async () => Number((await db.select({ n: count() }).from(faceCapture).where(where))[0].n),
  );
}

/** A study capture by id; only the learner's own when `userId` is given. */
export async function studyCapture(db: Db, id: string, userId?: string) {
  const [c] = await db
    .select()
    .from(faceCapture)
    .where(
      and(eq(faceCapture.id, id), userId ? eq(faceCapture.userId, userId) : undefined, eq(faceCapture.kind, 'study')),
    );
  return c;
}

/** The learner's counters of a course's study checks (none before the first verdict). */
export async function faceCounters(db: Db, courseId: string, userId: string) {
  const [f] = await db
    .select({ failCount: elCourseFace.failCount, lastPass: elCourseFace.lastPass })
    .from(elCourseFace)
    .where(faceOf(courseId, userId));
  return f;
}

/** How many failed checks in a row a course allows (0: no limit; a deleted course: 0). */
export async function faceChanceOf(db: Db, courseId: string): Promise<number> {
  const [c] = await db.select({ faceChance: elCourse.faceChance }).from(elCourse).where(eq(elCourse.id, courseId));
  return c?.faceChance ?? 0;
}

/** Records a verdict on the learner's counters: a pass resets the failures in a row, a failure adds one. */
export async function recordVerdict(tx: Tx, courseId: string, userId: string, pass: boolean) {
  await tx.insert(elCourseFace).values({ courseId, userId }).onConflictDoNothing();
  await tx
    .update(elCourseFace)
    .set(
      pass
        ? { failCount: 0, passCount: sql`${elCourseFace.passCount} + 1`, lastPass: sql`now()`, updateTime: sql`now()` }
        : {
            failCount: sql`${elCourseFace.failCount} + 1`,
            totalFails: sql`${elCourseFace.totalFails} + 1`,
            updateTime: sql`now()`,
          },
    )
    .where(faceOf(courseId, userId));
}
