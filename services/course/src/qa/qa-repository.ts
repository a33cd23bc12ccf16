import type { PagingQuery, QaReply, QaRow } from '@exam/contracts';
import { type AuthUser, type Db, type Tx, contains, fmtTime, pageQuery, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { studiableBy } from '../course/course-repository';

/* Course Q&A: questions with their course, courseware and asker; replies. */
export type ClientParams = {
  courseId?: string;
  fileId?: string;
  title?: string;
  onlyReplied?: boolean;
  onlyMyself?: boolean;
};
export type AdminParams = { courseId?: string; fileId?: string; title?: string; replied?: boolean };
const { elCourse, elCourseQa, elCourseQaReply, elCourseFile, sysUser } = schema;

/** SQL: questions of courses the learner may study: Q&A follows the study rule, as the files do. */
const learnerScope = (u: AuthUser) => studiableBy(u);

/** Questions with their course, courseware and asker's name and avatar. */
const withContext = (db: Db) =>
  db
    .select({
      qa: elCourseQa,
      course: elCourse.title,
      file: elCourseFile.title,
      realName: sysUser.realName,
      avatar: sysUser.avatar,
    })
    .from(elCourseQa)
    .innerJoin(elCourse, eq(elCourse.id, elCourseQa.courseId))
    .leftJoin(elCourseFile, eq(elCourseFile.id, elCourseQa.fileId))
    .leftJoin(sysUser, eq(sysUser.id, elCourseQa.userId));

function page(db: Db, cond: SQL | undefined, q: PagingQuery<unknown>) {
  return pageQuery<QaRow>(
    q,
    async (limit, offset) =>
      (
        await withContext(db)
          .where(cond)
          .orderBy(desc(elCourseQa.createTime), desc(elCourseQa.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => ({
        id: r.qa.id,
        courseId: r.qa.courseId,
        courseTitle: r.course,
        fileId: r.qa.fileId,
        fileTitle: r.file ?? '',
        title: r.qa.title,
        replied: r.qa.replyCount > 0,
        replyCount: r.qa.replyCount,
        createTime: fmtTime(r.qa.createTime),
        userId: r.qa.userId,
        avatar: r.avatar ?? '',
        realName: r.realName ?? '',
      })),
    async () =>
      Number(
        (
          await db
            .select({ n: count() })
            .from(elCourseQa)
            .innerJoin(elCourse, eq(elCourse.id, elCourseQa.courseId))
            .where(cond)
        )[0].n,
      ),
  );
}

/** The learner's list: questions of the courses they may study, newest first. */
export function learnerQaPage(db: Db, u: AuthUser, q: PagingQuery<ClientParams>) {
  const p = q.params ?? {};
  const cond = and(
    learnerScope(u),
    p.courseId ? eq(elCourseQa.courseId, p.courseId) : undefined,
    p.fileId ? eq(elCourseQa.fileId, p.fileId) : undefined,
    p.title ? contains(elCourseQa.title, p.title) : undefined,
    p.onlyReplied ? sql`${elCourseQa.replyCount} > 0` : undefined,
    p.onlyMyself ? eq(elCourseQa.userId, u.id) : undefined,
  );
  return page(db, cond, q);
}

/** The admin's list (CourseQaAdmin), newest first. */
export function adminQaPage(db: Db, q: PagingQuery<AdminParams>) {
  const p = q.params ?? {};
  const cond = and(
    p.courseId ? eq(elCourseQa.courseId, p.courseId) : undefined,
    p.fileId ? eq(elCourseQa.fileId, p.fileId) : undefined,
    p.title ? contains(elCourseQa.title, p.title) : undefined,
    p.replied === undefined ? undefined : p.replied ? sql`${elCourseQa.replyCount} > 0` : eq(elCourseQa.replyCount, 0),
  );
  return page(db, cond, q);
}

/** A question with its course, courseware and asker; only among the courses `learner` may study when given. */
export async function qaById(db: Db, id: string, learner?: AuthUser) {
  const [r] = await withContext(db).where(and(eq(elCourseQa.id, id), learner ? learnerScope(learner) : undefined));
  return r;
}

/** A question's replies, oldest first. */
export async function repliesOf(db: Db, qaId: string, limit: number, offset: number): Promise<QaReply[]> {
  return (
    await db
      .select({ r: elCourseQaReply, realName: sysUser.realName, avatar: sysUser.avatar })
      .from(elCourseQaReply)
      .leftJoin(sysUser, eq(sysUser.id, elCourseQaReply.userId))
      .where(eq(elCourseQaReply.qaId, qaId))
      .orderBy(asc(elCourseQaReply.createTime), asc(elCourseQaReply.id))
      .limit(limit)
      .offset(offset)
  ).map(({ r, realName, avatar }) => ({
    id: r.id,
    content: r.content,
    realName: realName ?? '',
    avatar: avatar ?? '',
    createTime: fmtTime(r.createTime),
  }));
}

export async function replyCount(db: Db, qaId: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(elCourseQaReply).where(eq(elCourseQaReply.qaId, qaId)))[0].n);
}

export async function insertQa(db: Db, row: typeof elCourseQa.$inferInsert) {
  await db.insert(elCourseQa).values(row);
}

/** Counts one more reply on a question; false when the question is gone. */
export async function addReplyCount(tx: Tx, qaId: string): Promise<boolean> {
  return (
    (
      await tx
        .update(elCourseQa)
        .set({ replyCount: sql`${elCourseQa.replyCount} + 1` })
        .where(eq(elCourseQa.id, qaId))
        .returning({ id: elCourseQa.id })
    ).length > 0
  );
}

export async function insertReply(tx: Tx, row: typeof elCourseQaReply.$inferInsert) {
  await tx.insert(elCourseQaReply).values(row);
}

/** Deletes questions; answers how many were there. */
export async function deleteQas(db: Db, ids: string[]): Promise<number> {
  return (await db.delete(elCourseQa).where(inArray(elCourseQa.id, ids)).returning({ id: elCourseQa.id })).length;
}

/** Deletes replies; answers the question of each one that was there. */
export async function deleteReplies(tx: Tx, ids: string[]): Promise<string[]> {
  return (
    await tx.delete(elCourseQaReply).where(inArray(elCourseQaReply.id, ids)).returning({ qaId: elCourseQaReply.qaId })
  ).map((g) => g.qaId);
}

/** Counts one reply less on a question (never below 0). */
export async function dropReplyCount(tx: Tx, qaId: string) {
  await tx
    .update(elCourseQa)
    .set({ replyCount: sql`greatest(${elCourseQa.replyCount} - 1, 0)` })
    .where(eq(elCourseQa.id, qaId));
}
