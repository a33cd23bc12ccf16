import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { graded, nowPlus, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const C = '/api/client/exam';
const mine = async (params: object, token = ctx.learner) => {
  const r = await call(ctx.app, `${C}/mine-paging`, { current: 1, size: 100, params }, token);
  expect(r.status).toBe(200);
  return r.body.data.records as {
    id: string;
    stateFlag: string;
    tryCount: number;
    maxScore: number | null;
    passed: boolean | null;
  }[];
};

describe('open exams and joining', () => {
  it('lists public and password exams with hasJoin, and join toggles', async () => {
    const pub = await saveExam(ctx, { title: '公开考试甲' });
    const dept = await saveExam(ctx, { title: '部门考试乙', openType: 2, deptCodes: ['A01'] });
    const open = await call(
      ctx.app,
      `${C}/open-paging`,
      { current: 1, size: 100, params: { title: '考试' } },
      ctx.learner,
    );
    const ids = open.body.data.records.map((r: { id: string }) => r.id);
    expect(ids).toContain(pub);
    expect(ids).not.toContain(dept);
    expect(open.body.data.records.find((r: { id: string }) => r.id === pub)).toMatchObject({
      hasJoin: false,
      stateFlag: 'READY_START',
      chance: 0,
    });
    expect((await call(ctx.app, `${C}/join`, { id: pub }, ctx.learner)).body.data).toEqual({ hasJoin: true });
    expect((await mine({ title: '公开考试甲' })).map((r) => r.id)).toEqual([pub]);
    expect((await call(ctx.app, `${C}/join`, { id: pub }, ctx.learner)).body.data).toEqual({ hasJoin: false });
    expect(await mine({ title: '公开考试甲' })).toEqual([]);
    expect((await call(ctx.app, `${C}/join`, { id: dept }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${C}/join`, { id: '' }, ctx.learner)).status).toBe(400);
    expect(
      (
        await call(
          ctx.app,
          `${C}/open-paging`,
          { current: 1, size: 10, params: { dateRange: ['garbage'] } },
          ctx.learner,
        )
      ).status,
    ).toBe(400);
  });
});

describe('my exams', () => {
  it('holds assigned exams (department, people) and moves them through the flag tabs', async () => {
    const dept = await saveExam(ctx, { title: '我的部门考试', openType: 2, deptCodes: ['A01A01'] });
    const person = await saveExam(ctx, {
      title: '我的指定考试',
      openType: 3,
      userIds: ['u-learner'],
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }],
      qualifyScore: 5,
    });
    const later = await saveExam(ctx, {
      title: '我的未来考试',
      openType: 3,
      userIds: ['u-learner'],
      startTime: nowPlus(60 * 24),
      endTime: nowPlus(60 * 48),
    });
    const flags = async (flag: string) => (await mine({ flag, title: '我的' })).map((r) => r.id).sort();
    expect(await flags('ALL')).toEqual([dept, person, later].sort());
    expect(await flags('READY_START')).toEqual([dept, person, later].sort());
    expect((await mine({ title: '我的未来' }))[0].stateFlag).toBe('NOT_START');
    expect((await mine({ title: '我的' }, ctx.learner2)).map((r) => r.id)).toEqual([]);

    const p1 = (await call(ctx.app, '/api/paper/paper/create-paper', { examId: person }, ctx.learner)).body.data.id;
    const p2 = (await call(ctx.app, '/api/paper/paper/create-paper', { examId: dept }, ctx.learner)).body.data.id;
    expect(await flags('PROCESSING')).toEqual([dept, person].sort());
    await call(
      ctx.app,
      '/api/paper/paper/fill-answer',
      { paperId: p1, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] },
      ctx.learner,
    );
    await call(ctx.app, '/api/paper/paper/hand-exam', { id: p1 }, ctx.learner);
    await call(ctx.app, '/api/paper/paper/hand-exam', { id: p2 }, ctx.learner);
    await graded(ctx.app);
    expect(await flags('FINISHED')).toEqual([person]);
    expect(await flags('WAIT_REVIEW')).toEqual([dept]);
    expect(await flags('IN_REVIEW')).toEqual([]);
    const card = (await mine({ title: '我的指定' }))[0];
    expect(card).toMatchObject({
      stateFlag: 'FINISHED',
      tryCount: 1,
      maxScore: 10,
      passed: true,
      chance: 0,
      showBook: true,
      totalTime: 30,
    });
    // Disabled exams leave the list unless the learner has taken them.
    await ctx.app.db.update(schema.elExam).set({ state: 1 }).where(eq(schema.elExam.id, later));
    expect(await flags('ALL')).toEqual([dept, person].sort());
    const range = await mine({ title: '我的', dateRange: [nowPlus(60), nowPlus(120)] });
    expect(range.map((r) => r.id).sort()).toEqual([dept, person].sort());
  });

  it('shows no score or pass (待出分) while every paper waits for review, and none at all for resultType 1', async () => {
    const short = [
      { title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 },
      { title: '简答', quType: 4, quIds: ['r-t-1-q1'], score: 10 },
    ];
    const waiting = await saveExam(ctx, { title: '卡片待阅卷', rules: short, qualifyScore: 5 });
    const hidden = await saveExam(ctx, { title: '卡片不公布', resultType: 1, rules: [short[0]], qualifyScore: 5 });
    for (const examId of [waiting, hidden]) {
      const id = (await call(ctx.app, '/api/paper/paper/create-paper', { examId }, ctx.learner2)).body.data.id;
      await call(
        ctx.app,
        '/api/paper/paper/fill-answer',
        { paperId: id, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] },
        ctx.learner2,
      );
      await call(ctx.app, '/api/paper/paper/hand-exam', { id }, ctx.learner2);
    }
    await graded(ctx.app);
    // Hand-in counted the try but the paper is not final: 待阅卷, no best score, no pass.
    expect((await mine({ title: '卡片待阅卷' }, ctx.learner2))[0]).toMatchObject({
      stateFlag: 'WAIT_REVIEW',
      tryCount: 1,
      maxScore: null,
      passed: null,
    });
    expect((await mine({ title: '卡片不公布' }, ctx.learner2))[0]).toMatchObject({
      stateFlag: 'FINISHED',
      tryCount: 1,
      maxScore: null,
      passed: null,
      resultType: 1,
    });
    // Once reviewed the card shows the final result.
    const [paper] = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.examId, waiting));
    await call(ctx.app, '/api/exam/review/score', { paperId: paper.id, quId: 'r-t-1-q1', score: 4 }, ctx.admin);
    await call(ctx.app, '/api/exam/review/finish', { paperId: paper.id }, ctx.admin);
    expect((await mine({ title: '卡片待阅卷' }, ctx.learner2))[0]).toMatchObject({
      stateFlag: 'FINISHED',
      maxScore: 14,
      passed: true,
    });
  });

  it('shows the demo exam to both demo learners, and a paper can be drawn from the demo banks', async () => {
    for (const token of [ctx.learner, ctx.learner2])
      expect((await mine({ title: '综合考试' }, token)).map((r) => r.id)).toEqual(['e-demo-1']);
    const d = await call(ctx.app, '/api/exam/exam/detail', { id: 'e-demo-1' }, ctx.admin);
    expect(d.body.data).toMatchObject({ totalTime: 30, chance: 0, openType: 1, totalScore: 100 });
    expect(d.body.data.rules.every((r: { repoIds: string[] }) => r.repoIds.join() === 'r-demo-1,r-demo-2')).toBe(true);
    expect(d.body.data.rules.some((r: { quType: number }) => r.quType === 4)).toBe(true);
    const created = await call(ctx.app, '/api/paper/paper/create-paper', { examId: 'e-demo-1' }, ctx.learner2);
    expect([created.status, created.body.msg]).toEqual([200, '操作成功！']);
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, `${C}/mine-paging`, {})).status).toBe(401);
  });
});
