import { ExamOpenType, ResultType } from '@exam/contracts';

/** Who may take an exam, as the admin pages name it. */
export const OPEN_TYPE_TITLES: Record<number, string> = {
  [ExamOpenType.PUBLIC]: '公开',
  [ExamOpenType.DEPART]: '部门',
  [ExamOpenType.PERSON]: '指定人员',
  [ExamOpenType.PASSWORD]: '密码',
};

/** Chances 0 mean unlimited (spec learner §2). */
export const chanceText = (chance: number) => (chance > 0 ? `${chance} 次` : '不限');

export const timeWindow = (start: string, end: string) =>
  start || end ? `${start || '不限'} ~ ${end || '不限'}` : '不限时间';

/** resultType 1: the learner only learns that the paper was handed in (no score, no pass). The server decides (kit paperVisibility). */
export const RESULT_HIDDEN = ResultType.NONE;
/** resultType 0: the answer sheet with solutions may be shown too (not while retakes remain: the result then carries a note). */
export const RESULT_SHEET = ResultType.SHEET;
