import { type PagingQuery, type QaDetail, type QaReply, type QaRow } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, contains, fmtTime, newId, notFound, pageQuery, richTextToPlain, sanitizeRichText, schema } from '@exam/server-kit';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { fileInCourse, studiableBy, studyCourse } from '../course/course-repository';

type ClientParams = { courseId?: string; fileId?: string; title?: string; onlyReplied?: boolean; onlyMyself?: boolean };
type AdminParams = { courseId?: string; fileId?: string; title?: string; replied?: boolean };
const { elCourse, elCourseQa, elCourseQaReply, elCourseFile, sysUser } = schema;

/** Course Q&A: learners of a course ask and read its questions; course admins reply and delete. */
export function qaService(db: Db) {
  function page(cond: SQL | undefined, q: PagingQuery<unknown>) {
    return pageQuery<QaRow>(
      q,
      async (limit, offset) =>
        (await db.select({ qa: elCourseQa, course: elCourse.title, file: elCourseFile.title, realName: sysUser.realName, avatar: sysUser.avatar })
          .from(elCourseQa).innerJoin(elCourse, eq(elCourse.id, elCourseQa.courseId)).leftJoin(elCourseFile, eq(elCourseFile.id, elCourseQa.fileId))
          .leftJoin(sysUser, eq(sysUser.id, elCourseQa.userId)).where(cond).orderBy(desc(elCourseQa.createTime), desc(elCourseQa.id)).limit(limit).offset(offset)
        ).map((r) => ({
          id: r.qa.id, courseId: r.qa.courseId, courseTitle: r.course, fileId: r.qa.fileId, fileTitle: r.file ?? '', title: r.qa.title,
          replied: r.qa.replyCount > 0, replyCount: r.qa.replyCount, createTime: fmtTime(r.qa.createTime), userId: r.qa.userId,
          avatar: r.avatar ?? '', realName: r.realName ?? '',
        })),
      async () => Number((await db.select({ n: count() }).from(elCourseQa).innerJoin(elCourse, eq(elCourse.id, elCourseQa.courseId)).where(cond))[0].n),
    );
  }

  async function detailOf(id: string, extra?: SQL): Promise<QaDetail> {
    const [r] = await db.select({ qa: elCourseQa, course: elCourse.title, file: elCourseFile.title, realName: sysUser.realName, avatar: sysUser.avatar })
      .from(elCourseQa).innerJoin(elCourse, eq(elCourse.id, elCourseQa.courseId)).leftJoin(elCourseFile, eq(elCourseFile.id, elCourseQa.fileId))
      .leftJoin(sysUser, eq(sysUser.id, elCourseQa.userId)).where(and(eq(elCourseQa.id, id), extra));
    if (!r) throw notFound('问题不存在或已删除！');
    return {
      id: r.qa.id, courseId: r.qa.courseId, courseTitle: r.course, fileId: r.qa.fileId, fileTitle: r.file ?? '', title: r.qa.title, content: r.qa.content,
      replied: r.qa.replyCount > 0, replyCount: r.qa.replyCount, createTime: fmtTime(r.qa.createTime), userId: r.qa.userId, avatar: r.avatar ?? '',
      realName: r.realName ?? '', replyList: await replies(id, 100, 0),
    };
  }

  async function replies(qaId: string, limit: number, offset: number): Promise<QaReply[]> {
    return (await db.select({ r: elCourseQaReply, realName: sysUser.realName, avatar: sysUser.avatar }).from(elCourseQaReply)
      .leftJoin(sysUser, eq(sysUser.id, elCourseQaReply.userId)).where(eq(elCourseQaReply.qaId, qaId))
      .orderBy(asc(elCourseQaReply.createTime), asc(elCourseQaReply.id)).limit(limit).offset(offset)
    ).map(({ r, realName, avatar }) => ({ id: r.id, content: r.content, realName: realName ?? '', avatar: avatar ?? '', createTime: fmtTime(r.createTime) }));
  }

  /** SQL: questions of courses the learner may study: Q&A follows the study rule, as the files do. */
  const learnerScope = (u: AuthUser) => studiableBy(u);

  return {
    async clientPaging(u: AuthUser, q: PagingQuery<ClientParams>) {
      const p = q.params ?? {};
      if (p.courseId) await studyCourse(db, u, p.courseId);
      const cond = and(
        learnerScope(u), p.courseId ? eq(elCourseQa.courseId, p.courseId) : undefined, p.fileId ? eq(elCourseQa.fileId, p.fileId) : undefined,
        p.title ? contains(elCourseQa.title, p.title) : undefined, p.onlyReplied ? sql`${elCourseQa.replyCount} > 0` : undefined,
        p.onlyMyself ? eq(elCourseQa.userId, u.id) : undefined,
      );
      return page(cond, q);
    },
    clientDetail: (u: AuthUser, id: string) => detailOf(id, learnerScope(u)),
    async replyPaging(u: AuthUser, qaId: string, q: PagingQuery<unknown>, isAdmin: boolean) {
      await detailOf(qaId, isAdmin ? undefined : learnerScope(u));
      return pageQuery<QaReply>(q, (limit, offset) => replies(qaId, limit, offset),
        async () => Number((await db.select({ n: count() }).from(elCourseQaReply).where(eq(elCourseQaReply.qaId, qaId)))[0].n));
    },

    /** A learner asks about a courseware of a course they may study (spec: a courseware is required, content too). */
    async save(u: AuthUser, b: { courseId: string; fileId: string; content: string }) {
      if (!b.fileId) throw badRequest('请选择课件！');
      const content = sanitizeRichText(b.content);
      const text = richTextToPlain(content).trim();
      if (!text) throw badRequest('内容不能为空！');
      await studyCourse(db, u, b.courseId);
      await fileInCourse(db, b.courseId, b.fileId);
      const id = newId();
      await db.insert(elCourseQa).values({ id, courseId: b.courseId, fileId: b.fileId, userId: u.id, title: text.slice(0, 100), content });
      return { id };
    },

    adminDetail: (id: string) => detailOf(id),
    async adminPaging(q: PagingQuery<AdminParams>) {
      const p = q.params ?? {};
      const cond = and(
        p.courseId ? eq(elCourseQa.courseId, p.courseId) : undefined, p.fileId ? eq(elCourseQa.fileId, p.fileId) : undefined,
        p.title ? contains(elCourseQa.title, p.title) : undefined,
        p.replied === undefined ? undefined : p.replied ? sql`${elCourseQa.replyCount} > 0` : eq(elCourseQa.replyCount, 0),
      );
      return page(cond, q);
    },
    async reply(u: AuthUser, qaId: string, raw: string) {
      const content = sanitizeRichText(raw);
      if (!richTextToPlain(content).trim()) throw badRequest('回复内容不能为空！');
      const id = newId();
      await db.transaction(async (tx) => {
        const [qa] = await tx.update(elCourseQa).set({ replyCount: sql`${elCourseQa.replyCount} + 1` }).where(eq(elCourseQa.id, qaId)).returning({ id: elCourseQa.id });
        if (!qa) throw notFound('问题不存在或已删除！');
        await tx.insert(elCourseQaReply).values({ id, qaId, userId: u.id, content });
      });
      return { id };
    },
    async delete(ids: string[]) {
      const gone = await db.delete(elCourseQa).where(inArray(elCourseQa.id, ids)).returning({ id: elCourseQa.id });
      if (!gone.length) throw notFound('问题不存在或已删除！');
    },
    async replyDelete(ids: string[]) {
      await db.transaction(async (tx) => {
        const gone = await tx.delete(elCourseQaReply).where(inArray(elCourseQaReply.id, ids)).returning({ qaId: elCourseQaReply.qaId });
        if (!gone.length) throw notFound('回复不存在或已删除！');
        for (const g of gone) await tx.update(elCourseQa).set({ replyCount: sql`greatest(${elCourseQa.replyCount} - 1, 0)` }).where(eq(elCourseQa.id, g.qaId));
      });
    },
  };
}
