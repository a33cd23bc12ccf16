import { type LearnerAnswer, PAPER_STATE_TITLES, type PagingQuery, type PaperDetail, type PaperQu, type PaperRow, type PaperView, PaperState } from '@exam/contracts';
import { type AuthUser, type Db, fmtTime, loadQuestions, notFound, pageQuery, paperVisibility, round2, schema } from '@exam/server-kit';
import { and, count, desc, eq } from 'drizzle-orm';
import type { readCaches } from '../exam/exam-cache';
import type { ExamRecord } from '../exam/exam-store';
import { handIn } from './paper-hand';
import { examOver, isOverdue, leftSecondsOf, ownPaper, ownPaperWithQus, type PaperQuView, type PaperRecord } from './paper-store';
import { toViewQu } from './qu-cache';
import { learnerQuWithSubs } from './paper-view';

type PaperQuRow = typeof schema.elPaperQu.$inferSelect;

export const userTimeOf = (p: PaperRecord) => (p.handTime ? Math.max(0, Math.round((p.handTime.getTime() - p.startTime.getTime()) / 1000)) : 0);

/** The exam screen's reads: paper, question, time left, open paper, records. */
export function paperService(db: Db, caches: ReturnType<typeof readCaches>) {
  const { elPaper, elPaperQu, elExam, sysUser } = schema;

  /** The learner's paper while it is open; past the deadline (plus grace) it is handed in first. */
  async function openPaper(userId: string, id: string) {
    return stillOpen(await ownPaper(db, userId, id));
  }
  async function stillOpen(p: PaperRecord) {
    if (p.state !== PaperState.OPEN) throw examOver();
    if (isOverdue(p)) {
      await handIn(db, p.id, 'timeout');
      throw examOver();
    }
    return p;
  }
  /** An open paper with its question rows: one statement. */
  async function openWithQus(userId: string, id: string) {
    const { p, rows } = await ownPaperWithQus(db, userId, id);
    return { p: await stillOpen(p), rows, exam: (await caches.exams.get(p.examId)).exam };
  }

  return {
    openPaper,

    async detail(userId: string, id: string): Promise<PaperDetail> {
      const { p, rows, exam } = await openWithQus(userId, id);
      return detailOf(p, exam, rows);
    },

    /**
     * The whole paper for the exam screen: one statement (the paper and its question rows with each
     * question's version), the exam and the question views from this replica's caches.
     */
    async view(userId: string, id: string): Promise<PaperView> {
      const { p, rows, exam } = await openWithQus(userId, id);
      const views = await caches.views.get(rows);
      return {
        ...detailOf(p, exam, rows),
        quList: rows.flatMap((row) => {
          const q = views.get(row.quId);
          return q ? [paperQuOf(row, learnerQuWithSubs(q, row.optOrder, row.score, savedOf(row)))] : [];
        }),
      };
    },

    async quDetail(userId: string, paperId: string, quId: string): Promise<PaperQu> {
      await openPaper(userId, paperId);
      const [row] = await db.select().from(elPaperQu).where(and(eq(elPaperQu.paperId, paperId), eq(elPaperQu.quId, quId)));
      const q = row && (await loadQuestions(db, [quId])).get(quId);
      if (!row || !q) throw notFound('试题不存在！');
      return paperQuOf(row, learnerQuWithSubs(toViewQu(q), row.optOrder, row.score, savedOf(row)));
    },

    async leftTime(userId: string, id: string) {
      return leftSecondsOf(await openPaper(userId, id));
    },

    async checkProcess(userId: string, examId?: string) {
      const [row] = await db.select({ p: elPaper, title: elExam.title }).from(elPaper).innerJoin(elExam, eq(elExam.id, elPaper.examId))
        .where(and(eq(elPaper.userId, userId), eq(elPaper.state, PaperState.OPEN), examId ? eq(elPaper.examId, examId) : undefined))
        .orderBy(desc(elPaper.createTime)).limit(1);
      if (!row) return null;
      if (isOverdue(row.p)) {
        await handIn(db, row.p.id, 'timeout');
        return null;
      }
      return { id: row.p.id, examId: row.p.examId, title: row.title, leftSeconds: leftSecondsOf(row.p) };
    },

    /** Records of an exam: a learner sees their own; holders of exam:list may ask for anyone's. */
    paging(user: AuthUser, q: PagingQuery<{ examId?: string; userId?: string }>) {
      const p = q.params ?? {};
      const admin = user.permissions.includes('exam:list');
      const userId = admin ? p.userId : user.id;
      const cond = and(userId ? eq(elPaper.userId, userId) : undefined, p.examId ? eq(elPaper.examId, p.examId) : undefined);
      return pageQuery<PaperRow>(
        q,
        async (limit, offset) =>
          (await db.select({ p: elPaper, title: elExam.title, resultType: elExam.resultType, realName: sysUser.realName }).from(elPaper)
            .innerJoin(elExam, eq(elExam.id, elPaper.examId)).leftJoin(sysUser, eq(sysUser.id, elPaper.userId))
            .where(cond).orderBy(desc(elPaper.createTime), desc(elPaper.id)).limit(limit).offset(offset)).map(({ p: r, title, resultType, realName }) => {
            // A learner sees a score here only once final and when the result rule shows one (lists show no sheet, so retakes do not matter).
            const show = admin || paperVisibility({ resultType, state: r.state, retakeOpen: true }).final;
            return {
              id: r.id, examId: r.examId, userId: r.userId, realName: realName ?? '', title, state: r.state, state_dictText: PAPER_STATE_TITLES[r.state] ?? '',
              totalScore: r.totalScore, userScore: show && r.state !== PaperState.OPEN ? r.userScore : null, passed: show && r.state === PaperState.DONE ? r.passed : null,
              startTime: fmtTime(r.startTime), handTime: fmtTime(r.handTime), userTime: userTimeOf(r), exState: r.exState, exMsg: r.exMsg, leaveTimes: r.leaveTimes,
            };
          }),
        async () => Number((await db.select({ n: count() }).from(elPaper).where(cond))[0].n),
      );
    },
  };
}

