import { BattleState, ExamOpenType } from '@exam/contracts';
import { type AuthUser, type Db, inDepts, notFound } from '@exam/server-kit';
import { type BattleRecord, battleById, isNamed } from './battle-repository';

type Learner = Pick<AuthUser, 'id' | 'deptCode'>;

/** Enabled and within its time window at `now`. */
export function openAt(b: BattleRecord, now: number): boolean {
  if (b.state !== BattleState.NORMAL) return false;
  if (b.startTime && b.startTime.getTime() > now) return false;
  if (b.endTime && b.endTime.getTime() < now) return false;
  return true;
}

/** Its open type lets the learner in; `named`: they are among its people (asked only of open type 3). */
export function openTo(b: BattleRecord, user: Learner, named: boolean): boolean {
  if (b.openType === ExamOpenType.DEPART) return inDepts(user.deptCode, b.deptCodes);
  if (b.openType === ExamOpenType.PERSON) return named;
  return true;
}

/** Enabled, open to the learner by its open type, and within its time window at `now`. */
export async function playableBy(db: Db, b: BattleRecord, user: Learner, now = Date.now()): Promise<boolean> {
  if (!openAt(b, now)) return false;
  return openTo(b, user, b.openType === ExamOpenType.PERSON && (await isNamed(db, b.id, user.id)));
}

/** A battle the learner may play now; any other answers 404 as if it did not exist. */
export async function playableBattle(
  db: Db,
  id: string,
  user: Learner,
  load: (id: string) => Promise<BattleRecord | undefined> = (x) => battleById(db, x),
): Promise<BattleRecord> {
  const b = await load(id);
  if (!b || !(await playableBy(db, b, user))) throw notFound('竞赛不存在或已结束！');
  return b;
}
