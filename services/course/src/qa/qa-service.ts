import type { PagingQuery, QaDetail, QaReply } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  fmtTime,
  newId,
  notFound,
  pageQuery,
  richTextToPlain,
  sanitizeRichText,
} from '@exam/server-kit';
import { fileInCourse, studyCourse } from '../course/course-repository';
import {
  addReplyCount,
  type AdminParams,
  adminQaPage,
  type ClientParams,
  deleteQas,
  deleteReplies,
  dropReplyCount,
  insertQa,
  insertReply,
  learnerQaPage,
  qaById,
  replyCount,
  repliesOf,
} from './qa-repository';

/** Course Q&A: learners of a course ask and read its questions; course admins reply and delete. */
export function qaService({ db }: { db: Db }) {
  /** A question with its first 100 replies; among the courses `learner` may study when given (else 404). */
  async function detailOf(id: string, learner?: AuthUser): Promise<QaDetail> {
    const r = await qaById(db, id, learner);
    if (!r) throw notFound('问题不存在或已删除！');
    return {
      id: r.qa.id,
      courseId: r.qa.courseId,
      courseTitle: r.course,
      fileId: r.qa.fileId,
      fileTitle: r.file ?? '',
      title: r.qa.title,
      content: r.qa.content,
      replied: r.qa.replyCount > 0,
      replyCount: r.qa.replyCount,
      createTime: fmtTime(r.qa.createTime),
      userId: r.qa.userId,
      avatar: r.avatar ?? '',
      realName: r.realName ?? '',
      replyList: await repliesOf(db, id, 100, 0),
    };
  }

  return {
    async clientPaging(u: AuthUser, q: PagingQuery<ClientParams>) {
      const p = q.params ?? {};
      if (p.courseId) await studyCourse(db, u, p.courseId);
      return learnerQaPage(db, u, q);
    },
    clientDetail: (u: AuthUser, id: string) => detailOf(id, u),
    async replyPaging(u: AuthUser, qaId: string, q: PagingQuery<unknown>, isAdmin: boolean) {
      await detailOf(qaId, isAdmin ? undefined : u);
      return pageQuery<QaReply>(
        q,
        (limit, offset) => repliesOf(db, qaId, limit, offset),
        () => replyCount(db, qaId),
      );
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
      await insertQa(db, {
        id,
        courseId: b.courseId,
        fileId: b.fileId,
        userId: u.id,
        title: text.slice(0, 100),
        content,
      });
      return { id };
    },

    adminDetail: (id: string) => detailOf(id),
    adminPaging: (q: PagingQuery<AdminParams>) => adminQaPage(db, q),
    async reply(u: AuthUser, qaId: string, raw: string) {
      const content = sanitizeRichText(raw);
      if (!richTextToPlain(content).trim()) throw badRequest('回复内容不能为空！');
      const id = newId();
      await db.transaction(async (tx) => {
        if (!(await addReplyCount(tx, qaId))) throw notFound('问题不存在或已删除！');
        await insertReply(tx, { id, qaId, userId: u.id, content });
      });
      return { id };
    },
    async delete(ids: string[]) {
      if (!(await deleteQas(db, ids))) throw notFound('问题不存在或已删除！');
    },
    async replyDelete(ids: string[]) {
      await db.transaction(async (tx) => {
        const gone = await deleteReplies(tx, ids);
        if (!gone.length) throw notFound('回复不存在或已删除！');
        for (const qaId of gone) await dropReplyCount(tx, qaId);
      });
    },
  };
}
