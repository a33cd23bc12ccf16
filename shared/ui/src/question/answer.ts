import type { LearnerAnswer, QuView } from '@exam/contracts';

/** Types a learner picks exactly one option of: single, judge, scale, single scoring. */
export const ONE_PICK = [1, 3, 26, 27];
/** Single and judge submit as soon as an option is picked; the others wait for 确认答案 (spec learner §4). */
export const submitsOnPick = (quType: number) => quType === 1 || quType === 3;

/** Whether the learner has given anything at all (an empty answer is not sent). */
export function hasAnswer(qu: Pick<QuView, 'quType' | 'subList'>, a: LearnerAnswer | undefined): boolean {
  if (!a) return false;
  if (qu.quType === 99) return qu.subList.some((s) => hasAnswer({ ...s, subList: [] }, a.subs?.[s.id]));
  return !!(a.answers?.length || a.blanks?.some((b) => b.trim()) || a.pairs?.some(Boolean) || a.text?.trim());
}
