import type { CourseLearnRow, PagingQuery } from '@exam/contracts';
import { type Db, fmtTime, pageQuery } from '@exam/server-kit';
import ExcelJS from 'exceljs';
import { courseById, type LearnerParams as Params, learnerCount, learnerRows } from './course-repository';

/** A course's learners (admin): progress, study time, finished; and the same as .xlsx. */
export function learnRecords({ db }: { db: Db }) {
  async function rows(p: Params, limit: number, offset: number): Promise<CourseLearnRow[]> {
    return (await learnerRows(db, p, limit, offset)).map(({ l, u, dept, total: t }) => {
      const totalFile = Number(t);
      return {
        userId: u.id,
        userName: u.userName,
        realName: u.realName,
        deptCode: u.deptCode,
        deptCode_dictText: dept ?? '',
        learnFile: Math.min(l.learnFile, totalFile),
        totalFile,
        percent: totalFile ? Math.min(100, Math.floor((l.learnFile * 100) / totalFile)) : 0,
        learnSec: l.learnSec,
        finished: l.finished,
        finishTime: fmtTime(l.finishTime),
        latestTime: fmtTime(l.latestTime),
        createTime: fmtTime(l.createTime),
      };
    });
  }
  return {
    async paging(q: PagingQuery<Params>) {
      const p = q.params as Params;
      await courseById(db, p.courseId);
      return pageQuery<CourseLearnRow>(
        q,
        (limit, offset) => rows(p, limit, offset),
        () => learnerCount(db, p),
      );
    },
    async xlsx(courseId: string) {
      const c = await courseById(db, courseId);
      const list = await rows({ courseId }, 100_000, 0);
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(c.title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || '学习记录');
      ws.columns = [
        { header: '姓名', key: 'realName', width: 14 },
        { header: '账号', key: 'userName', width: 16 },
        { header: '部门', key: 'deptCode_dictText', width: 16 },
        { header: '已学课件', key: 'learnFile', width: 10 },
        { header: '课件总数', key: 'totalFile', width: 10 },
        { header: '进度(%)', key: 'percent', width: 10 },
        { header: '学习时长(秒)', key: 'learnSec', width: 12 },
        { header: '是否完成', key: 'finishedText', width: 10 },
        { header: '完成时间', key: 'finishTime', width: 20 },
        { header: '最近学习', key: 'latestTime', width: 20 },
      ];
      ws.getRow(1).font = { bold: true };
      for (const r of list) ws.addRow({ ...r, finishedText: r.finished ? '是' : '否' });
      return { title: c.title, data: Buffer.from(await wb.xlsx.writeBuffer()) };
    },
  };
}
