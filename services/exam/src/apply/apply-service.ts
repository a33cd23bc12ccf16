import { type ApplyRow, AuditState, type PagingQuery } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  badRequest,
  escapeHtml,
  fmtTime,
  isUniqueViolation,
  newId,
  notFound,
  pageQuery,
  sendUserMessages,
} from '@exam/server-kit';
import { visibleExam } from '../exam/exam-access';
import * as repo from './apply-repository';

/** Admins with this grant see every application; a learner sees their own. */
export const APPLY_ADMIN_TAG = 'exam:apply';

/** The applicant's in-site message about an audit: the exam, 通过 or 拒绝, and the opinion. */
export function auditMessage(examTitle: string, auditState: 1 | 2, auditMsg: string) {
  const verdict = auditState === AuditState.APPROVED ? '通过，您可以直接进入该考试' : '拒绝';
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
      if (await repo.hasPending(db, b.examId, user.id)) throw pending();
      const id = newId();
      try {
        await repo.insertApply(db, { id, examId: b.examId, userId: user.id, applyMsg });
      } catch (e) {
        // A concurrent second click lost the race on the pending-one index.
        if (isUniqueViolation(e)) throw pending();
        throw e;
      }
      return { id };
    },

    paging(q: PagingQuery<{ examId?: string; auditState?: number }>, user: AuthUser) {
      const p = q.params ?? {};
      const filter = { ...p, userId: user.permissions.includes(APPLY_ADMIN_TAG) ? undefined : user.id };
      return pageQuery<ApplyRow>(
        q,
        async (limit, offset) =>
          (await repo.applyRows(db, filter, limit, offset)).map(({ a, ...r }) => ({
            id: a.id,
            examId: a.examId,
            examTitle: r.examTitle,
            userId: a.userId,
            applyUser_dictText: r.applyUser ?? '',
            applyTime: fmtTime(a.applyTime),
            applyMsg: a.applyMsg,
            auditState: a.auditState,
            auditBy_dictText: r.auditBy ?? '',
            auditMsg: a.auditMsg,
            auditTime: fmtTime(a.auditTime),
            auditUsed: a.auditUsed,
          })),
        () => repo.applyCount(db, filter),
      );
    },

    async delete(ids: string[]) {
      await repo.deleteApplies(db, ids);
    },

    /** Approves (1) or refuses (2) pending applications, all or none. */
    async audit(b: { ids: string[]; auditState: 1 | 2; auditMsg?: string }, user: AuthUser) {
      const auditMsg = (b.auditMsg ?? '').trim();
      if (b.auditState === AuditState.REFUSED && !auditMsg) throw badRequest('审核意见不能为空！');
      const ids = [...new Set(b.ids)];
      await db.transaction(async (tx) => {
        const rows = await repo.lockApplies(tx, ids);
        if (rows.length !== ids.length) throw notFound('申请不存在或已删除！');
        if (rows.some((r) => r.auditState !== AuditState.PENDING)) throw badRequest('申请已审核，请勿重复审核！');
        await repo.setAudit(tx, ids, { auditState: b.auditState, auditMsg, auditBy: user.id });
        // The apply dialog promises the result by in-site message.
        const applied = await repo.applicantsOf(tx, ids);
        await sendUserMessages(
          tx,
          applied.map((a) => ({ userId: a.userId, ...auditMessage(a.examTitle, b.auditState, auditMsg) })),
        );
      });
    },
  };
}
