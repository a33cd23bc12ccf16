import { ExamOpenType, OrderItemType, PaperState } from '@exam/contracts';
import {
  type AuthUser,
  type Db,
  type KeyValue,
  type Tx,
  badRequest,
  conflict,
  GuessScope,
  guessSecret,
  hasBought,
  isUniqueViolation,
  newId,
  notFound,
  spendPointsOnce,
} from '@exam/server-kit';
import { approvedApply, useApply } from '../apply/apply-repository';
import { visibleTo } from '../exam/exam-access';
import type { ExamCache } from '../exam/exam-cache';
import { drawFrom, optionOrder } from '../exam/paper-draw';
import { handIn } from './paper-hand';
import { examUserRow, insertPaper, markPointsPaid, type PaperLayoutQu, papersOfLearner } from './paper-repository';
import { isOverdue } from './paper-time';

/** Thrown inside the paper's transaction when the application was used by a concurrent request. */
const APPLY_SPENT = new Error('exam application already used');
/** Thrown inside the paper's transaction when no passing face check is left to spend. */
const FACE_MISSING = new Error('no face check');
/** Spends the learner's passing entry face check in the paper's transaction (face/face-service.ts). */
export type SpendFaceCheck = (tx: Tx, userId: string, examId: string) => Promise<boolean>;

/**
 * create-paper: returns the learner's open paper of the exam if there is one; otherwise checks the
 * exam (state, window, eligibility, password, chances, price/points), draws the questions and stores
 * the paper. Concurrent calls race on the partial unique index (one open paper per exam and learner):
 * the loser's transaction rolls back (points included) and it returns the winner's paper.
 */
/** Exam passwords are guessed like sign-in passwords and limited the same way (kit `countGuess`). */
export type PasswordGuard = { kv: KeyValue; ip: string };

/**
 * On the common path this is one read (the learner's papers of the exam: the open one and the count
 * of tries), the draw in memory from the cached exam and pool (exam-cache), and one row written: the
 * paper with its layout, whatever the number of questions.
 */
export async function createPaper(
  db: Db,
  exams: ExamCache,
  user: AuthUser,
  examId: string,
  password: string | undefined,
  guard: PasswordGuard,
  spendFace?: SpendFaceCheck,
): Promise<{ id: string }> {
  const papersOf = () => papersOfLearner(db, examId, user.id);
  const openOne = async () => (await papersOf()).find((p) => p.state === PaperState.OPEN);
  let papers = await papersOf();
  const open = papers.find((p) => p.state === PaperState.OPEN);
  if (open && !isOverdue(open)) return { id: open.id };
  // An open paper past its deadline is handed in first (the scheduler would do it within seconds).
  if (open) {
    await handIn(db, open.id, 'timeout');
    papers = await papersOf();
  }

  const { exam, rules, pool } = await exams.pool(examId); // 404 考试不存在或已删除！
  // The exam's visibility rule (what `detail` answers 404 to): a disabled exam, or one for other departments
  // or people, is not there for this learner, rather than a refusal that says it exists.
  if (!(await visibleTo(exam, user, (id, userId) => exams.hasPerson(id, userId))))
    throw notFound('考试不存在或已删除！');
  const now = new Date();
  if (now < exam.startTime) throw conflict('考试尚未开始！');
  if (now >= exam.endTime) throw conflict('考试已结束！');
  // An approved, unused exam application (apply/) stands in for a missing or wrong password and for
  // face recognition, once: on a face-check exam it is spent even with the right password, so the
  // paper is marked by_apply (no forced hand-in for face failures). It is marked used in the paper's
  // own transaction below, so a rolled-back paper does not spend it.
  // An empty password is no guess (the form asks for one first).
  const needsPassword =
    exam.openType === ExamOpenType.PASSWORD &&
    !(
      password &&
      (await guessSecret(
        guard.kv,
        GuessScope.EXAM_PASSWORD,
        { account: `${user.id}:${examId}`, ip: guard.ip },
        password,
        exam.password,
        '考试密码错误次数过多，请15分钟后再试！',
      ))
    );
  const applyId = needsPassword || exam.faceOn ? await approvedApply(db, examId, user.id) : undefined;
  if (needsPassword && !applyId) throw badRequest(password ? '考试密码错误！' : '请输入考试密码！');
  // A face-check exam entered without an application needs a passing face check, spent with the paper.
  const needsFace = exam.faceOn && !applyId;
  if (exam.chance > 0 && papers.length >= exam.chance) throw conflict(`考试次数已用完（共${exam.chance}次）！`);
  // A priced exam is taken with a paid order (its points were taken with the order).
  const bought = exam.price > 0;
  if (bought && !(await hasBought(db, user.id, OrderItemType.EXAM, examId))) throw conflict('该考试需购买后参加！');
  const points = bought ? 0 : exam.points;

  const drawn = drawFrom(rules, pool, exam.shuffleQu);
  const id = newId();
  const limit = new Date(Math.min(now.getTime() + exam.totalTime * 60_000, exam.endTime.getTime()));
  // The paper is one row, its questions its layout (paper-repository `insertPaper`); a transaction only where
  // something else is spent with the paper.
  const qus = drawn.questions.map((d): PaperLayoutQu => {
    const shape = pool.shapes.get(d.quId)!;
    return { ...d, optOrder: optionOrder(shape, exam.shuffleOpt), ver: shape.ver };
  });
  const paper = {
    id,
    examId,
    userId: user.id,
    groups: drawn.groups,
    qus,
    quCount: drawn.questions.length,
    totalScore: drawn.totalScore,
    qualifyScore: exam.qualifyScore,
    startTime: now,
    limitTime: limit,
    byApply: Boolean(applyId),
  };
  try {
    if (!applyId && !needsFace && points <= 0) await insertPaper(db, paper);
    else {
      await db.transaction(async (tx) => {
        if (applyId && !(await useApply(tx, applyId))) throw APPLY_SPENT;
        if (needsFace && !(await spendFace?.(tx, user.id, examId))) throw FACE_MISSING;
        if (points > 0) await payPoints(tx, points);
        await insertPaper(tx, paper);
      });
    }
  } catch (e) {
    // A concurrent double click that used the same application also lost to the winner's paper.
    if (!isUniqueViolation(e) && e !== APPLY_SPENT && e !== FACE_MISSING) throw e;
    const winner = await openOne();
    if (winner) return { id: winner.id };
    if (e === FACE_MISSING) throw badRequest('请先完成人脸识别！');
    if (e === APPLY_SPENT) throw badRequest(needsPassword ? '请输入考试密码！' : '考试申请已被使用，请重新进入考试！');
    throw e;
  }
  return { id };

  /** Points are taken once per learner and exam, on the first paper. */
  async function payPoints(tx: Tx, points: number) {
    const row = await examUserRow(tx, examId, user.id);
    if (row?.pointsPaid) return; // paid before the points log kept what it paid for
    await spendPointsOnce(tx, {
      userId: user.id,
      refId: `exam:${examId}`,
      points,
      remark: `参加考试：${exam.title}`,
      shortMsg: `积分不足，参加本考试需要${points}积分！`,
    });
    await markPointsPaid(tx, examId, user.id);
  }
}
