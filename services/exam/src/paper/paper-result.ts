import {
  type LearnerAnswer,
  PAPER_STATE_TITLES,
  PaperState,
  type PaperResult,
  type ResultQuChild,
  ResultType,
} from '@exam/contracts';
import {
  type Db,
  type GradeResult,
  QuType,
  compositeShare,
  conflict,
  fmtTime,
  heldQuestionIds,
  loadQuestions,
  round2,
  toSolution,
  visibilityOfPaper,
} from '@exam/server-kit';
import { examById } from '../exam/exam-repository';
import { ownPaper, paperQuRows } from './paper-repository';
import { userTimeOf } from './paper-time';
import { toViewQu } from './qu-cache';
import { learnerQuWithSubs } from './paper-view';

/**
 * paper-result: only after hand-in, only the owner, and only what the shared rule allows (kit
 * `paperVisibility`: resultType 1 nothing but the hand-in; 2 score and pass; 0 also the sheet with
 * answers and solutions, kept back while retakes remain). While short answers wait for review
 * (state 1) the pass is 待出分 (null) and the score partial. A question held by another open paper of
 * the learner shows neither its marks nor its solution.
 */
export async function paperResult(db: Db, userId: string, id: string): Promise<PaperResult> {
  const p = await ownPaper(db, userId, id);
  if (p.state === PaperState.OPEN) throw conflict('试卷尚未交卷！');
  const e = await examById(db, p.examId);
  const v = await visibilityOfPaper(db, p);
  const base: PaperResult = {
    id: p.id,
    examId: p.examId,
    title: e.title,
    state: p.state,
    state_dictText: PAPER_STATE_TITLES[p.state] ?? '',
    resultType: e.resultType,
    totalScore: p.totalScore,
    qualifyScore: p.qualifyScore,
    startTime: fmtTime(p.startTime),
    handTime: fmtTime(p.handTime),
    userTime: userTimeOf(p),
    exState: p.exState,
    exMsg: p.exMsg,
    leaveTimes: p.leaveTimes,
    showBook: e.showBook,
  };
  // Handed in, grading queued: no score yet, the pass 待出分 (where the result type shows one).
  if (p.state === PaperState.GRADING) return e.resultType === ResultType.NONE ? base : { ...base, passed: null };
  if (!v.score) return base;
  const scored = {
    ...base,
    userScore: p.userScore,
    objScore: p.objScore,
    subjScore: p.subjScore,
    passed: v.final ? p.passed : null,
  };
  if (!v.marks) return v.note ? { ...scored, note: v.note } : scored;
  const [rows, held] = await Promise.all([paperQuRows(db, id), heldQuestionIds(db, userId)]);
  const qs = await loadQuestions(
    db,
    rows.map((r) => r.quId),
  );
  const quList = rows.flatMap((r) => {
    const q = qs.get(r.quId);
    if (!q) return [];
    const view = learnerQuWithSubs(
      toViewQu(q),
      r.optOrder,
      r.score,
      (r.answer ? JSON.parse(r.answer) : {}) as LearnerAnswer,
    );
    // v.marks holds here; a question in another open paper of the learner keeps its marks back too.
    const shown = !held.has(r.quId);
    const solution = shown && v.solution ? toSolution(q) : undefined;
    // Children's own results as graded at hand-in (grading splits the composite's score equally).
    const subs = (r.result ? (JSON.parse(r.result) as { subs?: Record<string, GradeResult> }) : {}).subs ?? {};
    const share = compositeShare(r.score, q.subs.length);
    const subList: ResultQuChild[] = view.subList.map((c) => {
      const g = subs[c.quId];
      const manual = g?.review ?? c.quType === QuType.SHORT;
      return {
        quId: c.quId,
        quType: c.quType,
        quType_dictText: c.quType_dictText,
        content: c.content,
        score: round2(share),
        actualScore: manual || !shown ? null : (g?.score ?? 0),
        isRight: manual || !shown ? null : (g?.right ?? false),
        review: manual,
        answerList: c.answerList,
        blankCount: c.blankCount,
        rightList: c.rightList,
        myAnswer: c.myAnswer,
        ...(solution ? { solution: solution.subList.find((x) => x.quId === c.quId) } : {}),
      };
    });
    return [
      {
        quId: r.quId,
        quType: r.quType,
        quType_dictText: view.quType_dictText,
        content: view.content,
        sort: r.sort,
        score: r.score,
        actualScore: shown ? r.actualScore : null,
        isRight: shown ? r.isRight : null,
        review: r.review,
        answerList: view.answerList,
        blankCount: view.blankCount,
        rightList: view.rightList,
        myAnswer: view.myAnswer,
        ...(solution ? { solution } : {}),
        subList,
      },
    ];
  });
  return { ...scored, quList };
}
