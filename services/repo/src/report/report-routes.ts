import { QuCalls, type ReportRow } from '@exam/contracts';
import { badRequest, fmtTime, newId, notFound, pageQuery, route, schema, userOf } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { canSeeQu } from '../book/qu-access';

/** Error reports: learners write them (/api/qu/report/save), admins list and mark them handled. */
export async function reportRoutes(app: FastifyInstance) {
  const { elQuReport: r, elQu, elRepo, sysUser } = schema;
  route(app, QuCalls.reportSave, {}, async (req) => {
    const content = req.body.content.trim();
    if (!content) throw badRequest('错误描述不能为空！');
    // Only a question the learner can see: another bank's (paid, closed) or another exam's stays hidden.
    if (!(await canSeeQu(app.db, userOf(req).id, req.body.quId))) throw notFound('试题不存在！');
    await app.db.insert(r).values({ id: newId(), quId: req.body.quId, userId: userOf(req).id, content });
    return null;
  });
  route(app, QuCalls.reportPaging, { permission: 'qu:report' }, (req) => {
    const p = req.body.params ?? {};
    const cond = and(p.state !== undefined ? eq(r.state, p.state) : undefined, p.quId ? eq(r.quId, p.quId) : undefined) as SQL | undefined;
    return pageQuery<ReportRow>(
      req.body,
      async (limit, offset) =>
        (await app.db.select({ r, quType: elQu.quType, text: elQu.contentText, repo: elRepo.title, realName: sysUser.realName }).from(r)
          .innerJoin(elQu, eq(elQu.id, r.quId)).innerJoin(elRepo, eq(elRepo.id, elQu.repoId)).leftJoin(sysUser, eq(sysUser.id, r.userId))
          .where(cond).orderBy(desc(r.createTime), desc(r.id)).limit(limit).offset(offset)
        ).map((x) => ({
          id: x.r.id, quId: x.r.quId, quType: x.quType, contentText: x.text, repoTitle: x.repo,
          content: x.r.content, realName: x.realName ?? '', state: x.r.state, createTime: fmtTime(x.r.createTime),
        })),
      async () => Number((await app.db.select({ n: count() }).from(r).where(cond))[0].n),
    );
  });
  route(app, QuCalls.reportHandle, { permission: 'qu:report' }, async (req) => {
    await app.db.update(r).set({ state: 1, handleBy: userOf(req).id }).where(inArray(r.id, req.body.ids));
    return null;
  });
}
