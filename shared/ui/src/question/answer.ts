import { QuType } from '@exam/contracts';

export { hasAnswer } from '@exam/contracts';

/** Single and judge submit as soon as an option is picked; the others wait for 确认答案 (spec learner §4). */
export const submitsOnPick = (quType: number) => quType === QuType.SINGLE || quType === QuType.JUDGE;
