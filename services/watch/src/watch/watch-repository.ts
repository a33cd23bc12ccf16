import {
  EX_STATE_TITLES,
  ExamState,
  type HandRow,
  type Paging,
  type PagingQuery,
  PaperState,
  WATCH_CAPTURE_URL,
  type WatchExamRow,
  type WatchRow,
  type WatchStat,
} from '@exam/contracts';
import { type Db, escapeLike, fmtTime, pageQuery, rowsOf } from '@exam/server-kit';
import { type SQL, sql } from 'drizzle-orm';

const list = (ids: string[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
const like = (s: string) => `%${escapeLike(s)}%`;
/** States written into the statements as literals, as the partial indexes on open papers (`state = 0`) are. */
export const codes = (...states: number[]) => sql.raw(states.join(', '));
export const OPEN = codes(PaperState.OPEN);
export const ENABLED = codes(ExamState.NORMAL);
/** Handed in: 阅卷中 (waiting for the grading queue), 待阅卷 and 已考完 — never missing from both the grid and the list. */
export const HANDED = codes(PaperState.GRADING, PaperState.REVIEW, PaperState.DONE);
const count = async (db: Db, statement: SQL) => rowsOf<{ n: number }>(await db.execute(statement))[0].n;

/**
 * The watch grid's reads, straight over the exam tables of the shared schema (the watch service never
 * calls into the exam service's code). Every read is one set-based statement.
 */
export function watchRepository(db: Db) {
  return {
    async examExists(examId: string) {
      return rowsOf(await db.execute(sql`select 1 from el_exam where id = ${examId}`)).length > 0;
    },

    /** Enabled exams, running first (then upcoming, then ended, latest start first), with how many answer now. */
    exams(title: string | undefined, q: PagingQuery<unknown>): Promise<Paging<WatchExamRow>> {
      const where = title ? sql`e.state = ${ENABLED} and e.title ilike ${like(title)}` : sql`e.state = ${ENABLED}`;
      type Raw = Omit<WatchExamRow, 'startTime' | 'endTime'> & { startTime: Date | string; endTime: Date | string };
      const rows = async (limit: number, offset: number) =>
        rowsOf<Raw>(
          await db.execute(sql`
          select e.id, e.title, e.start_time as "startTime", e.end_time as "endTime",
            (case when now() < e.start_time then 0 when now() > e.end_time then 2 else 1 end)::int as "runState",
            (select count(*) from el_paper p where p.exam_id = e.id and p.state = ${OPEN})::int as "processCount"
          from el_exam e where ${where}
          order by (case when now() < e.start_time then 1 when now() > e.end_time then 2 else 0 end), e.start_time desc, e.id
          limit ${limit} offset ${offset}`),
        );
      return pageQuery(
        q,
        async (limit, offset) =>
          (await rows(limit, offset)).map((x) => ({
            ...x,
            startTime: fmtTime(x.startTime),
            endTime: fmtTime(x.endTime),
          })),
        () => count(db, sql`select count(*)::int as n from el_exam e where ${where}`),
      );
    },

    /**
     * requireCount: learners the exam is open to (plus anyone who has a paper). Those with no paper are 缺考
     * only after the end time (an exam open for a year has nobody absent on its first day); before, 未开始.
     */
    async stat(examId: string): Promise<WatchStat> {
      const r = await db.execute(sql`
        with e as (select * from el_exam where id = ${examId}),
        req as (
          select u.id from sys_user u, e where u.state = 0 and (
            e.open_type not in (2, 3)
            or (e.open_type = 2 and exists (select 1 from jsonb_array_elements_text(e.dept_codes) c where c <> '' and starts_with(u.dept_code, c)))
            or (e.open_type = 3 and exists (select 1 from el_exam_person x where x.exam_id = e.id and x.user_id = u.id)))
          union select user_id from el_paper where exam_id = ${examId}),
        pp as (select user_id, bool_or(state = ${OPEN}) as open, bool_or(state in (${HANDED})) as handed from el_paper where exam_id = ${examId} group by user_id)
        select (select count(*) from req)::int as "requireCount",
          (select count(*) from pp where open)::int as "processCount",
          (select count(*) from pp where handed and not open)::int as "handCount",
          (select count(*) from req where not exists (select 1 from pp where pp.user_id = req.id))::int as absent,
          coalesce((select now() > end_time from e), false) as ended`);
      const { absent, ended, ...counts } = rowsOf<Omit<WatchStat, 'missCount' | 'notStartCount'> & { absent: number }>(
        r,
      )[0];
      return { ...counts, ended, missCount: ended ? absent : 0, notStartCount: ended ? 0 : absent };
    },

    /** Learners with an open paper in the exam (who a batch message is meant for). */
    async answering(examId: string): Promise<string[]> {
      const r = await db.execute(
        sql`select user_id as "userId" from el_paper where exam_id = ${examId} and state = ${OPEN}`,
      );
      return rowsOf<{ userId: string }>(r).map((x) => x.userId);
    },

    /** Open papers of an exam, incidents (leaves, face failures) first; `onlineIds` filters when given. */
    process(
      q: { examId: string; deptCode?: string; realName?: string; onlineIds?: { ids: string[]; in: boolean } },
      page: PagingQuery<unknown>,
    ): Promise<Paging<Omit<WatchRow, 'online'>>> {
      const conds: SQL[] = [sql`p.exam_id = ${q.examId}`, sql`p.state = ${OPEN}`];
      if (q.realName) conds.push(sql`u.real_name ilike ${like(q.realName)}`);
      if (q.deptCode) conds.push(sql`starts_with(u.dept_code, ${q.deptCode})`);
      if (q.onlineIds) {
        const { ids } = q.onlineIds;
        if (q.onlineIds.in) conds.push(ids.length ? sql`p.user_id in (${list(ids)})` : sql`false`);
        else if (ids.length) conds.push(sql`p.user_id not in (${list(ids)})`);
      }
      const where = sql.join(conds, sql` and `);
      type Raw = Omit<WatchRow, 'online' | 'startTime' | 'image' | 'captureCount'> & {
        startTime: Date | string;
        captureCount: number | null;
      };
      const rows = async (limit: number, offset: number) =>
        rowsOf<Raw>(
          await db.execute(sql`
          select p.id, p.user_id as "userId", u.real_name as "realName", u.dept_code as "deptCode", p.qu_count as "quCount",
            p.leave_times as "leaveTimes", p.face_fails as "faceFails", p.start_time as "startTime",
            (select count(*) from el_paper_answer a where a.paper_id = p.id and a.answered)::int as "answerCount",
            c.capture_count as "captureCount", extract(epoch from now() - c.update_time)::int as "imageAge"
          from el_paper p join sys_user u on u.id = p.user_id left join el_paper_capture c on c.paper_id = p.id
          where ${where}
          order by (p.leave_times > 0 or p.face_fails > 0) desc, p.leave_times + p.face_fails desc, u.real_name, p.id
          limit ${limit} offset ${offset}`),
        );
      return pageQuery(
        page,
        async (limit, offset) =>
          (await rows(limit, offset)).map(({ captureCount, ...x }) => ({
            ...x,
            startTime: fmtTime(x.startTime),
            captureCount: captureCount ?? 0,
            image: captureCount === null ? '' : `${WATCH_CAPTURE_URL}/${x.id}?v=${captureCount}`,
          })),
        () =>
          count(db, sql`select count(*)::int as n from el_paper p join sys_user u on u.id = p.user_id where ${where}`),
      );
    },

    /** The stored latest capture of a paper (a data URL), or null. */
    async capture(paperId: string): Promise<string | null> {
      const r = rowsOf<{ image: string }>(
        await db.execute(sql`select image from el_paper_capture where paper_id = ${paperId}`),
      );
      return r[0]?.image ?? null;
    },

    /** Handed-in papers (阅卷中, 待阅卷 and 已考完); hasEx keeps only those with an exception state. */
    handed(
      q: { examId: string; realName?: string; hasEx?: boolean },
      page: PagingQuery<unknown>,
    ): Promise<Paging<HandRow>> {
      const conds: SQL[] = [sql`p.exam_id = ${q.examId}`, sql`p.state in (${HANDED})`];
      if (q.realName) conds.push(sql`u.real_name ilike ${like(q.realName)}`);
      if (q.hasEx) conds.push(sql`p.ex_state <> 0`);
      const where = sql.join(conds, sql` and `);
      type Raw = Omit<HandRow, 'handTime' | 'exState_dictText'> & { handTime: Date | string };
      const rows = async (limit: number, offset: number) =>
        rowsOf<Raw>(
          await db.execute(sql`
          select p.id, p.user_id as "userId", u.real_name as "realName", p.hand_time as "handTime",
            greatest(0, round(extract(epoch from p.hand_time - p.start_time)))::int as "userTime",
            p.ex_state as "exState", p.ex_msg as "exMsg", p.leave_times as "leaveTimes"
          from el_paper p join sys_user u on u.id = p.user_id where ${where}
          order by p.hand_time desc, p.id limit ${limit} offset ${offset}`),
        );
      return pageQuery(
        page,
        async (limit, offset) =>
          (await rows(limit, offset)).map((x) => ({
            ...x,
            handTime: fmtTime(x.handTime),
            exState_dictText: EX_STATE_TITLES[x.exState] ?? '',
          })),
        () =>
          count(db, sql`select count(*)::int as n from el_paper p join sys_user u on u.id = p.user_id where ${where}`),
      );
    },
  };
}
export type WatchRepository = ReturnType<typeof watchRepository>;
