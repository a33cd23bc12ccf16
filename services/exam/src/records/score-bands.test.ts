import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { type Ctx, examTestApp, graded, saveExam } from '../testing/fixture';

let ctx: Ctx;
let examId: string;
const P = '/api/paper/paper';
async function takePaper(exam: string, token: string, answers: string[]) {
  const id = (await call(ctx.app, `${P}/create-paper`, { examId: exam }, token)).body.data.id as string;
  for (const a of answers)
    await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: a.slice(0, -1), answers: [a] }, token);
  expect((await call(ctx.app, `${P}/hand-exam`, { id }, token)).status).toBe(200);
  await graded(ctx.app, [id]);
}
beforeAll(async () => {
  ctx = await examTestApp();
  // Two singles of 50: learner scores 100, learner2 50.
  examId = await saveExam(ctx, {
    title: '分数段考试',
    rules: [{ title: '单选题', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
  });
  await takePaper(examId, ctx.learner, ['r-t-1-s1a', 'r-t-1-s2a']);
  await takePaper(examId, ctx.learner2, ['r-t-1-s1a', 'r-t-1-s2b']);
}, 90_000);
afterAll(() => ctx.app.close());

const paging = (params: Record<string, unknown>, token = ctx.admin) =>
  call(ctx.app, '/api/exam/record/paging', { current: 1, size: 10, params }, token);
const dist = (body: Record<string, unknown>, token = ctx.admin) =>
  call(ctx.app, '/api/exam/record/score-dist', body, token);
const names = (r: { body: { data: { records: { userName: string }[] } } }) =>
  r.body.data.records.map((x) => x.userName).sort();

describe('score bands of exam records', () => {
  it('filters the records by bands joined by ; or ；, merged when they overlap', async () => {
    expect(names(await paging({ examId, scoreRange: '0-59' }))).toEqual(['learner2']);
    expect(names(await paging({ examId, scoreRange: '90-100' }))).toEqual(['learner']);
    expect(names(await paging({ examId, scoreRange: '0-10；90-100' }))).toEqual(['learner']);
    expect(names(await paging({ examId, scoreRange: '40-60;55-100' }))).toEqual(['learner', 'learner2']);
    expect(names(await paging({ examId, scoreRange: '60-89' }))).toEqual([]);
    expect(names(await paging({ examId, scoreRange: '' }))).toEqual(['learner', 'learner2']);
  });

  it('refuses non-numeric and malformed bands with the band named', async () => {
    const bad = await paging({ examId, scoreRange: '0-abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('分数段【0-abc】格式不正确，应为数字-数字！');
    expect((await paging({ examId, scoreRange: '60' })).status).toBe(400);
    expect((await paging({ examId, scoreRange: 'x'.repeat(401) })).status).toBe(400);
    expect((await paging({ examId, scoreRange: 60 })).status).toBe(400);
  });

  it('counts the final papers per band in one query', async () => {
    const r = await dist({ examId, scoreRange: '0-59;60-89;90-100' });
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body.data).toEqual({
      total: 2,
      bands: [
        { range: '0-59', min: 0, max: 59, count: 1 },
        { range: '60-89', min: 60, max: 89, count: 0 },
        { range: '90-100', min: 90, max: 100, count: 1 },
      ],
    });
    const merged = await dist({ examId, scoreRange: '0-60；50-100' });
    expect(merged.body.data.bands).toEqual([{ range: '0-100', min: 0, max: 100, count: 2 }]);
  });

  it('refuses bad bands, no band, an unknown exam, learners and visitors', async () => {
    expect((await dist({ examId, scoreRange: '0-x' })).body.msg).toBe('分数段【0-x】格式不正确，应为数字-数字！');
    const none = await dist({ examId, scoreRange: ' ; ' });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请设置分数段！');
    const many = Array.from({ length: 51 }, (_, i) => `${i * 2}-${i * 2}`).join(';');
    expect((await dist({ examId, scoreRange: many })).body.msg).toBe('分数段最多50个！');
    expect((await dist({ examId: 'no-such-exam', scoreRange: '0-100' })).status).toBe(404);
    expect((await dist({ scoreRange: '0-100' })).status).toBe(400);
    expect((await dist({ examId, scoreRange: '0-100' }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, '/api/exam/record/score-dist', { examId, scoreRange: '0-100' })).status).toBe(401);
  });
});
