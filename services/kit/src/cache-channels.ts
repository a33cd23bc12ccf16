/**
 * Bus channels on which a service announces that data other replicas (or services) keep in memory
 * changed, so their copies are dropped at once. The message is a JSON list of ids, or `*` for all.
 */
export const CacheChannel = {
  /** Questions saved, moved or deleted, or a bank's content changed (ids of the questions, or `*`). */
  QU_CHANGED: 'cache:qu',
  /** An exam, its rules or its people changed (ids of the exams, or `*`). */
  EXAM_CHANGED: 'cache:exam',
  /** A course (state, people, files, period, price) or a courseware changed (ids of the courses, or `*`). */
  COURSE_CHANGED: 'cache:course',
  /** A battle was saved, switched or deleted (ids of the battles). */
  BATTLE_CHANGED: 'cache:battle',
  /** The site's config (module switches) changed (`*`). */
  CONFIG_CHANGED: 'cache:config',
} as const;

/** The ids of a cache message; undefined means every entry. */
export function changedIds(message: string): string[] | undefined {
  if (message === '*') return undefined;
  try {
    const v: unknown = JSON.parse(message);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** The message for `ids` (none given: everything). */
export const changedMessage = (ids?: string[]) => (ids ? JSON.stringify(ids) : '*');
