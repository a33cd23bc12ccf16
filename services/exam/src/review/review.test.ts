import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { graded, saveExam, examTestAppPerFile } from '../testing/fixture';

const ctx = examTestAppPerFile();

const R = '/api/exam/review';
const P = '/api/paper/paper';
/** Two fixed singles (20 each) and one short answer (60); pass at 60. */
const rules = [
  { title: '单选题', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 20 },
  { title: '简答题', quType: 4, quIds: ['r-t-1-q1'], score: 60 },
];

/** A learner takes the exam: s1 right, s2 wrong, a short answer; handed in → 待阅卷. */
async function handedPaper(examId: string, token: string) {
  const id = (await call(ctx.app, `${P}/create-paper`, { examId }, token)).body.data.id as string;
  await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] }, token);
  await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: 'r-t-1-s2', answers: ['r-t-1-s2b'] }, token);
  await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: 'r-t-1-q1', answer: '注意安全和规范' }, token);
  expect((await call(ctx.app, `${P}/hand-exam`, { id }, token)).status).toBe(200);
  await graded(ctx.app, [id]);
  return id;
}
/** The learner's card flag for the exam, and whether the exam is listed under that tab. */
async function learnerFlag(examId: string, token: string, flag: string) {
  const all = (await call(ctx.app, '/api/client/exam/mine-paging', { size: 100, params: { flag: 'ALL' } }, token)).body
    .data.records;
  const tab = (await call(ctx.app, '/api/client/exam/mine-paging', { size: 100, params: { flag } }, token)).body.data
    .records;
  return {
    flag: all.find((e: { id: string }) => e.id === examId)?.stateFlag,
    listed: tab.some((e: { id: string }) => e.id === examId),
  };
}
const examUser = async (examId: string, userId: string) =>
  (await ctx.app.db.select().from(schema.elExamUser).where(eq(schema.elExamUser.examId, examId))).find(
    (r) => r.userId === userId,
  );

