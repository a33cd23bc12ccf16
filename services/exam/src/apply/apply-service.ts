import type { ApplyRow, PagingQuery } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, fmtTime, newId, notFound, pageQuery, schema } from '@exam/server-kit';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { visibleExam } from '../exam/exam-store';

const { elExamApply, elExam, sysUser, sysUserMsg } = schema;
const auditor = alias(sysUser, 'auditor');
/** Admins with this grant see every application; a learner sees their own. */
export const APPLY_ADMIN_TAG = 'exam:apply';

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: unknown } | undefined;
  return err?.code === '23505' || (err?.cause !== undefined && isUniqueViolation(err.cause));
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The applicant's in-site message about an audit: the exam, 通过 or 拒绝, and the opinion. */
export function auditMessage(examTitle: string, auditState: 1 | 2, auditMsg: string) {
  const verdict = auditState === 1 ? '通过，您可以直接进入该考试' : '拒绝';
  return {
    title: '考试申请审核结果',
    content: `<p>您对考试“${escapeHtml(examTitle)}”的申请已${verdict}。</p>${auditMsg ? `<p>审核意见：${escapeHtml(auditMsg)}</p>` : ''}`,
  };
}

/** Exam applications (spec admin §3, learner "Exam apply dialog"). */
export function applyService(db: Db) {
  return {
    /** A learner applies to enter an exam they may take; one pending application per exam. */
    async save(b: { examId: string; applyMsg: string }, user: AuthUser) {
      const applyMsg = b.applyMsg.trim();
      if (!applyMsg) throw badRequest('申请理由不能为空！');
      await visibleExam(db, b.examId, user);
      const pending = () => badRequest('您已提交过申请，请等待审核！');
      const [open] = await db.select({ id: elExamApply.id }).from(elExamApply)
        .where(and(eq(elExamApply.examId, b.examId), eq(elExamApply.userId, user.id), eq(elExamApply.auditState, 0)));
      if (open) throw pending();
      const id = newId();
      try {
        await db.insert(elExamApply).values({ id, examId: b.examId, userId: user.id, applyMsg });
      } catch (e) {
        // A concurrent second click lost the race on the pending-one index.
        if (isUniqueViolation(e)) throw pending();
        throw e;
      }
      return { id };
    },

    paging(q: PagingQuery<{ examId?: string; auditState?: number }>, user: AuthUser) {
      const p = q.params ?? {};
      const cond = and(
        user.permissions.includes(APPLY_ADMIN_TAG) ? undefined : eq(elExamApply.userId, user.id),
        p.examId ? eq(elExamApply.examId, p.examId) : undefined,
        p.auditState !== undefined ? eq(elExamApply.auditState, p.auditState) : undefined,
      );
      return pageQuery<ApplyRow>(
        q,
        async (limit, offset) =>
          (await db.select({ a: elExamApply, examTitle: elExam.title, applyUser: sysUser.realName, auditBy: auditor.realName })
            .from(elExamApply).innerJoin(elExam, eq(elExam.id, elExamApply.examId))
            .leftJoin(sysUser, eq(sysUser.id, elExamApply.userId)).leftJoin(auditor, eq(auditor.id, elExamApply.auditBy))
            .where(cond).orderBy(desc(elExamApply.applyTime), desc(elExamApply.id)).limit(limit).offset(offset)).map(({ a, ...r }) => ({
            id: a.id, examId: a.examId, examTitle: r.examTitle, userId: a.userId, applyUser_dictText: r.applyUser ?? '', applyTime: fmtTime(a.applyTime),
            applyMsg: a.applyMsg, auditState: a.auditState, auditBy_dictText: r.auditBy ?? '', auditMsg: a.auditMsg, auditTime: fmtTime(a.auditTime),
            auditUsed: a.auditUsed,
          })),
        async () => Number((await db.select({ n: count() }).from(elExamApply).where(cond))[0].n),
      );
    },

    async delete(ids: string[]) {
      await db.delete(elExamApply).where(inArray(elExamApply.id, ids));
    },

    /** Approves (1) or refuses (2) pending applications, all or none. */
    async audit(b: { ids: string[]; auditState: 1 | 2; auditMsg?: string }, user: AuthUser) {
      const auditMsg = (b.auditMsg ?? '').trim();
      if (b.auditState === 2 && !auditMsg) throw badRequest('审核意见不能为空！');
      const ids = [...new Set(b.ids)];
      await db.transaction(async (tx) => {
        const rows = await tx.select({ id: elExamApply.id, auditState: elExamApply.auditState }).from(elExamApply)
          .where(inArray(elExamApply.id, ids)).for('update');
        if (rows.length !== ids.length) throw notFound('申请不存在或已删除！');
        if (rows.some((r) => r.auditState !== 0)) throw badRequest('申请已审核，请勿重复审核！');
        await tx.update(elExamApply).set({ auditState: b.auditState, auditMsg, auditBy: user.id, auditTime: new Date() })
          .where(inArray(elExamApply.id, ids));
        // The apply dialog promises the result by in-site message (sys_user_msg, as the welcome message).
        const applied = await tx.select({ userId: elExamApply.userId, examTitle: elExam.title }).from(elExamApply)
          .innerJoin(elExam, eq(elExam.id, elExamApply.examId)).where(inArray(elExamApply.id, ids));
        await tx.insert(sysUserMsg).values(applied.map((a) => ({ id: newId(), userId: a.userId, ...auditMessage(a.examTitle, b.auditState, auditMsg) })));
      });
    },
  };
}
