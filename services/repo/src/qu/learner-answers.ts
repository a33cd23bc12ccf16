import type { QuSolution } from '@exam/contracts';
import { type Db, type FullQu, answerGate, conflict, toSolution, visibilityOfExamQuestion } from '@exam/server-kit';

export const HELD_NOTICE = '该题在你正在进行的考试中，交卷后才能查看答案与解析。';
const EXAM_HIDDEN_NOTICE = '本场考试不公布答案与解析。';

type Ref = { refType: 'repo' | 'exam'; refId: string };

/**
 * The one door through which a learner reads the answers of bank questions (training and the book).
 * A question held by an open paper of theirs shows no right flag, answer, score or analysis, and
 * cannot be answered in training; under an exam (the book's refType exam) the exam's result rule
 * decides as well (kit `paperVisibility`). Make one per request: the held set is read once.
 */
export function learnerAnswers(db: Db, userId: string) {
  const gate = answerGate(db, userId);
  return {
    heldIds: gate.heldIds,
    isHeld: gate.isHeld,

    /** The solution of a question the learner has earned it for, or the notice saying why not. */
    async solutionOf(q: FullQu, ref?: Ref): Promise<{ solution?: QuSolution; notice?: string }> {
      if (await gate.isHeld(q.id)) return { notice: HELD_NOTICE };
      if (ref?.refType === 'exam') {
        const v = await visibilityOfExamQuestion(db, userId, ref.refId, q.id);
        if (!v.solution) return { notice: v.note || EXAM_HIDDEN_NOTICE };
      }
      return { solution: toSolution(q) };
    },

    /** Training refuses to grade a held question: its result would tell the right answer. */
    async assertAnswerable(quId: string) {
      if (await gate.isHeld(quId)) throw conflict('该题在你正在进行的考试中，交卷后才能练习！');
    },
  };
}
