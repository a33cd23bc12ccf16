import { type FillAnswerItem, type FillAnswerItemRes, type LearnerAnswer, SAVE_GRACE_SEC, PaperState } from '@exam/contracts';
import { type Db, badRequest, CHOICE_TYPES, notFound, ONE_CHOICE_TYPES, QuType } from '@exam/server-kit';
import { sql } from 'drizzle-orm';
import { handIn } from './paper-hand';
import { forgetPaperShape, paperShape, type QuShape } from './paper-shape';
import { examOver, leftSecondsOf } from './paper-store';
import { isAnswered } from './paper-view';

type Leaf = Omit<LearnerAnswer, 'subs'>;
const hasAnswer = (b: FillAnswerItem) => [b.answers, b.answer, b.blanks, b.pairs, b.subs].some((x) => x !== undefined);

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
  if (q.quType !== QuType.COMPOSITE) return leafOf(q.quType, q.optOrder[quId] ?? [], { answers: b.answers, text: b.answer, blanks: b.blanks, pairs: b.pairs });
  const subs: Record<string, Leaf> = {};
  for (const [id, leaf] of Object.entries(b.subs ?? {})) {
    const t = q.kids.get(id);
    if (t === undefined) throw badRequest('子题不属于该试题！');
    subs[id] = leafOf(t, q.optOrder[id] ?? [], leaf);
  }
  return { subs };
}

type Row = { state: number; limit_time: string | Date; saved: FillAnswerItemRes[] | null; current: FillAnswerItemRes[] | null };

/**
 * fill-answer / fill-answers: every save of the call in ONE statement, committed before the reply (the
 * reply is the acknowledgement). Checked in memory first against the paper's shape (owner, question,
 * options). The statement then locks the paper row FOR SHARE, which conflicts with a hand-in's mark
 * (an UPDATE of that row): a save either commits before the mark — and the grading, which runs after
 * the mark, reads it — or waits and then sees the paper no longer open and stores nothing. It also
 * checks the owner, the deadline (plus grace) and the sequence: a save with a smaller seq than the
 * stored one is dropped (stale: true). Updates touch no indexed column (HOT; see migration 0019).
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
  const values = [...byQu.values()].map((b) => {
    const q = shape.qus.get(b.quId);
    if (!q) throw notFound('试题不存在！');
    const answer = hasAnswer(b) ? answerOf(b.quId, q, b) : null;
    return sql`(${b.quId}::text, ${answer ? JSON.stringify(answer) : ''}::text, ${answer ? isAnswered(q.quType, answer) : false}::boolean,
      ${answer !== null}::boolean, ${b.mark ?? false}::boolean, ${b.mark !== undefined}::boolean, ${b.seq ?? 0}::bigint)`;
  });
  const cutoff = new Date(Date.now() - SAVE_GRACE_SEC * 1000);
  const res = await db.execute(sql`
    with p as (select id, state, limit_time from el_paper where id = ${paperId} and user_id = ${userId} for share),
    v(qu_id, answer, answered, has_answer, mark, has_mark, seq) as (values ${sql.join(values, sql`, `)}),
    u as (
      update el_paper_qu q set
        answer = case when v.has_answer then v.answer else q.answer end,
        answered = case when v.has_answer then v.answered else q.answered end,
        mark = case when v.has_mark then v.mark else q.mark end,
        seq = v.seq, update_time = now()
      from p, v
      where p.state = 0 and p.limit_time > ${cutoff} and q.paper_id = p.id and q.qu_id = v.qu_id and q.seq <= v.seq
      returning q.qu_id, q.answered, q.mark, q.seq)
    select p.state, p.limit_time,
      (select json_agg(json_build_object('quId', qu_id, 'answered', answered, 'mark', mark, 'seq', seq, 'stale', false)) from u) as saved,
      (select json_agg(json_build_object('quId', c.qu_id, 'answered', c.answered, 'mark', c.mark, 'seq', c.seq, 'stale', true)) from el_paper_qu c
        where c.paper_id = p.id and c.qu_id in (select qu_id from v) and c.qu_id not in (select qu_id from u)) as current
    from p`);
  const row = (res as unknown as { rows: Row[] }).rows[0];
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
