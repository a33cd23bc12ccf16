import { type LearnerAnswer, PAPER_STATE_TITLES, type PaperResult } from '@exam/contracts';
import { type Db, conflict, fmtTime, schema } from '@exam/server-kit';
import { asc, eq } from 'drizzle-orm';
import { examById } from '../exam/exam-store';
import { userTimeOf } from './paper-service';
import { ownPaper } from './paper-store';
import { learnerQuWithSubs } from './paper-view';
import { loadQuestions, toSolution } from './qu-load';

/**
 * paper-result: only after hand-in, only the owner, and only what resultType allows:
 * 1 nothing but the hand-in; 2 score and pass; 0 also the sheet with answers and solutions.
 * While short answers wait for review (state 1) the pass is 待出分 (null) and the score partial.
 */
export async function paperResult(db: Db, userId: string, id: string): Promise<PaperResult> {
  const p = await ownPaper(db, userId, id);
  if (p.state === 0) throw conflict('试卷尚未交卷！');
  const e = await examById(db, p.examId);
  const base: PaperResult = {
    id: p.id, examId: p.examId, title: e.title, state: p.state, state_dictText: PAPER_STATE_TITLES[p.state] ?? '', resultType: e.resultType,
    totalScore: p.totalScore, qualifyScore: p.qualifyScore, startTime: fmtTime(p.startTime), handTime: fmtTime(p.handTime),
    userTime: userTimeOf(p), exState: p.exState, exMsg: p.exMsg, leaveTimes: p.leaveTimes, showBook: e.showBook,
  };
  if (e.resultType === 1) return base;
  const scored = { ...base, userScore: p.userScore, objScore: p.objScore, subjScore: p.subjScore, passed: p.state === 2 ? p.passed : null };
  if (e.resultType !== 0) return scored;
  const rows = await db.select().from(schema.elPaperQu).where(eq(schema.elPaperQu.paperId, id)).orderBy(asc(schema.elPaperQu.sort));
  const qs = await loadQuestions(db, rows.map((r) => r.quId));
  const quList = rows.flatMap((r) => {
    const q = qs.get(r.quId);
    if (!q) return [];
    const v = learnerQuWithSubs(q, r.optOrder, r.score, (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer);
    return [{
      quId: r.quId, quType: r.quType, quType_dictText: v.quType_dictText, content: v.content, sort: r.sort, score: r.score,
      actualScore: r.actualScore, isRight: r.isRight, review: r.review, answerList: v.answerList, rightList: v.rightList,
      myAnswer: v.myAnswer, solution: toSolution(q),
    }];
  });
  return { ...scored, quList };
}
