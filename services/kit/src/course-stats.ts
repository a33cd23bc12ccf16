import { CourseState } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from './db/rows';
import type { Db } from './db/client';

export type LearnDay = { dateStr: string; learnUser: number; finishUser: number; avgTime: number };
export type CourseLearners = { id: string; title: string; learnUser: number; finishUser: number; avgTime: number };

/**
 * Course study statistics for dashboards (set-based SQL over el_course_learn_day and el_course_learner),
 * in the kit so the watch service's statistics calls can read them without the course service.
 */
export function courseStats(db: Db) {
  return {
    /** Per day of the last `days` (site time zone): learners, learners who finished a course, average study seconds. */
    async overview(days = 7, courseId?: string): Promise<LearnDay[]> {
      const r = await db.execute(sql`
        with d as (select generate_series((now() at time zone 'Asia/Shanghai')::date - ${days - 1}::int, (now() at time zone 'Asia/Shanghai')::date, interval '1 day')::date as day)
        select to_char(d.day, 'YYYY-MM-DD') as "dateStr",
          count(distinct l.user_id)::int as "learnUser",
          count(distinct l.user_id) filter (where l.finished)::int as "finishUser",
          coalesce(round(sum(l.learn_sec)::numeric / nullif(count(distinct l.user_id), 0)), 0)::int as "avgTime"
        from d left join el_course_learn_day l on l.day = d.day ${courseId ? sql`and l.course_id = ${courseId}` : sql``}
        group by d.day order by d.day`);
      return rowsOf<LearnDay>(r);
    },

    /** Enabled courses with their learners, finishers and average study seconds, most learners first. */
    async courses(limit: number, offset: number, title?: string): Promise<{ rows: CourseLearners[]; total: number }> {
      const where = sql`c.state = ${CourseState.NORMAL} ${title ? sql`and c.title ilike ${`%${title.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;
      const r = await db.execute(sql`
        select c.id, c.title, count(l.user_id)::int as "learnUser", count(l.user_id) filter (where l.finished)::int as "finishUser",
          coalesce(round(avg(l.learn_sec)), 0)::int as "avgTime"
        from el_course c left join el_course_learner l on l.course_id = c.id
        where ${where} group by c.id, c.title order by count(l.user_id) desc, c.create_time desc limit ${limit} offset ${offset}`);
      const n = await db.execute(sql`select count(*)::int as n from el_course c where ${where}`);
      return { rows: rowsOf<CourseLearners>(r), total: rowsOf<{ n: number }>(n)[0]?.n ?? 0 };
    },
  };
}
