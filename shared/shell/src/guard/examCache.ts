/**
 * Spec learner §2: the exam screens keep a flag while an exam runs; leaving them clears it and
 * reloads the page after 1 s, so no exam state (timers, camera, listeners) outlives the exam.
 */
export const EXAM_CACHE_KEY = 'exam-process-cache';
export const EXAM_ROUTE_NAMES: readonly string[] = ['StartExam', 'ExamScreen'];
export const EXAM_RELOAD_DELAY = 1000;

/** True when a navigation goes from an exam route to a route outside the exam. */
export function leavesExam(fromName: string | undefined, toName: string | undefined): boolean {
  return !!fromName && EXAM_ROUTE_NAMES.includes(fromName) && !EXAM_ROUTE_NAMES.includes(toName ?? '');
}

type FlagStore = Pick<Storage, 'getItem' | 'removeItem'>;

/** Applies the rule; returns whether a reload was scheduled. */
export function applyExamCacheRule(
  fromName: string | undefined,
  toName: string | undefined,
  storage: FlagStore,
  scheduleReload: (delayMs: number) => void,
): boolean {
  if (!leavesExam(fromName, toName) || storage.getItem(EXAM_CACHE_KEY) !== 'yes') return false;
  storage.removeItem(EXAM_CACHE_KEY);
  scheduleReload(EXAM_RELOAD_DELAY);
  return true;
}
