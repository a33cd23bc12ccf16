import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import ExcelJS from 'exceljs';
import { type Ctx, examTestApp, graded, saveExam } from '../testing/fixture';

let ctx: Ctx;
let examId: string;
beforeAll(async () => {
  ctx = await examTestApp();
  // Two fixed singles (50 each), pass at 60: learner answers both right (passed), learner2 one (failed);
  // a third paper with a short answer waits for review (待出分).
  examId = await saveExam(ctx, {
    title: '记录考试',
    rules: [{ title: '单选题', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
  });
  await takePaper(examId, ctx.learner, ['r-t-1-s1a', 'r-t-1-s2a']);
  await takePaper(examId, ctx.learner2, ['r-t-1-s1a', 'r-t-1-s2b']);
  const review = await saveExam(ctx, {
    title: '待阅考试',
    rules: [{ title: '简答', quType: 4, quIds: ['r-t-1-q1'], score: 100 }],
  });
  await takePaper(review, ctx.learner, []);
}, 90_000);
afterAll(() => ctx.app.close());

const P = '/api/paper/paper';
const R = '/api/exam/record';
async function takePaper(exam: string, token: string, answers: string[]) {
  const id = (await call(ctx.app, `${P}/create-paper`, { examId: exam }, token)).body.data.id as string;
  for (const a of answers)
    await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: a.slice(0, -1), answers: [a] }, token);
  expect((await call(ctx.app, `${P}/hand-exam`, { id }, token)).status).toBe(200);
  await graded(ctx.app, [id]);
  return id;
}
const paging = (params: Record<string, unknown>, token = ctx.admin) =>
  call(ctx.app, `${R}/paging`, { current: 1, size: 10, params }, token);
async function exportSheet(params: Record<string, unknown>, token = ctx.admin) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${R}/export`,
    headers: { 'content-type': 'application/json', token },
    payload: { params },
  });
  return res;
}
async function sheetRows(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws.eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return out;
}

describe('exam records', () => {
  it('lists every attempt with scores, pass text and proctoring state; filters by name and pass', async () => {
    const all = await paging({ examId });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    const byUser = Object.fromEntries(all.body.data.records.map((r: { userName: string }) => [r.userName, r]));
    expect(byUser.learner).toMatchObject({
      userScore: 100,
      objScore: 100,
      subjScore: 0,
      passed: true,
      passed_dictText: '是',
      state: 2,
      state_dictText: '已考完',
      exState: 0,
      exState_dictText: '正常',
      leaveTimes: 0,
    });
    expect(byUser.learner2).toMatchObject({ userScore: 50, passed: false, passed_dictText: '否' });
    expect(byUser.learner.handTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const pass = await paging({ examId, pass: 'yes' });
    expect(pass.body.data.records.map((r: { userName: string }) => r.userName)).toEqual(['learner']);
    const fail = await paging({ examId, pass: 'no' });
    expect(fail.body.data.records.map((r: { userName: string }) => r.userName)).toEqual(['learner2']);
    const named = await paging({ examId, name: 'learner2' });
    expect(named.body.data.total).toBe(1);
  });

  it('shows 待出分 for a paper waiting for review', async () => {
    const exam = (await call(ctx.app, '/api/exam/exam/paging', { params: { title: '待阅考试' } }, ctx.admin)).body.data
      .records[0].id;
    const r = await paging({ examId: exam, pass: 'wait' });
    expect(r.body.data.records).toHaveLength(1);
    expect(r.body.data.records[0]).toMatchObject({
      passed: null,
      passed_dictText: '待出分',
      state: 1,
      state_dictText: '待阅卷',
    });
  });

  it('exports the same rows as the filtered list, as an .xlsx', async () => {
    for (const params of [{ examId }, { examId, pass: 'no' }]) {
      const res = await exportSheet(params);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const rows = await sheetRows(res.rawPayload);
      const list = (await paging(params)).body.data.records as {
        realName: string;
        userName: string;
        passed_dictText: string;
        userScore: number;
      }[];
      expect(rows[0].slice(0, 2)).toEqual(['姓名', '账号']);
      expect(rows.slice(1).map((r) => [r[1], r[7], r[9]])).toEqual(
        list.map((r) => [r.userName, String(r.userScore), r.passed_dictText]),
      );
    }
  });

  it('refuses bad input (400), unknown exams (404), learners (403) and anonymous callers (401)', async () => {
    expect((await paging({})).status).toBe(400);
    expect((await paging({ examId, pass: 'maybe' })).status).toBe(400);
    expect((await call(ctx.app, `${R}/paging`, { current: 1, size: 10 }, ctx.admin)).body.msg).toBe('请选择考试！');
    expect((await exportSheet({})).statusCode).toBe(400);
    expect((await call(ctx.app, `${R}/export`, {}, ctx.admin)).status).toBe(400);
    const unknown = await paging({ examId: 'no-such-exam' });
    expect([unknown.status, unknown.body.msg]).toEqual([404, '考试不存在或已删除！']);
    expect((await exportSheet({ examId: 'no-such-exam' })).statusCode).toBe(404);
    expect((await paging({ examId }, ctx.learner)).status).toBe(403);
    expect((await exportSheet({ examId }, ctx.learner)).statusCode).toBe(403);
    expect((await call(ctx.app, `${R}/paging`, { params: { examId } })).status).toBe(401);
    expect((await call(ctx.app, `${R}/export`, { params: { examId } })).status).toBe(401);
  });
});
