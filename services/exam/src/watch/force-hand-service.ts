import { ExState, FORCE_HAND_SIGNAL, reminderChannel } from '@exam/contracts';
import { type Db, type Infra, badRequest, notFound } from '@exam/server-kit';
import { examExists } from '../exam/exam-repository';
import { handIn, handInExam } from '../paper/paper-hand';
import { paperOwner } from '../paper/paper-repository';

/**
 * A proctor's forced hand-in: the same idempotent hand-in as the learner's own (one grading path), then a
 * signal on the learner's reminder channel so the exam screen stops at once, on whichever replica it is.
 */
export function forceHand(db: Db, infra: Infra) {
  const reasonOf = (message: string | undefined) => {
    const m = message?.trim();
    if (!m) throw badRequest('收卷理由必须填写！');
    return m;
  };
  const signal = (examId: string, userId: string, message: string) =>
    infra.bus.publish(reminderChannel(examId, userId), FORCE_HAND_SIGNAL + message).catch(() => {});

  return {
    async one(paperId: string, message: string | undefined) {
      const exMsg = reasonOf(message);
      const p = await paperOwner(db, paperId);
      if (!p) throw notFound('试卷不存在！');
      const r = await handIn(db, paperId, 'force', { exState: ExState.VIOLATION, exMsg });
      if (r.handed) await signal(p.examId, p.userId, exMsg);
      return { handed: r.handed ? 1 : 0 };
    },

    async all(examId: string, exState: number | null | undefined, message: string | undefined) {
      if (exState === null || exState === undefined) throw badRequest('考卷状态必须选择！');
      const exMsg = reasonOf(message);
      if (!(await examExists(db, examId))) throw notFound('考试不存在或已删除！');
      // Every open paper of the exam marked and queued for grading in one statement; each learner's screen signalled.
      const handed = await handInExam(db, examId, { exState, exMsg });
      await Promise.all(handed.map((p) => signal(examId, p.userId, exMsg)));
      return { handed: handed.length };
    },
  };
}
