import {
  type DashExam,
  type DashTotals,
  type ExamDay,
  type Paging,
  type PagingQuery,
  PaperState,
  type UserDay,
} from '@exam/contracts';
import { type Db, escapeLike, fmtTime, pageQuery, rowsOf } from '@exam/server-kit';
import { sql } from 'drizzle-orm';
import { codes, ENABLED, HANDED, OPEN } from '../watch/watch-repository';

const TZ = 'Asia/Shanghai';
/** The last `days` dates in the site's time zone, today included. */
const daysSql = (days: number) =>
  sql`select generate_series((now() at time zone ${TZ})::date - ${days - 1}::int, (now() at time zone ${TZ})::date, interval '1 day')::date as day`;
const dayOf = (col: string) => sql.raw(`(${col} at time zone '${TZ}')::date`);

/** Dashboard statistics: one set-based statement per chart or card row, never rows loaded into Node. */
export function statRepository(db: Db) {
  return {
    /** New users, active users (started a paper or studied a course that day) and all users, per day. */
    async userWeek(days = 7): Promise<UserDay[]> {
      const r = await db.execute(sql`
        with d as (${daysSql(days)}),
        act as (select ${dayOf('start_time')} as day, user_id from el_paper where start_time >= now() - ${`${days + 1} days`}::interval
                union select day, user_id from el_course_learn_day where day >= (now() at time zone ${TZ})::date - ${days}::int)
        select to_char(d.day, 'YYYY-MM-DD') as "dateStr",
          (select count(*) from sys_user u where ${dayOf('u.create_time')} = d.day)::int as "newUser",
          (select count(distinct a.user_id) from act a where a.day = d.day)::int as "activeUser",
          (select count(*) from sys_user u where ${dayOf('u.create_time')} <= d.day)::int as "allUser"
        from d order by d.day`);
      return rowsOf<UserDay>(r);
    },

    /** Papers started per day, distinct examinees, and examinees with a passed paper started that day. */
    async examWeek(days = 7): Promise<ExamDay[]> {
      const r = await db.execute(sql`
        with d as (${daysSql(days)})
        select to_char(d.day, 'YYYY-MM-DD') as "dateStr", count(p.id)::int as "examCount",
          count(distinct p.user_id)::int as "examUser", count(distinct p.user_id) filter (where p.state = ${codes(PaperState.DONE)} and p.passed)::int as "passUser"
        from d left join el_paper p on ${dayOf('p.start_time')} = d.day and p.start_time >= now() - ${`${days + 1} days`}::interval
        group by d.day order by d.day`);
      return rowsOf<ExamDay>(r);
    },

    /** Enabled exams inside their window, with examinees answering and handed in. */
    runningExams(q: PagingQuery<unknown>, title?: string): Promise<Paging<DashExam>> {
      const where = sql`e.state = ${ENABLED} and e.start_time <= now() and e.end_time > now() ${title ? sql`and e.title ilike ${`%${escapeLike(title)}%`}` : sql``}`;
      type Raw = Omit<DashExam, 'startTime' | 'endTime'> & { startTime: Date; endTime: Date };
      const rows = async (limit: number, offset: number) =>
        rowsOf<Raw>(
          await db.execute(sql`
          select e.id, e.title, e.start_time as "startTime", e.end_time as "endTime",
            count(distinct p.user_id) filter (where p.state = ${OPEN})::int as "processUser",
            count(distinct p.user_id) filter (where p.state in (${HANDED}))::int as "finishUser"
          from el_exam e left join el_paper p on p.exam_id = e.id
          where ${where} group by e.id order by count(distinct p.user_id) desc, e.start_time desc limit ${limit} offset ${offset}`),
        );
      return pageQuery(
        q,
        async (limit, offset) =>
          (await rows(limit, offset)).map((x) => ({
            ...x,
            startTime: fmtTime(x.startTime),
            endTime: fmtTime(x.endTime),
          })),
        async () =>
          rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from el_exam e where ${where}`))[0].n,
      );
    },

    /** Every dashboard total in one statement (templates: the message templates; battles as configured). */
    async totals(): Promise<DashTotals> {
      const r = await db.execute(sql`select
        (select count(*) from el_exam)::int as "examCount", (select count(*) from el_repo)::int as "repoCount",
        (select count(*) from el_course)::int as "courseCount", (select count(*) from sys_user)::int as "userCount",
        (select coalesce(sum(qu_count), 0) from el_repo)::int as "quCount", (select count(*) from el_course_file)::int as "fileCount",
        (select count(*) from notify_tmpl)::int as "tmplCount", (select count(*) from cert_grant)::int as "grantCount",
        (select count(*) from el_battle)::int as "battleCount"`);
      return rowsOf<DashTotals>(r)[0];
    },
  };
}
