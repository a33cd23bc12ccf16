import { type FillAnswerItem, type LearnerAnswer, SAVE_GRACE_SEC, PaperState, hasAnswer } from '@exam/contracts';
import { type Db, badRequest, CHOICE_TYPES, notFound, ONE_CHOICE_TYPES, QuType } from '@exam/server-kit';
import { handIn } from './paper-hand';
import { type AnswerSave, saveAnswers } from './paper-repository';
import { forgetPaperShape, paperShape, type QuShape } from './paper-shape';
import { examOver, leftSecondsOf } from './paper-time';

type Leaf = Omit<LearnerAnswer, 'subs'>;
/** Whether a save sends an answer at all (a save may carry only the mark). */
const sendsAnswer = (b: FillAnswerItem) =>
  [b.answers, b.answer, b.blanks, b.pairs, b.subs].some((x) => x !== undefined);
/** Whether a checked answer says anything (drives the answer card): the contracts' rule, over the paper's shape. */
const answered = (q: QuShape, a: LearnerAnswer) =>
  hasAnswer({ quType: q.quType, subList: [...q.kids].map(([id, quType]) => ({ id, quType })) }, a);

/** Keeps the part of an answer that fits the question type, refusing ids not in the question. */
function leafOf(quType: number, optIds: string[], a: Leaf): Leaf {
  if (CHOICE_TYPES.includes(quType)) {
    const answers = [...new Set(a.answers ?? [])];
    if (answers.some((id) => !optIds.includes(id))) throw badRequest('答案选项不属于该试题！');
    if (ONE_CHOICE_TYPES.includes(quType) && answers.length > 1) throw badRequest('该题只能选择一个选项！');
    return { answers };
  }
  if (quType === QuType.SHORT) return { text: a.text ?? '' };
  if (quType === QuType.FILL) {
    if ((a.blanks?.length ?? 0) > optIds.length) throw badRequest('填空数量与试题不符！');
    return { blanks: a.blanks ?? [] };
  }
  if (quType === QuType.MATCH) {
    if ((a.pairs?.length ?? 0) > optIds.length) throw badRequest('连线数量与试题不符！');
    return { pairs: a.pairs ?? [] };
  }
  return {};
}

function answerOf(quId: string, q: QuShape, b: FillAnswerItem): LearnerAnswer {
  if (q.quType !== QuType.COMPOSITE)
    return leafOf(q.quType, q.optOrder[quId] ?? [], {
      answers: b.answers,
      text: b.answer,
      blanks: b.blanks,
      pairs: b.pairs,
    });
  const subs: Record<string, Leaf> = {};
  for (const [id, leaf] of Object.entries(b.subs ?? {})) {
    const t = q.kids.get(id);
    if (t === undefined) throw badRequest('子题不属于该试题！');
    subs[id] = leafOf(t, q.optOrder[id] ?? [], leaf);
  }
  return { subs };
}

/**
 * fill-answer / fill-answers: every save of the call in ONE statement, committed before the reply (the
 * reply is the acknowledgement). Checked in memory first against the paper's shape (owner, question,
 * options); the statement (paper-repository `saveAnswers`) then orders it against a hand-in and checks
 * the owner, the deadline (plus grace) and the sequence: a save with a smaller seq than the stored one
 * is dropped (stale: true).
 */
export async function fillAnswers(db: Db, userId: string, paperId: string, items: FillAnswerItem[]) {
  const shape = await paperShape(db, paperId);
  if (!shape || shape.userId !== userId) throw notFound('试卷不存在！');
  // The last save of a question in the batch wins (a batch is the screen's queue in order).
  const byQu = new Map<string, FillAnswerItem>();
  for (const b of items) {
    const prev = byQu.get(b.quId);
    if (!prev || (b.seq ?? 0) >= (prev.seq ?? 0)) byQu.set(b.quId, b);
  }
  const saves = [...byQu.values()].map((b): AnswerSave => {
    const q = shape.qus.get(b.quId);
    if (!q) throw notFound('试题不存在！');
    const answer = sendsAnswer(b) ? answerOf(b.quId, q, b) : null;
    return {
      quId: b.quId,
      answer: answer ? JSON.stringify(answer) : '',
      answered: answer ? answered(q, answer) : false,
      hasAnswer: answer !== null,
      mark: b.mark ?? false,
      hasMark: b.mark !== undefined,
      seq: b.seq ?? 0,
    };
  });
  const cutoff = new Date(Date.now() - SAVE_GRACE_SEC * 1000);
  const row = await saveAnswers(db, paperId, userId, cutoff, saves);
  if (!row) throw notFound('试卷不存在！');
  if (row.state !== PaperState.OPEN) {
    forgetPaperShape(paperId);
    throw examOver();
  }
  const limitTime = new Date(row.limit_time);
  if (limitTime <= cutoff) {
    await handIn(db, paperId, 'timeout');
    throw examOver();
  }
  const list = [...(row.saved ?? []), ...(row.current ?? [])].map((r) => ({ ...r, seq: Number(r.seq) }));
  return { leftSeconds: leftSecondsOf({ limitTime }), list };
}

/** The spec's one-question save; its reply carries leftSeconds too. */
export async function fillAnswer(db: Db, userId: string, b: FillAnswerItem & { paperId: string }) {
  const { leftSeconds, list } = await fillAnswers(db, userId, b.paperId, [b]);
  const r = list.find((x) => x.quId === b.quId);
  if (!r) throw notFound('试题不存在！');
  return { ...r, leftSeconds };
}
