import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fmtTime, schema } from '@exam/server-kit';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { seed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { watchService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
let seeded: number;
let seededTmpls: number;
/** `k` days ago in the site's time zone, as yyyy-MM-dd, and 00:30 of that day (always in the past). */
const day = (k: number) => fmtTime(new Date(Date.now() - k * 86_400_000)).slice(0, 10);
const at = (k: number) => new Date(`${day(k)}T00:30:00+08:00`);
const hours = (h: number) => new Date(Date.now() + h * 3600_000);

/**
 * Known data (the seeded users are all created today): u-s1 created 3 days ago, u-s2 yesterday.
 * Papers today: learner passed + learner open (exam e-s1), learner2 failed; yesterday u-s1 passed
 * (e-s2, ended); 8 days ago u-s2 (outside the week). Study: u-s2 today 100 s finished, learner 2 days ago.
 */
async function seedData(db: FastifyInstance['db']) {
  const { sysUser, elExam, elPaper, elCourse, elCourseLearner, elCourseLearnDay, elCourseFile } = schema;
  await db.insert(sysUser).values([
    { id: 'u-s1', userName: 's1', realName: '统计一', password: 'x', createTime: at(3) },
    { id: 'u-s2', userName: 's2', realName: '统计二', password: 'x', createTime: at(1) },
  ]);
  await db.insert(elExam).values([
    { id: 'e-s1', title: '安全考试', startTime: hours(-48), endTime: hours(48), totalTime: 60 },
    { id: 'e-s2', title: '已结束考试', startTime: hours(-96), endTime: hours(-1), totalTime: 60 },
    { id: 'e-s3', title: '禁用考试', state: 1, startTime: hours(-48), endTime: hours(48), totalTime: 60 },
  ]);
  const paper = (id: string, examId: string, userId: string, state: number, passed: boolean, k: number) => ({
    id,
    examId,
    userId,
    state,
    passed,
    startTime: at(k),
    limitTime: hours(1),
  });
  await db
    .insert(elPaper)
    .values([
      paper('ps1', 'e-s1', 'u-learner', 2, true, 0),
      paper('ps2', 'e-s1', 'u-learner', 0, false, 0),
      paper('ps3', 'e-s1', 'u-learner2', 2, false, 0),
      paper('ps4', 'e-s2', 'u-s1', 2, true, 1),
      paper('ps5', 'e-s2', 'u-s2', 2, true, 8),
    ]);
  await db.insert(elCourse).values({ id: 'c-s1', title: '安全课程' });
  await db.insert(elCourseLearner).values([
    { courseId: 'c-s1', userId: 'u-s2', finished: true },
    { courseId: 'c-s1', userId: 'u-learner' },
  ]);
  await db.insert(elCourseLearnDay).values([
    { courseId: 'c-s1', userId: 'u-s2', day: day(0), learnSec: 100, finished: true },
    { courseId: 'c-s1', userId: 'u-learner', day: day(2), learnSec: 50 },
  ]);
  await db.insert(elCourseFile).values([
    { id: 'f1', title: '视频', fileType: 11 },
    { id: 'f2', title: '文档', fileType: 22 },
  ]);
  // One message template more than the seed's; one certificate template with two grants of its exam rule.
  await db.insert(schema.notifyTmpl).values({ id: 'nt-s1', title: '统计模板' });
  await db.insert(schema.certTmpl).values({ id: 'ct-s1', name: '合格证书' });
  await db
    .insert(schema.certRule)
    .values({ id: 'cr-s1', tmplId: 'ct-s1', title: '安全考试合格证书', sourceType: 'exam', sourceId: 'e-s1' });
  const grant = (id: string, userId: string) => ({
    id,
    code: `code-${id}`,
    ruleId: 'cr-s1',
    tmplId: 'ct-s1',
    userId,
    realName: userId,
    title: '安全考试合格证书',
    sourceType: 'exam',
    sourceId: 'e-s1',
  });
  await db.insert(schema.certGrant).values([grant('cg-s1', 'u-learner'), grant('cg-s2', 'u-s1')]);
  // Two battles, one of them disabled: both are battles.
  const battle = { mode: 1, repoIds: [], quCount: 5, quSeconds: 10, rightScore: 100 };
  await db.insert(schema.elBattle).values([
    { id: 'b-s1', title: '知识竞赛', ...battle },
    { id: 'b-s2', title: '停用竞赛', ...battle, state: 1 },
  ]);
}

beforeAll(async () => {
  app = await createTestApp({ services: [systemService, watchService], seeds: [seed] });
  seeded = Number((await app.db.select({ n: count() }).from(schema.sysUser))[0].n);
  seededTmpls = Number((await app.db.select({ n: count() }).from(schema.notifyTmpl))[0].n);
  await seedData(app.db);
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
}, 60_000);
afterAll(() => app.close());

const data = async (url: string, body: unknown = {}) => (await call(app, url, body, admin)).body.data;
const byDay = <T extends { dateStr: string }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.dateStr, r]));