const savedOf = (row: Pick<PaperQuRow, 'answer'>) => (row.answer ? JSON.parse(row.answer) : {}) as LearnerAnswer;

const paperQuOf = (row: PaperQuView | PaperQuRow, qu: ReturnType<typeof learnerQuWithSubs>): PaperQu => ({
  ...qu, id: row.quId, paperId: row.paperId, sort: row.sort, mark: row.mark, answered: row.answered, seq: row.seq,
});

/** paper-detail's fields: the answer card by group, time left by the server clock, the anti-cheat settings. */
function detailOf(p: PaperRecord, e: ExamRecord, rows: PaperQuView[]): PaperDetail {
  return {
    id: p.id, examId: p.examId, title: e.title, state: p.state, leftSeconds: leftSecondsOf(p), totalTime: e.totalTime,
    totalScore: p.totalScore, qualifyScore: p.qualifyScore, quCount: p.quCount, answerCount: rows.filter((r) => r.answered).length,
    leaveOn: e.leaveOn, leaveLimit: e.leaveLimit, leaveSec: e.leaveSec, leaveTimes: p.leaveTimes, camOn: e.camOn, camInterval: e.camInterval,
    // An application paper is not face-checked (see paper-guard).
    faceOn: e.faceOn && !p.byApply, faceChance: p.byApply ? 0 : e.faceChance, faceFails: p.faceFails, pasteBlock: e.pasteBlock,
    groupList: p.groups.map((g, i) => {
      const list = rows.filter((r) => r.groupNo === i);
      return {
        title: g.title, quType: g.quType, quCount: list.length, perScore: g.perScore, totalScore: round2(g.perScore * list.length),
        quList: list.map((r) => ({ id: r.quId, quId: r.quId, quType: r.quType, sort: r.sort, score: r.score, answered: r.answered, mark: r.mark })),
      };
    }),
  };
}
