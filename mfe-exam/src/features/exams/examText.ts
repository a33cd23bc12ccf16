/** Chances 0 mean unlimited (spec learner §2). */
export const chanceText = (chance: number) => (chance > 0 ? `${chance} 次` : '不限');

export const timeWindow = (start: string, end: string) => (start || end ? `${start || '不限'} ~ ${end || '不限'}` : '不限时间');
