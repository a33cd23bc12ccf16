import { BATTLE_MODE_TITLES, BattleMode, ExamOpenType } from '@exam/contracts';

/** The modes as the form offers them. */
export const MODE_OPTIONS = Object.entries(BATTLE_MODE_TITLES).map(([value, label]) => ({
  label,
  value: Number(value),
}));
/** Who may play (the exams' open types but the password). */
export const OPEN_TYPES = [
  { label: '完全公开', value: ExamOpenType.PUBLIC },
  { label: '指定部门', value: ExamOpenType.DEPART },
  { label: '指定人员', value: ExamOpenType.PERSON },
];
export const OPEN_TYPE_TITLES: Record<number, string> = Object.fromEntries(OPEN_TYPES.map((o) => [o.value, o.label]));
export const MODE_COLORS: Record<number, string> = {
  [BattleMode.DUEL]: 'arcoblue',
  [BattleMode.FOUR]: 'orangered',
  [BattleMode.HOSTED]: 'purple',
};

export const timeWindow = (start: string, end: string) =>
  start || end ? `${start || '不限'} ~ ${end || '不限'}` : '不限时间';

/** A one-line text cut with an ellipsis (read in full on hover through its title). */
export const ONE_LINE = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
