export { hasAnswer } from '@exam/contracts';

/** Types a learner picks exactly one option of: single, judge, scale, single scoring. */
export const ONE_PICK = [1, 3, 26, 27];
/** Single and judge submit as soon as an option is picked; the others wait for 确认答案 (spec learner §4). */
export const submitsOnPick = (quType: number) => quType === 1 || quType === 3;
