import { type LearnerAnswer, TRAIN_MODE_TITLES, type TrainRecord } from '@exam/contracts';
import { type Db, type Tx, CHOICE_TYPES, QuType, fmtTime, notFound, schema } from '@exam/server-kit';
import type { FullQu } from '../qu/qu-store';
import { and, eq } from 'drizzle-orm';

export type TrainRow = typeof schema.elTrain.$inferSelect;

/** The learner's own training; another learner's id is simply not found. */
export async function ownTrain(db: Db | Tx, userId: string, id: string): Promise<TrainRow> {
  const t = schema.elTrain;
  const [row] = await db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId)));
  if (!row) throw notFound('训练记录不存在！');
  return row;
}

export const recordOf = (t: TrainRow, title: string): TrainRecord => ({
  id: t.id, repoId: t.repoId, title, trainMode: t.trainMode, trainMode_dictText: TRAIN_MODE_TITLES[t.trainMode] ?? t.trainMode,
  quType: t.quType, answerCount: t.answerCount, totalCount: t.totalCount, rightCount: t.rightCount,
  percent: t.answerCount ? Math.round((t.rightCount * 100) / t.answerCount) : 0, state: t.state, updateTime: fmtTime(t.updateTime),
});

/** Fisher–Yates with crypto-free Math.random: order only, nothing secret depends on it. */
export function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Whether an answer gives nothing for the question's type (no option, no blank text, no pair, no
 * text; a composite with every child empty). Such an answer is refused: it would reveal the solution.
 */
export function isEmptyAnswer(q: FullQu, a: LearnerAnswer | undefined): boolean {
  if (q.quType === QuType.COMPOSITE) return q.subs.every((s) => isEmptyAnswer(s, a?.subs?.[s.id]));
  if (CHOICE_TYPES.includes(q.quType)) return !a?.answers?.length;
  if (q.quType === QuType.FILL) return !a?.blanks?.some((b) => b.trim());
  if (q.quType === QuType.MATCH) return !a?.pairs?.some((p) => p.trim());
  return !a?.text?.trim();
}
