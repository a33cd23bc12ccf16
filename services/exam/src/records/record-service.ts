import { EX_STATE_TITLES, PAPER_STATE_TITLES, type PagingQuery, type RecordParams, type RecordRow, PaperState } from '@exam/contracts';
import { type Db, badRequest, contains, fmtTime, pageQuery, schema } from '@exam/server-kit';
import { type SQL, and, count, desc, eq, or } from 'drizzle-orm';
import { examById } from '../exam/exam-store';
import { userTimeOf } from '../paper/paper-service';
import { bandFilter } from './score-bands';

const { elPaper, sysUser } = schema;
/** An export holds at most this many rows (a sheet stays openable; far above any real exam). */
export const MAX_EXPORT_ROWS = 50_000;

type PaperRec = typeof elPaper.$inferSelect;

/** Pass text: 是/否 once final, 待出分 while waiting for review, empty while open or abandoned. */
function passOf(p: PaperRec): { passed: boolean | null; text: string } {
  if (p.state === PaperState.DONE) return { passed: p.passed, text: p.passed ? '是' : '否' };
  if (p.state === PaperState.REVIEW || p.state === PaperState.GRADING) return { passed: null, text: '待出分' };
  return { passed: null, text: '' };
}

export const toRecordRow = (p: PaperRec, u: { userName: string | null; realName: string | null }): RecordRow => {
  const pass = passOf(p);
  return {
    id: p.id, examId: p.examId, userId: p.userId, userName: u.userName ?? '', realName: u.realName ?? '',
    startTime: fmtTime(p.startTime), handTime: fmtTime(p.handTime), userTime: userTimeOf(p), totalScore: p.totalScore,
    objScore: p.objScore, subjScore: p.subjScore, userScore: p.state === PaperState.OPEN ? null : p.userScore,
    passed: pass.passed, passed_dictText: pass.text, state: p.state, state_dictText: PAPER_STATE_TITLES[p.state] ?? '',
    leaveTimes: p.leaveTimes, exState: p.exState, exState_dictText: EX_STATE_TITLES[p.exState] ?? '', exMsg: p.exMsg,
  };
};

/** An exam's records for admins (every learner's papers); the list and the export share one filter. */
export function recordService(db: Db) {
  async function where(p: Partial<RecordParams> | undefined): Promise<SQL> {
    if (!p?.examId) throw badRequest('请选择考试！');
    await examById(db, p.examId); // 404 for an unknown exam
    const name = p.name?.trim();
    const pass = p.pass === 'yes' ? and(eq(elPaper.state, PaperState.DONE), eq(elPaper.passed, true))
      : p.pass === 'no' ? and(eq(elPaper.state, PaperState.DONE), eq(elPaper.passed, false))
        : p.pass === 'wait' ? eq(elPaper.state, PaperState.REVIEW) : undefined;
    return and(eq(elPaper.examId, p.examId), name ? or(contains(sysUser.realName, name), contains(sysUser.userName, name)) : undefined, pass, bandFilter(p.scoreRange))!;
  }
  const rows = (cond: SQL) => db.select({ p: elPaper, userName: sysUser.userName, realName: sysUser.realName }).from(elPaper)
    .leftJoin(sysUser, eq(sysUser.id, elPaper.userId)).where(cond).orderBy(desc(elPaper.startTime), desc(elPaper.id));

  return {
    async paging(q: PagingQuery<Partial<RecordParams>>) {
      const cond = await where(q.params);
      return pageQuery<RecordRow>(
        q,
        async (limit, offset) => (await rows(cond).limit(limit).offset(offset)).map(({ p, ...u }) => toRecordRow(p, u)),
        async () => Number((await db.select({ n: count() }).from(elPaper).leftJoin(sysUser, eq(sysUser.id, elPaper.userId)).where(cond))[0].n),
      );
    },
    async all(params: RecordParams) {
      const cond = await where(params);
      return (await rows(cond).limit(MAX_EXPORT_ROWS)).map(({ p, ...u }) => toRecordRow(p, u));
    },
  };
}
