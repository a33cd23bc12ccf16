import type { FillAnswerReq, LearnerAnswer } from '@exam/contracts';
import { type Db, type Tx, badRequest, CHOICE_TYPES, notFound, ONE_CHOICE_TYPES, QuType, schema } from '@exam/server-kit';
import { and, eq, lte } from 'drizzle-orm';
import { handIn } from './paper-hand';
import { examOver, isOverdue } from './paper-store';
import { isAnswered } from './paper-view';

type Leaf = Omit<LearnerAnswer, 'subs'>;
const hasAnswer = (b: FillAnswerReq) => [b.answers, b.answer, b.blanks, b.pairs, b.subs].some((x) => x !== undefined);

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

async function answerOf(tx: Tx, row: typeof schema.elPaperQu.$inferSelect, b: FillAnswerReq): Promise<LearnerAnswer> {
  if (row.quType !== QuType.COMPOSITE) return leafOf(row.quType, row.optOrder[row.quId] ?? [], { answers: b.answers, text: b.answer, blanks: b.blanks, pairs: b.pairs });
  const kids = await tx.select({ id: schema.elQu.id, quType: schema.elQu.quType }).from(schema.elQu).where(eq(schema.elQu.parentId, row.quId));
  const types = new Map(kids.map((k) => [k.id, k.quType]));
  const subs: Record<string, Leaf> = {};
  for (const [id, leaf] of Object.entries(b.subs ?? {})) {
    const t = types.get(id);
    if (t === undefined) throw badRequest('子题不属于该试题！');
    subs[id] = leafOf(t, row.optOrder[id] ?? [], leaf);
  }
  return { subs };
}

/**
 * fill-answer: stored and committed before the reply (the reply is the acknowledgement). The paper
 * row is read FOR SHARE, so a concurrent hand-in (FOR UPDATE) either waits for this save or makes
 * it see the paper closed. A save with a smaller seq than the stored one is dropped (stale: true).
 */
export async function fillAnswer(db: Db, userId: string, b: FillAnswerReq) {
  const { elPaper, elPaperQu } = schema;
  const out = await db.transaction(async (tx) => {
    const [p] = await tx.select().from(elPaper).where(and(eq(elPaper.id, b.paperId), eq(elPaper.userId, userId))).for('share');
    if (!p) throw notFound('试卷不存在！');
    if (p.state !== 0) throw examOver();
    if (isOverdue(p)) return 'overdue' as const;
    const key = and(eq(elPaperQu.paperId, b.paperId), eq(elPaperQu.quId, b.quId));
    const [row] = await tx.select().from(elPaperQu).where(key);
    if (!row) throw notFound('试题不存在！');
    const seq = b.seq ?? 0;
    const set: Partial<typeof elPaperQu.$inferInsert> = { seq, updateTime: new Date() };
    if (b.mark !== undefined) set.mark = b.mark;
    if (hasAnswer(b)) {
      const answer = await answerOf(tx, row, b);
      set.answer = JSON.stringify(answer);
      set.answered = isAnswered(row.quType, answer);
    }
    const [saved] = await tx.update(elPaperQu).set(set).where(and(key, lte(elPaperQu.seq, seq))).returning();
    const r = saved ?? row;
    return { quId: r.quId, answered: r.answered, mark: r.mark, seq: r.seq, stale: !saved };
  });
  if (out === 'overdue') {
    await handIn(db, b.paperId, 'timeout');
    throw examOver();
  }
  return out;
}