describe('manual review', () => {
  it('lists waiting papers, shows the short answer, scores within bounds and publishes once', async () => {
    const examId = await saveExam(ctx, { rules, qualifyScore: 60 });
    const paperId = await handedPaper(examId, ctx.learner);
    const other = await handedPaper(examId, ctx.learner2);

    const page = (await call(ctx.app, `${R}/paging`, { params: { examId } }, ctx.admin)).body.data;
    expect(page.total).toBe(2);
    expect(page.records.find((r: { id: string }) => r.id === paperId)).toMatchObject({
      objScore: 20,
      totalScore: 100,
      reviewCount: 1,
      reviewing: false,
    });

    const d = (await call(ctx.app, `${R}/paper-detail`, { paperId }, ctx.admin)).body.data;
    expect(d).toMatchObject({ state: 1, objScore: 20, qualifyScore: 60 });
    expect(d.quList).toEqual([
      expect.objectContaining({
        quId: 'r-t-1-q1',
        answer: '注意安全和规范',
        refAnswer: '参考答案',
        keywordHits: ['安全', '规范'],
        maxScore: 60,
        score: null,
      }),
    ]);

    expect(await learnerFlag(examId, ctx.learner, 'WAIT_REVIEW')).toEqual({ flag: 'WAIT_REVIEW', listed: true });
    // Finishing before every short answer is scored is refused.
    expect((await call(ctx.app, `${R}/finish`, { paperId }, ctx.admin)).body.msg).toBe(
      '还有试题未评分，请评分后再完成阅卷！',
    );
    const over = await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: 61 }, ctx.admin);
    expect([over.status, over.body.msg]).toEqual([400, '得分必须在0到60分之间！']);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: -1 }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-s1', score: 1 }, ctx.admin)).status).toBe(404);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: 30 }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: 45.5 }, ctx.admin)).status).toBe(200);
    const again = (await call(ctx.app, `${R}/paging`, { params: { examId } }, ctx.admin)).body.data.records;
    expect(again.find((r: { id: string }) => r.id === paperId).reviewing).toBe(true);
    // Once a reviewer has scored, the learner sees 阅卷中 (IN_REVIEW), no longer 待阅卷.
    expect(await learnerFlag(examId, ctx.learner, 'IN_REVIEW')).toEqual({ flag: 'IN_REVIEW', listed: true });
    expect((await learnerFlag(examId, ctx.learner, 'WAIT_REVIEW')).listed).toBe(false);
    expect((await learnerFlag(examId, ctx.learner2, 'WAIT_REVIEW')).listed).toBe(true);
    expect((await call(ctx.app, `${R}/paper-detail`, { paperId }, ctx.admin)).body.data.quList[0].score).toBe(45.5);

    const tryBefore = (await examUser(examId, 'u-learner'))?.tryCount;
    const fin = await call(ctx.app, `${R}/finish`, { paperId }, ctx.admin);
    expect(fin.body.data).toEqual({ userScore: 65.5, passed: true });
    const [p] = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, paperId));
    expect(p).toMatchObject({ state: 2, userScore: 65.5, objScore: 20, subjScore: 45.5, passed: true });
    expect(await examUser(examId, 'u-learner')).toMatchObject({ tryCount: tryBefore, maxScore: 65.5, passed: true });
    expect(await learnerFlag(examId, ctx.learner, 'FINISHED')).toEqual({ flag: 'FINISHED', listed: true });
    // Published: no longer waiting, a second finish or score is refused.
    expect((await call(ctx.app, `${R}/finish`, { paperId }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: 1 }, ctx.admin)).status).toBe(400);

    await call(ctx.app, `${R}/score`, { paperId: other, quId: 'r-t-1-q1', score: 0 }, ctx.admin);
    expect((await call(ctx.app, `${R}/finish`, { paperId: other }, ctx.admin)).body.data).toEqual({
      userScore: 20,
      passed: false,
    });
    expect(await examUser(examId, 'u-learner2')).toMatchObject({ tryCount: 1, maxScore: 20, passed: false });
    expect((await call(ctx.app, `${R}/paging`, { params: { examId } }, ctx.admin)).body.data.total).toBe(0);
  });

  it('a composite with a short answer: the objective child keeps its points, the reviewer scores only the short share', async () => {
    // Composite 10 = single child 5 + short child 5 (grading splits equally); a separate single 5; pass at 12.
    const examId = await saveExam(ctx, {
      qualifyScore: 12,
      chance: 1,
      rules: [
        { title: '单选题', quType: 1, quIds: ['r-t-1-s1'], score: 5 },
        { title: '组合题', quType: 99, quIds: ['r-t-1-z1'], score: 10 },
      ],
    });
    const paperId = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    await call(ctx.app, `${P}/fill-answer`, { paperId, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] }, ctx.learner);
    await call(
      ctx.app,
      `${P}/fill-answer`,
      {
        paperId,
        quId: 'r-t-1-z1',
        subs: { 'r-t-1-z1k1': { answers: ['r-t-1-z1k1a'] }, 'r-t-1-z1k2': { text: '注意规范' } },
      },
      ctx.learner,
    );
    expect((await call(ctx.app, `${P}/hand-exam`, { id: paperId }, ctx.learner)).body.data.state).toBe(4);
    await graded(ctx.app, [paperId]);

    const d = (await call(ctx.app, `${R}/paper-detail`, { paperId }, ctx.admin)).body.data;
    expect(d.objScore).toBe(10);
    expect(d.quList).toHaveLength(1);
    expect(d.quList[0]).toMatchObject({
      quId: 'r-t-1-z1',
      quType: 99,
      maxScore: 5,
      fullScore: 10,
      autoScore: 5,
      answer: '注意规范',
      keywordHits: ['规范'],
      score: null,
    });
    expect(d.quList[0].subList).toEqual([
      expect.objectContaining({
        quId: 'r-t-1-z1k1',
        quType: 1,
        review: false,
        score: 5,
        autoScore: 5,
        answer: '',
        refAnswer: '',
      }),
      expect.objectContaining({
        quId: 'r-t-1-z1k2',
        quType: 4,
        content: '简答子题',
        review: true,
        score: 5,
        autoScore: null,
        answer: '注意规范',
        refAnswer: '参考答案',
        keywordHits: ['规范'],
      }),
    ]);
    const over = await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-z1', score: 5.5 }, ctx.admin);
    expect([over.status, over.body.msg]).toEqual([400, '得分必须在0到5分之间！']);
    expect((await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-z1', score: 3.5 }, ctx.admin)).status).toBe(200);
    // Final = objective 5 (single) + 5 (composite's single child) + the reviewer's 3.5.
    expect((await call(ctx.app, `${R}/finish`, { paperId }, ctx.admin)).body.data).toEqual({
      userScore: 13.5,
      passed: true,
    });
    const [p] = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.id, paperId));
    expect(p).toMatchObject({ state: 2, userScore: 13.5, objScore: 10, subjScore: 3.5 });
    expect(await examUser(examId, 'u-learner')).toMatchObject({ maxScore: 13.5, passed: true });

    // The learner's sheet shows the composite's children with their own answers and solutions.
    const res = (await call(ctx.app, `${P}/paper-result`, { id: paperId }, ctx.learner)).body.data;
    const comp = res.quList.find((q: { quId: string }) => q.quId === 'r-t-1-z1');
    expect(comp).toMatchObject({ actualScore: 8.5, isRight: false, review: true, score: 10 });
    expect(comp.subList).toEqual([
      expect.objectContaining({
        quId: 'r-t-1-z1k1',
        score: 5,
        actualScore: 5,
        isRight: true,
        review: false,
        myAnswer: { answers: ['r-t-1-z1k1a'] },
      }),
      expect.objectContaining({
        quId: 'r-t-1-z1k2',
        score: 5,
        actualScore: null,
        isRight: null,
        review: true,
        myAnswer: { text: '注意规范' },
      }),
    ]);
    expect(comp.subList[0].answerList.map((o: { abc: string }) => o.abc)).toEqual(['A', 'B', 'C', 'D']);
    expect(comp.subList[0].solution).toMatchObject({ quId: 'r-t-1-z1k1', rightIds: ['r-t-1-z1k1a'] });
    expect(comp.subList[1].solution).toMatchObject({ quId: 'r-t-1-z1k2', refAnswer: '参考答案' });
  });

  it('finishes exactly once under concurrent clicks', async () => {
    const examId = await saveExam(ctx, { rules, qualifyScore: 60 });
    const paperId = await handedPaper(examId, ctx.learner);
    await call(ctx.app, `${R}/score`, { paperId, quId: 'r-t-1-q1', score: 60 }, ctx.admin);
    const rs = await Promise.all([1, 2, 3].map(() => call(ctx.app, `${R}/finish`, { paperId }, ctx.admin)));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('validates bodies (400), unknown papers (404) and guards every call (401, 403 for a learner)', async () => {
    expect((await call(ctx.app, `${R}/score`, { paperId: 'x', quId: 'y' }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${R}/score`, { paperId: 'x', quId: 'y', score: '5' }, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${R}/finish`, {}, ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${R}/paper-detail`, { paperId: 'nope' }, ctx.admin)).status).toBe(404);
    expect((await call(ctx.app, `${R}/finish`, { paperId: 'nope' }, ctx.admin)).status).toBe(404);
    expect((await call(ctx.app, `${R}/score`, { paperId: 'nope', quId: 'q', score: 1 }, ctx.admin)).status).toBe(404);
    for (const [url, body] of [
      [`${R}/paging`, {}],
      [`${R}/paper-detail`, { paperId: 'x' }],
      [`${R}/score`, { paperId: 'x', quId: 'y', score: 1 }],
      [`${R}/finish`, { paperId: 'x' }],
    ] as const) {
      expect((await call(ctx.app, url, body, ctx.learner)).status).toBe(403);
      expect((await call(ctx.app, url, body)).status).toBe(401);
    }
  });
});
