import {
  EX_STATE_TITLES,
  PAPER_STATE_TITLES,
  type PagingQuery,
  type RecordParams,
  type RecordRow,
  PaperState,
  type ScoreDist,
  formatRanges,
} from '@exam/contracts';
import { type Db, badRequest, fmtTime, pageQuery } from '@exam/server-kit';
import { examById } from '../exam/exam-repository';
import type { PaperRecord as PaperRec } from '../paper/paper-repository';
import { userTimeOf } from '../paper/paper-time';
import * as repo from './record-repository';
import { exportRecords } from './record-xlsx';
import { readBands } from './score-bands';

/** An export holds at most this many rows (a sheet stays openable; far above any real exam). */
export const MAX_EXPORT_ROWS = 50_000;

/** Pass text: 是/否 once final, 待出分 while waiting for review, empty while open or abandoned. */
function passOf(p: PaperRec): { passed: boolean | null; text: string } {
  if (p.state === PaperState.DONE) return { passed: p.passed, text: p.passed ? '是' : '否' };
  if (p.state === PaperState.REVIEW || p.state === PaperState.GRADING) return { passed: null, text: '待出分' };
  return { passed: null, text: '' };
}

export const toRecordRow = (p: PaperRec, u: { userName: string | null; realName: string | null }): RecordRow => {
  const pass = passOf(p);
  return {
    id: p.id,
    examId: p.examId,
    userId: p.userId,
    userName: u.userName ?? '',
    realName: u.realName ?? '',
    startTime: fmtTime(p.startTime),
    handTime: fmtTime(p.handTime),
    userTime: userTimeOf(p),
    totalScore: p.totalScore,
    objScore: p.objScore,
    subjScore: p.subjScore,
    userScore: p.state === PaperState.OPEN ? null : p.userScore,
    passed: pass.passed,
    passed_dictText: pass.text,
    state: p.state,
    state_dictText: PAPER_STATE_TITLES[p.state] ?? '',
    leaveTimes: p.leaveTimes,
    exState: p.exState,
    exState_dictText: EX_STATE_TITLES[p.exState] ?? '',
    exMsg: p.exMsg,
  };
};

/**
 * An exam's records for admins (every learner's papers): the list, its .xlsx export (one filter for both)
 * and the score distribution.
 */
export function recordService(db: Db) {
  async function filterOf(p: Partial<RecordParams> | undefined): Promise<repo.RecordFilter> {
    if (!p?.examId) throw badRequest('请选择考试！');
    await examById(db, p.examId); // 404 for an unknown exam
    return {
      examId: p.examId,
      name: p.name?.trim(),
      pass: p.pass,
      bands: p.scoreRange?.trim() ? readBands(p.scoreRange) : [],
    };
  }
  async function all(params: RecordParams) {
    return (await repo.recordRows(db, await filterOf(params), MAX_EXPORT_ROWS)).map(({ p, ...u }) => toRecordRow(p, u));
  }

  return {
    async paging(q: PagingQuery<Partial<RecordParams>>) {
      const f = await filterOf(q.params);
      return pageQuery<RecordRow>(
        q,
        async (limit, offset) => (await repo.recordRows(db, f, limit, offset)).map(({ p, ...u }) => toRecordRow(p, u)),
        () => repo.recordCount(db, f),
      );
    },

    /** The export: the file name and the sheet. */
    async exportFile(params: RecordParams) {
      const rows = await all(params);
      const exam = await examById(db, params.examId);
      return { fileName: `考试记录-${exam.title}.xlsx`, data: await exportRecords(exam.title, rows) };
    },

    /** The score distribution of an exam's final papers (state 2, every attempt) over the bands asked. */
    async scoreDist(examId: string, text: string): Promise<ScoreDist> {
      await examById(db, examId); // 404 for an unknown exam
      const bands = readBands(text);
      if (!bands.length) throw badRequest('请设置分数段！');
      const { total, counts } = await repo.bandCounts(db, examId, bands);
      return {
        total,
        bands: bands.map((b, i) => ({ range: formatRanges([b], '-'), min: b[0], max: b[1], count: counts[i] })),
      };
    },
  };
}
