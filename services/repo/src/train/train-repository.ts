import { TRAIN_MODE_TITLES, type TrainRecord } from '@exam/contracts';
import { type Db, type Tx, fmtTime, notFound, schema } from '@exam/server-kit';
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
