import { type MyExamItem, type OpenExamItem, type PagingQuery, PaperState } from '@exam/contracts';
import { type AuthUser, type Db, badRequest, contains, fmtTime, notFound, pageQuery, paperVisibility, parseTime, schema } from '@exam/server-kit';
import { and, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';

type MineParams = { flag?: string; title?: string; dateRange?: string[] };
type OpenParams = { title?: string; dateRange?: string[] };

/** Exams that overlap the date range [from, to]. */
function overlaps(range: string[] | undefined): SQL | undefined {
  const { elExam } = schema;
  if (!range?.length) return undefined;
  try {
    const [from, to] = range.map((s) => parseTime(s.length === 10 ? `${s} 00:00:00` : s));
    return and(gt(elExam.endTime, from), to ? sql`${elExam.startTime} <= ${to}` : undefined);
  } catch {
    throw badRequest('时间范围格式不正确！');
  }
}

/** 阅卷中: a paper being graded by the queue (state 4), or one in 1 待阅卷 whose review has begun (a row in el_paper_review). */
const IN_REVIEW = PaperState.GRADING;

/** The display flag of an exam for a learner from the state of their latest paper (spec learner §4). */
export function stateFlagOf(e: { startTime: Date; endTime: Date }, latest: number | null, now = new Date()) {
  if (latest === 0) return 'PROCESSING';
  if (latest === 1) return 'WAIT_REVIEW';
  if (latest === IN_REVIEW) return 'IN_REVIEW';
  if (latest === 2 || latest === 3) return 'FINISHED';
  if (now < e.startTime) return 'NOT_START';
  if (now >= e.endTime) return 'OVERDUE';
  return 'READY_START';
}

/** The learner's exam lists: mine (joined, assigned, or taken) and open ones, and the join toggle. */
export function clientExamService(db: Db) {
  const { elExam, elExamJoin, elExamPerson, elExamUser, elPaper } = schema;
  const latestState = (uid: string) =>
    sql<number | null>`(select case when p.state = 1 and exists (select 1 from el_paper_review r where r.paper_id = p.id) then ${IN_REVIEW} else p.state end
      from el_paper p where p.exam_id = ${elExam.id} and p.user_id = ${uid} order by p.create_time desc, p.id desc limit 1)`;
  const joined = (uid: string) => sql`exists (select 1 from ${elExamJoin} j where j.exam_id = ${elExam.id} and j.user_id = ${uid})`;

  function mineCond(u: AuthUser, p: MineParams) {
    const latest = latestState(u.id);
    const assigned = or(
      joined(u.id),
      and(eq(elExam.openType, 2), sql`exists (select 1 from jsonb_array_elements_text(${elExam.deptCodes}) d where ${u.deptCode} like d || '%')`),
      and(eq(elExam.openType, 3), sql`exists (select 1 from ${elExamPerson} x where x.exam_id = ${elExam.id} and x.user_id = ${u.id})`),
    );
    const taken = sql`exists (select 1 from ${elPaper} t where t.exam_id = ${elExam.id} and t.user_id = ${u.id})`;
    const byFlag: Record<string, SQL | undefined> = {
      READY_START: and(sql`${latest} is null`, gt(elExam.endTime, new Date())),
      PROCESSING: sql`${latest} = 0`,
      WAIT_REVIEW: sql`${latest} = 1`,
      IN_REVIEW: sql`${latest} = ${IN_REVIEW}`,
      FINISHED: sql`${latest} in (2, 3)`,
    };
    return and(
      or(and(eq(elExam.state, 0), assigned), taken),
      p.title ? contains(elExam.title, p.title) : undefined,
      overlaps(p.dateRange),
      p.flag && p.flag !== 'ALL' ? byFlag[p.flag] : undefined,
    );
  }

  const openCond = (p: OpenParams) => and(
    eq(elExam.state, 0), inArray(elExam.openType, [1, 9]), gt(elExam.endTime, new Date()),
    p.title ? contains(elExam.title, p.title) : undefined, overlaps(p.dateRange),
  );

  return {
    minePaging(u: AuthUser, q: PagingQuery<MineParams>) {
      const cond = mineCond(u, q.params ?? {});
      return pageQuery<MyExamItem>(
        q,
        async (limit, offset) => {
          // Best score and pass come from final papers only: a learner whose papers all wait for review has none yet (待出分).
          const finals = sql<boolean>`exists (select 1 from ${elPaper} f where f.exam_id = ${elExam.id} and f.user_id = ${u.id} and f.state = 2)`;
          const rows = await db.select({ e: elExam, latest: latestState(u.id), s: elExamUser, finals }).from(elExam)
            .leftJoin(elExamUser, and(eq(elExamUser.examId, elExam.id), eq(elExamUser.userId, u.id)))
            .where(cond).orderBy(desc(elExam.startTime), desc(elExam.id)).limit(limit).offset(offset);
          return rows.map(({ e, latest, s, finals: final }) => {
            // Final papers exist: their best score and pass show as far as the result rule allows.
            const done = s && s.tryCount > 0 && Boolean(final) && paperVisibility({ resultType: e.resultType, state: PaperState.DONE, retakeOpen: true }).final;
            return {
              id: e.id, title: e.title, cover: e.cover, price: e.price, points: e.points, stateFlag: stateFlagOf(e, latest === null ? null : Number(latest)),
              startTime: fmtTime(e.startTime), endTime: fmtTime(e.endTime), totalTime: e.totalTime, totalScore: e.totalScore,
              qualifyScore: e.qualifyScore, showBook: e.showBook, tryCount: s?.tryCount ?? 0, chance: e.chance,
              maxScore: done ? s.maxScore : null, passed: done ? s.passed : null,
              resultType: e.resultType, openType: e.openType,
            };
          });
        },
        async () => Number((await db.select({ n: count() }).from(elExam).where(cond))[0].n),
      );
    },

    openPaging(u: AuthUser, q: PagingQuery<OpenParams>) {
      const cond = openCond(q.params ?? {});
      return pageQuery<OpenExamItem>(
        q,
        async (limit, offset) =>
          (await db.select({ e: elExam, hasJoin: joined(u.id).mapWith(Boolean), latest: latestState(u.id) }).from(elExam).where(cond)
            .orderBy(desc(elExam.startTime), desc(elExam.id)).limit(limit).offset(offset)).map(({ e, hasJoin, latest }) => ({
            id: e.id, title: e.title, cover: e.cover, state: e.state, openType: e.openType, startTime: fmtTime(e.startTime), endTime: fmtTime(e.endTime),
            totalTime: e.totalTime, totalScore: e.totalScore, qualifyScore: e.qualifyScore, chance: e.chance, price: e.price, points: e.points,
            hasJoin: Boolean(hasJoin), stateFlag: stateFlagOf(e, latest === null ? null : Number(latest)),
          })),
        async () => Number((await db.select({ n: count() }).from(elExam).where(cond))[0].n),
      );
    },

    /** Toggles joining an open exam (it then appears in "my exams"). */
    async join(u: AuthUser, id: string) {
      const [e] = await db.select({ id: elExam.id }).from(elExam).where(and(eq(elExam.id, id), openCond({})));
      if (!e) throw notFound('考试不存在或不可加入！');
      const key = and(eq(elExamJoin.examId, id), eq(elExamJoin.userId, u.id));
      const gone = await db.delete(elExamJoin).where(key).returning({ id: elExamJoin.examId });
      if (gone.length) return { hasJoin: false };
      await db.insert(elExamJoin).values({ examId: id, userId: u.id }).onConflictDoNothing();
      return { hasJoin: true };
    },
  };
}
