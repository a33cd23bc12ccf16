import {
  type FillAnswerItem,
  type LearnerAnswer,
  PAPER_STATE_TITLES,
  type PagingQuery,
  type PaperDetail,
  type PaperQu,
  type PaperRow,
  PaperState,
} from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  fmtTime,
  loadQuestions,
  notFound,
  pageQuery,
  paperVisibility,
  round2,
} from '@exam/server-kit';
import type { readCaches } from '../exam/exam-cache';
import type { ExamRecord } from '../exam/exam-repository';
import { fillAnswer, fillAnswers } from './paper-answer';
import { createPaper, type PasswordGuard, type SpendFaceCheck } from './paper-create';
import { paperGuard } from './paper-guard';
import { handIn } from './paper-hand';
import * as repo from './paper-repository';
import { paperResult } from './paper-result';
import { examOver, isOverdue, leftSecondsOf, userTimeOf } from './paper-time';
import { toViewQu } from './qu-cache';
import { learnerQuWithSubs, paperQuJson } from './paper-view';

type PaperRecord = repo.PaperRecord;
type PaperQuRow = repo.PaperQuRecord;
type PaperQuView = repo.PaperQuView;

/**
 * The learner's paper calls: create, the exam screen's reads (paper, question, time left, open paper),
 * saves, hand-in, the result, leaves, records. Every id is checked against the signed-in learner.
 */
export function paperService({
  db,
  caches,
  spendFace,
}: {
  db: Db;
  caches: ReturnType<typeof readCaches>;
  spendFace: SpendFaceCheck;
}) {
  /** The learner's paper while it is open; past the deadline (plus grace) it is handed in first. */
  async function openPaper(userId: string, id: string) {
    return stillOpen(await repo.ownPaper(db, userId, id));
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
    const { p, rows } = await repo.ownPaperWithQus(db, userId, id);
    return { p: await stillOpen(p), rows, exam: (await caches.exams.get(p.examId)).exam };
  }

  const guard = paperGuard(db, openPaper);

  return {
    create: (user: AuthUser, examId: string, password: string | undefined, guess: PasswordGuard) =>
      createPaper(db, caches.exams, user, examId, password, guess, spendFace),

    fill: (userId: string, b: FillAnswerItem & { paperId: string }) => fillAnswer(db, userId, b),
    fills: (userId: string, paperId: string, items: FillAnswerItem[]) => fillAnswers(db, userId, paperId, items),

    /** Marked handed in and queued for grading; the reply (state 4 阅卷中) does not wait for the grade. */
    async hand(userId: string, id: string) {
      const p = await repo.ownPaper(db, userId, id);
      const r = p.state === PaperState.OPEN ? await handIn(db, p.id, 'user') : { state: p.state };
      return { id: p.id, state: r.state };
    },

    result: (userId: string, id: string) => paperResult(db, userId, id),
    leaveIncr: guard.leaveIncr,

    async detail(userId: string, id: string): Promise<PaperDetail> {
      const { p, rows, exam } = await openWithQus(userId, id);
      return detailOf(p, exam, rows);
    },

    /**
     * The whole paper for the exam screen (PaperView) as JSON text: one statement (the paper's row and its answers),
     * the exam from this replica's cache, and each question's JSON made once per version and kept (paper-view.ts),
     * joined in the paper's order with the paper's own parts. No question is read or serialised per examinee.
     */
    async viewJson(userId: string, id: string): Promise<string> {
      const { p, rows, exam } = await openWithQus(userId, id);
      const pieces = await caches.views.get(rows);
      const list = rows.flatMap((row) => {
        const q = pieces.get(row.quId);
        return q ? [paperQuJson(q, row, savedOf(row))] : [];
      });
      return `${JSON.stringify(detailOf(p, exam, rows)).slice(0, -1)},"quList":[${list.join(',')}]}`;
    },

    async quDetail(userId: string, paperId: string, quId: string): Promise<PaperQu> {
      await openPaper(userId, paperId);
      const row = await repo.paperQuRow(db, paperId, quId);
      const q = row && (await loadQuestions(db, [quId])).get(quId);
      if (!row || !q) throw notFound('试题不存在！');
      return paperQuOf(row, learnerQuWithSubs(toViewQu(q), row.optOrder, row.score, savedOf(row)));
    },

    async leftTime(userId: string, id: string) {
      return leftSecondsOf(await openPaper(userId, id));
    },

    async checkProcess(userId: string, examId?: string) {
      const row = await repo.latestOpenPaper(db, userId, examId);
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
      const filter = { userId, examId: p.examId };
      return pageQuery<PaperRow>(
        q,
        async (limit, offset) =>
          (await repo.paperRows(db, filter, limit, offset)).map(({ p: r, title, resultType, realName }) => {
            // A learner sees a score here only once final and when the result rule shows one (lists show no sheet, so retakes do not matter).
            const show = admin || paperVisibility({ resultType, state: r.state, retakeOpen: true }).final;
            return {
              id: r.id,
              examId: r.examId,
              userId: r.userId,
              realName: realName ?? '',
              title,
              state: r.state,
              state_dictText: PAPER_STATE_TITLES[r.state] ?? '',
              totalScore: r.totalScore,
              userScore: show && r.state !== PaperState.OPEN ? r.userScore : null,
              passed: show && r.state === PaperState.DONE ? r.passed : null,
              startTime: fmtTime(r.startTime),
              handTime: fmtTime(r.handTime),
              userTime: userTimeOf(r),
              exState: r.exState,
              exMsg: r.exMsg,
              leaveTimes: r.leaveTimes,
            };
          }),
        () => repo.paperCount(db, filter),
      );
    },
  };
}

const savedOf = (row: Pick<PaperQuRow, 'answer'>) => (row.answer ? JSON.parse(row.answer) : {}) as LearnerAnswer;

const paperQuOf = (row: PaperQuView | PaperQuRow, qu: ReturnType<typeof learnerQuWithSubs>): PaperQu => ({
  ...qu,
  id: row.quId,
  paperId: row.paperId,
  sort: row.sort,
  mark: row.mark,
  answered: row.answered,
  seq: row.seq,
});

/** paper-detail's fields: the answer card by group, time left by the server clock, the anti-cheat settings. */
function detailOf(p: PaperRecord, e: ExamRecord, rows: PaperQuView[]): PaperDetail {
  return {
    id: p.id,
    examId: p.examId,
    title: e.title,
    state: p.state,
    leftSeconds: leftSecondsOf(p),
    totalTime: e.totalTime,
    totalScore: p.totalScore,
    qualifyScore: p.qualifyScore,
    quCount: p.quCount,
    answerCount: rows.filter((r) => r.answered).length,
    leaveOn: e.leaveOn,
    leaveLimit: e.leaveLimit,
    leaveSec: e.leaveSec,
    leaveTimes: p.leaveTimes,
    camOn: e.camOn,
    camInterval: e.camInterval,
    // An application paper is not face-checked (see paper-guard).
    faceOn: e.faceOn && !p.byApply,
    faceChance: p.byApply ? 0 : e.faceChance,
    faceFails: p.faceFails,
    pasteBlock: e.pasteBlock,
    groupList: p.groups.map((g, i) => {
      const list = rows.filter((r) => r.groupNo === i);
      return {
        title: g.title,
        quType: g.quType,
        quCount: list.length,
        perScore: g.perScore,
        totalScore: round2(g.perScore * list.length),
        quList: list.map((r) => ({
          id: r.quId,
          quId: r.quId,
          quType: r.quType,
          sort: r.sort,
          score: r.score,
          answered: r.answered,
          mark: r.mark,
        })),
      };
    }),
  };
}
