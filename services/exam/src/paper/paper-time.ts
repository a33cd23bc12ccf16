import { Code, SAVE_GRACE_SEC } from '@exam/contracts';
import { conflict } from '@exam/server-kit';

type Times = { limitTime: Date; startTime: Date; handTime: Date | null };

export const leftSecondsOf = (p: Pick<Times, 'limitTime'>, now = Date.now()) =>
  Math.max(0, Math.floor((p.limitTime.getTime() - now) / 1000));

/** Past the deadline and the grace for saves in flight: the server hands it in. */
export const isOverdue = (p: Pick<Times, 'limitTime'>, now = Date.now()) =>
  now > p.limitTime.getTime() + SAVE_GRACE_SEC * 1000;

/** Seconds between start and hand-in (0 while open). */
export const userTimeOf = (p: Pick<Times, 'startTime' | 'handTime'>) =>
  p.handTime ? Math.max(0, Math.round((p.handTime.getTime() - p.startTime.getTime()) / 1000)) : 0;

/** Code 20010001: the exam is over for this paper; the client leaves to the exam list. */
export const examOver = (msg = '考试已结束！') => conflict(msg, Code.EXAM_OVER);