describe('dashboard statistics', () => {
  it('users per day: new, active (answered or studied), all', async () => {
    const rows = await data('/api/stat/total/user/week');
    expect(rows.map((r: { dateStr: string }) => r.dateStr)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    const d = byDay(rows);
    expect(d[day(0)]).toEqual({ dateStr: day(0), newUser: seeded, activeUser: 3, allUser: seeded + 2 });
    expect(d[day(1)]).toMatchObject({ newUser: 1, activeUser: 1, allUser: 2 });
    expect(d[day(2)]).toMatchObject({ newUser: 0, activeUser: 1, allUser: 1 });
    expect(d[day(3)]).toMatchObject({ newUser: 1, activeUser: 0, allUser: 1 });
    expect(d[day(6)]).toMatchObject({ newUser: 0, activeUser: 0, allUser: 0 });
  });

  it('exams per day: attempts, examinees, passers', async () => {
    const d = byDay(await data('/api/stat/total/exam/week'));
    expect(d[day(0)]).toEqual({ dateStr: day(0), examCount: 3, examUser: 2, passUser: 1 });
    expect(d[day(1)]).toMatchObject({ examCount: 1, examUser: 1, passUser: 1 });
    expect(d[day(5)]).toMatchObject({ examCount: 0, examUser: 0, passUser: 0 });
  });

  it('learning per day: learners, finishers, average seconds', async () => {
    const d = byDay(await data('/api/stat/total/learn/week'));
    expect(d[day(0)]).toEqual({ dateStr: day(0), learnUser: 1, finishUser: 1, avgTime: 100 });
    expect(d[day(2)]).toMatchObject({ learnUser: 1, finishUser: 0, avgTime: 50 });
  });

  it('lists running exams and courses with their people', async () => {
    const exams = await data('/api/stat/exam/dash-exam-list', { current: 1, size: 5, params: {} });
    expect(exams.total).toBe(1);
    expect(exams.records[0]).toMatchObject({ id: 'e-s1', processUser: 1, finishUser: 2 });
    expect(
      (await data('/api/stat/exam/dash-exam-list', { current: 1, size: 5, params: { title: '数学' } })).total,
    ).toBe(0);
    const courses = await data('/api/stat/course/dash-course-list', { current: 1, size: 5, params: { title: '安全' } });
    expect(courses.records).toEqual([{ id: 'c-s1', title: '安全课程', learnUser: 2, finishUser: 1 }]);
  });

  it('totals count real rows, coursewares and battles included', async () => {
    expect(await data('/api/stat/total/num/all')).toMatchObject({
      examCount: 3,
      courseCount: 1,
      fileCount: 2,
      userCount: seeded + 2,
      tmplCount: seededTmpls + 1,
      battleCount: 2,
      grantCount: 2,
    });
  });

  it('tells the platform version (the root package version)', async () => {
    const root = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8'));
    expect(await data('/api/stat/sys/version')).toEqual({ version: root.version });
    expect(root.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is for admins only, with bounded input', async () => {
    for (const url of [
      '/api/stat/sys/version',
      '/api/stat/total/user/week',
      '/api/stat/total/exam/week',
      '/api/stat/total/learn/week',
      '/api/stat/total/num/all',
      '/api/stat/exam/dash-exam-list',
    ]) {
      expect((await call(app, url, {}, learner)).status).toBe(403);
    }
    expect(
      (await call(app, '/api/stat/exam/dash-exam-list', { params: { title: 'x'.repeat(65) } }, admin)).status,
    ).toBe(400);
    expect((await call(app, '/api/stat/course/dash-course-list', { size: -1 }, admin)).status).toBe(400);
  });
});
