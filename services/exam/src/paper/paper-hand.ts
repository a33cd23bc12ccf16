import { ExState, PaperState, SAVE_GRACE_SEC } from '@exam/contracts';
import type { Db } from '@exam/server-kit';
import { type HandWhich, markHanded, paperState } from './paper-repository';

/** Why a paper is handed in, and what the proctor's record says (exState: dictionary paper_ex_state). */
export const HAND_REASONS = {
  user: { exState: ExState.NORMAL, exMsg: '' },
  timeout: { exState: ExState.NORMAL, exMsg: '考试时间到，系统自动交卷' },
  leave: { exState: ExState.VIOLATION, exMsg: '切屏次数超过限制，系统强制交卷' },
  face: { exState: ExState.VIOLATION, exMsg: '人脸识别连续失败，系统强制交卷' },
  /** A proctor's forced hand-in; the proctor's own exState and reason (note) take precedence. */
  force: { exState: ExState.VIOLATION, exMsg: '管理员强制交卷' },
} as const;
export type HandReason = keyof typeof HAND_REASONS;

/** The grading queue (kit jobs over sys_job): one job per handed-in paper. */
export const GRADE_QUEUE = 'exam.grade';
/** Tries of a paper's grading before its job is marked failed and reported. */
export const GRADE_ATTEMPTS = 5;

/** This process's grading workers, woken when a hand-in here enqueues (others poll). */
const wakers = new Set<() => void>();
export const onHandedIn = (wake: () => void) => {
  wakers.add(wake);
  return () => wakers.delete(wake);
};

/**
 * Marks the papers `which` selects (among open ones) handed in, and in the same statement enqueues
 * one grading job each and counts the try in the learner's exam stats. A save that began before the
 * mark is read by the grading (which waits for it: migration 0031), every later one sees the paper
 * closed: no save slips past a hand-in. A paper already handed in is not selected: a second hand-in
 * (double click, another replica, the sweeper) changes nothing and enqueues nothing.
 */
async function mark(
  db: Db,
  which: HandWhich,
  exState: number,
  exMsg: string,
): Promise<{ id: string; userId: string }[]> {
  const rows = await markHanded(db, which, { exState, exMsg }, { queue: GRADE_QUEUE, attempts: GRADE_ATTEMPTS });
  if (rows.length) for (const wake of wakers) wake();
  return rows;
}

/**
 * Hands one paper in (the learner, the deadline, the proctor, anti-cheat): one statement, then the
 * grading queue takes it. `handed` says whether this call did it; `state` is the paper's state now
 * (4 阅卷中 right after the mark; -1 when there is no such paper).
 */
export async function handIn(
  db: Db,
  paperId: string,
  reason: HandReason,
  /** A proctor's forced hand-in states its own exState and message (spec admin "Force-hand-all form"). */
  note?: { exState: number; exMsg: string },
): Promise<{ state: number; handed: boolean }> {
  const r = note ?? HAND_REASONS[reason];
  const rows = await mark(db, { paperId }, r.exState, r.exMsg);
  if (rows.length) return { state: PaperState.GRADING, handed: true };
  return { state: (await paperState(db, paperId)) ?? -1, handed: false };
}

/** Every open paper past its deadline and the save grace, in one statement (the overdue sweeper). */
export async function handInOverdue(db: Db): Promise<number> {
  const r = HAND_REASONS.timeout;
  return (await mark(db, { dueBefore: new Date(Date.now() - SAVE_GRACE_SEC * 1000) }, r.exState, r.exMsg)).length;
}

/** Every open paper of an exam (a proctor's force-hand-all), in one statement; the papers handed and their learners. */
export function handInExam(db: Db, examId: string, note: { exState: number; exMsg: string }) {
  return mark(db, { examId }, note.exState, note.exMsg);
}
