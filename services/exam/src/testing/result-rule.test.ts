import { describe, expect, it } from '@rstest/core';
import { RETAKE_NOTE, schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { eq } from 'drizzle-orm';
import { quListOf } from './answers';
import { graded, saveExam, examTestAppPerFile } from './fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const rules = [{ title: '单选题', quType: 1, repoIds: ['r-t-1'], count: 2, score: 50 }];

/** Takes the exam once as the learner, answering every question wrong (each goes to the book). */
async function takeWrong(examId: string) {
  const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id as string;
  for (const q of quListOf((await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner)).body.data)) {
    await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: q.quId, answers: [`${q.quId}b`] }, ctx.learner); // option A is the right one
  }
  expect((await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner)).body.data.state).toBe(4);
  await graded(ctx.app, [id]);
  return id;
}

/** What the learner's book tells of the exam's wrong questions: each entry's detail. */
async function bookOf(examId: string) {
  const page = await call(
    ctx.app,
    '/api/client/book/paging',
    { current: 1, size: 50, params: { refType: 'exam', refId: examId } },
    ctx.learner,
  );
  const rows = page.body.data.records as { id: string }[];
  expect(rows).toHaveLength(2);
  return Promise.all(
    rows.map(async (r) => (await call(ctx.app, '/api/client/book/detail', { id: r.id }, ctx.learner)).body.data),
  );
}

/** The learner's own exam card and record row: the lists follow the same rule as paper-result. */
async function listsOf(examId: string) {
  const mine = await call(
    ctx.app,
    '/api/client/exam/mine-paging',
    { current: 1, size: 100, params: { flag: 'ALL' } },
    ctx.learner,
  );
  const records = await call(ctx.app, `${P}/paging`, { current: 1, size: 10, params: { examId } }, ctx.learner);
  return {
    card: mine.body.data.records.find((e: { id: string }) => e.id === examId),
    row: records.body.data.records[0],
  };
}

describe('one rule for what a learner sees of a handed-in paper: paper-result, the book and the lists agree', () => {
  it('resultType 0 with retakes left in an open window: score and pass, no sheet, no solution in the book', async () => {
    const examId = await saveExam(ctx, { title: '可重考', chance: 0, resultType: 0, rules });
    const id = await takeWrong(examId);
    const r = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect(r).toMatchObject({ userScore: 0, passed: false, note: RETAKE_NOTE });
    expect(r.quList).toBeUndefined();
    for (const d of await bookOf(examId)) {
      expect(d.solution).toBeUndefined();
      expect(d.notice).toBe(RETAKE_NOTE);
    }
    expect(await listsOf(examId)).toMatchObject({
      card: { maxScore: 0, passed: false },
      row: { userScore: 0, passed: false },
    });

    // Once the window closes nothing can be retaken: the sheet and the book's solutions appear.
    await ctx.app.db
      .update(schema.elExam)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(schema.elExam.id, examId));
    const closed = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect(closed.note).toBeUndefined();
    expect(closed.quList).toHaveLength(2);
    expect(closed.quList[0].solution.rightIds).toHaveLength(1);
    for (const d of await bookOf(examId)) expect(d.solution.rightIds).toHaveLength(1);
  });

  it('resultType 0 with the last chance used: the sheet with solutions, and the book shows them too', async () => {
    const examId = await saveExam(ctx, { title: '一次机会', chance: 1, resultType: 0, rules });
    const id = await takeWrong(examId);
    const r = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect(r.quList.map((q: { isRight: boolean; actualScore: number }) => [q.isRight, q.actualScore])).toEqual([
      [false, 0],
      [false, 0],
    ]);
    for (const d of await bookOf(examId)) expect(d.solution.quId).toBe(d.quId);
  });

  it('resultType 1 (only handed in): no score anywhere and no solution in the book, even with no retakes left', async () => {
    const examId = await saveExam(ctx, { title: '不显示成绩', chance: 1, resultType: 1, rules });
    const id = await takeWrong(examId);
    const r = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect([r.userScore, r.passed, r.quList]).toEqual([undefined, undefined, undefined]);
    for (const d of await bookOf(examId)) {
      expect(d.solution).toBeUndefined();
      expect(d.notice).toBe('本场考试不公布答案与解析。');
    }
    expect(await listsOf(examId)).toMatchObject({
      card: { maxScore: null, passed: null },
      row: { userScore: null, passed: null },
    });
  });

  it('resultType 2 (score only): score and pass, no sheet, no solution in the book', async () => {
    const examId = await saveExam(ctx, { title: '只显示成绩', chance: 1, resultType: 2, rules });
    const id = await takeWrong(examId);
    const r = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect(r).toMatchObject({ userScore: 0, passed: false });
    expect([r.quList, r.note]).toEqual([undefined, undefined]);
    for (const d of await bookOf(examId)) expect(d.solution).toBeUndefined();
  });

  it('another learner reads none of it (their ids are not found)', async () => {
    const examId = await saveExam(ctx, { title: '他人', chance: 1, resultType: 0, rules });
    const id = await takeWrong(examId);
    expect((await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner2)).status).toBe(404);
    const [entry] = await bookOf(examId);
    expect((await call(ctx.app, '/api/client/book/detail', { id: entry.id }, ctx.learner2)).status).toBe(404);
  });
});
