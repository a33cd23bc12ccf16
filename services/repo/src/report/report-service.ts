import type { PagingQuery, ReportRow } from '@exam/contracts';
import { type Db, badRequest, fmtTime, notFound, pageQuery } from '@exam/server-kit';
import { canSeeQu } from '../book/qu-access';
import * as repo from './report-repository';

/** Error reports on questions: learners write them, admins list them and mark them handled. */
export function reportService(db: Db) {
  return {
    async save(userId: string, quId: string, text: string) {
      const content = text.trim();
      if (!content) throw badRequest('错误描述不能为空！');
      // Only a question the learner can see: another bank's (paid, closed) or another exam's stays hidden.
      if (!(await canSeeQu(db, userId, quId))) throw notFound('试题不存在！');
      await repo.insertReport(db, { quId, userId, content });
      return null;
    },

    paging(q: PagingQuery<repo.ReportFilter>) {
      const p = q.params ?? {};
      return pageQuery<ReportRow>(
        q,
        async (limit, offset) =>
          (await repo.reportRows(db, p, limit, offset)).map((x) => ({
            id: x.r.id,
            quId: x.r.quId,
            quType: x.quType,
            contentText: x.text,
            repoTitle: x.repo,
            content: x.r.content,
            realName: x.realName ?? '',
            state: x.r.state,
            createTime: fmtTime(x.r.createTime),
          })),
        () => repo.reportCount(db, p),
      );
    },

    async handle(ids: string[], userId: string) {
      await repo.markHandled(db, ids, userId);
      return null;
    },
  };
}
