import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { learnerClient, leaks, quListOf } from '../testing/answers';
import { examTestAppPerFile, graded, paperRow, saveExam } from '../testing/fixture';

// A paper's option pictures and its saves (order, deadline, ownership, input); creating, answering and grading a
// paper are in paper.test.ts.
const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const setDeadline = (id: string, msFromNow: number) =>
  ctx.app.db
    .update(schema.elPaper)
    .set({ limitTime: new Date(Date.now() + msFromNow) })
    .where(eq(schema.elPaper.id, id));

describe('option pictures', () => {
  it('shows each option picture in the paper and on the result sheet, still without answers', async () => {
    const PIC = '/api/common/file/get/20260101/0123456789abcdef0123456789abcdef.png';
    const { elRepo, elQu, elQuAnswer } = schema;
    await ctx.app.db.insert(elRepo).values({ id: 'r-img', title: '图片题库' });
    await ctx.app.db.insert(elQu).values([
      { id: 'img-s1', repoId: 'r-img', quType: 1, content: '选图' },
      { id: 'img-c1', repoId: 'r-img', quType: 99, content: '组合' },
      { id: 'img-c1k1', repoId: 'r-img', parentId: 'img-c1', quType: 1, content: '子题选图' },
    ]);
    await ctx.app.db.insert(elQuAnswer).values([
      { id: 'img-s1a', quId: 'img-s1', sort: 0, content: '圆', isRight: true, image: PIC },
      { id: 'img-s1b', quId: 'img-s1', sort: 1, content: '方' },
      { id: 'img-c1k1a', quId: 'img-c1k1', sort: 0, content: '', isRight: true, image: PIC },
      { id: 'img-c1k1b', quId: 'img-c1k1', sort: 1, content: '方' },
    ]);
    const examId = await saveExam(ctx, {
      chance: 1,
      rules: [
        { title: '单选', quType: 1, quIds: ['img-s1'], score: 50 },
        { title: '组合', quType: 99, quIds: ['img-c1'], score: 50 },
      ],
    });
    const me = learnerClient(ctx.app, ctx.learner2);
    const id = (await me.call(`${P}/create-paper`, { examId })).body.data.id;
    const images = (list: { id: string; image: string }[]) => Object.fromEntries(list.map((o) => [o.id, o.image]));
    const single = (await me.call(`${P}/qu-detail`, { paperId: id, quId: 'img-s1' })).body.data;
    expect(images(single.answerList)).toEqual({ 'img-s1a': PIC, 'img-s1b': '' });
    const comp = (await me.call(`${P}/qu-detail`, { paperId: id, quId: 'img-c1' })).body.data;
    expect(images(comp.subList[0].answerList)).toEqual({ 'img-c1k1a': PIC, 'img-c1k1b': '' });
    expect(leaks(me.seen)).toEqual([]);
    await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner2);
    await graded(ctx.app, [id]);
    const res = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner2)).body.data;
    expect(images(res.quList.find((q: { quId: string }) => q.quId === 'img-s1').answerList)).toEqual({
      'img-s1a': PIC,
      'img-s1b': '',
    });
  });
});

describe('saves: order, deadline, ownership, input', () => {
  it('never lets an older save overwrite a newer one', async () => {
    const examId = await saveExam(ctx, {
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }],
      qualifyScore: 5,
    });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const fill = (seq: number, opt: string) =>
      call(
        ctx.app,
        `${P}/fill-answer`,
        { paperId: id, quId: 'r-t-1-s1', answers: [`r-t-1-s1${opt}`], seq },
        ctx.learner,
      );
    expect((await fill(5, 'c')).body.data).toMatchObject({ stale: false, seq: 5 });
    expect((await fill(3, 'a')).body.data).toMatchObject({ stale: true, seq: 5 });
    const qd = (await call(ctx.app, `${P}/qu-detail`, { paperId: id, quId: 'r-t-1-s1' }, ctx.learner)).body.data;
    expect(qd.myAnswer).toEqual({ answers: ['r-t-1-s1c'] });
    expect((await fill(6, 'a')).body.data).toMatchObject({ stale: false, seq: 6 });
    const mark = await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-s1', mark: true, seq: 7 },
      ctx.learner,
    );
    expect(mark.body.data).toMatchObject({ mark: true, answered: true });
  });

  it('accepts saves within the grace after the deadline, refuses later ones (20010001) and hands the paper in', async () => {
    const examId = await saveExam(ctx, {
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }],
      qualifyScore: 5,
    });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    await setDeadline(id, -5_000);
    const inGrace = await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] },
      ctx.learner,
    );
    expect(inGrace.status).toBe(200);
    await setDeadline(id, -20_000);
    const late = await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-s1', answers: ['r-t-1-s1b'] },
      ctx.learner,
    );
    expect([late.status, late.body.code]).toEqual([409, 20010001]);
    await graded(ctx.app, [id]);
    const p = await paperRow(ctx.app, id);
    expect([p.state, p.userScore, p.exMsg]).toEqual([2, 10, '考试时间到，系统自动交卷']);
    expect((await call(ctx.app, `${P}/qu-detail`, { paperId: id, quId: 'r-t-1-s1' }, ctx.learner)).body.code).toBe(
      20010001,
    );
  });

  it("answers 404 for another learner's paper on every call", async () => {
    const examId = await saveExam(ctx);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const calls: [string, object][] = [
      [`${P}/paper-detail`, { id }],
      [`${P}/qu-detail`, { paperId: id, quId: 'r-t-1-s1' }],
      [`${P}/fill-answer`, { paperId: id, quId: 'r-t-1-s1', answers: [] }],
      [`${P}/hand-exam`, { id }],
      [`${P}/paper-result`, { id }],
      [`${P}/left-time`, { id }],
      [`${P}/leave-incr`, { id }],
      ['/api/paper/capture/save', { paperId: id, base64: 'AAAA' }],
    ];
    for (const [url, body] of calls)
      expect([url, (await call(ctx.app, url, body, ctx.learner2)).status]).toEqual([url, 404]);
    // check-process answers only the caller's own open paper: none for another learner.
    expect((await call(ctx.app, `${P}/check-process`, { examId }, ctx.learner2)).body.data).toBeNull();
    expect((await call(ctx.app, `${P}/check-process`, { examId }, ctx.learner)).body.data).toMatchObject({ id });
    const page = await call(
      ctx.app,
      `${P}/paging`,
      { current: 1, size: 50, params: { userId: 'u-learner' } },
      ctx.learner2,
    );
    expect(page.body.data.records.every((r: { userId: string }) => r.userId === 'u-learner2')).toBe(true);
    const mine = await call(ctx.app, `${P}/paging`, { current: 1, size: 50, params: { examId } }, ctx.learner);
    expect(mine.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await paperRow(ctx.app, id)).state).toBe(0);
  });

  it('refuses bad input with 400', async () => {
    const examId = await saveExam(ctx);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    const list = quListOf((await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner)).body.data);
    const single = list.find((q) => q.quType === 1)!.quId;
    const multi = list.find((q) => q.quType === 2)!.quId;
    const comp = list.find((q) => q.quType === 99)!.quId;
    const bad: [object | string, string | undefined][] = [
      [{ paperId: id, quId: single, answers: ['r-t-1-s9z'] }, '答案选项不属于该试题！'],
      [{ paperId: id, quId: single, answers: [`${single}a`, `${single}b`] }, '该题只能选择一个选项！'],
      [{ paperId: id, quId: multi, answers: ['x'.repeat(65)] }, undefined],
      [{ paperId: id, quId: comp, subs: { other: { answers: [] } } }, '子题不属于该试题！'],
      [{ paperId: id, quId: single, seq: -1 }, undefined],
      [{ paperId: id }, undefined],
      ['{not json', undefined],
    ];
    for (const [body, msg] of bad) {
      const r = await call(ctx.app, `${P}/fill-answer`, body, ctx.learner);
      expect(r.status).toBe(400);
      if (msg) expect(r.body.msg).toBe(msg);
    }
    expect(
      (
        await call(
          ctx.app,
          `${P}/fill-answer`,
          { paperId: id, quId: 'r-t-1-s6-not-in-paper', answers: [] },
          ctx.learner,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call(ctx.app, '/api/paper/capture/save', { paperId: id, base64: '<script>' }, ctx.learner)).status,
    ).toBe(400);
    // Every paper call validates its body: a missing, empty, over-long or mistyped id is a 400.
    const badIds = [{}, { id: '' }, { id: 'x'.repeat(65) }, { id: 42 }];
    for (const url of ['paper-detail', 'hand-exam', 'paper-result', 'left-time', 'leave-incr']) {
      for (const body of badIds)
        expect([url, body, (await call(ctx.app, `${P}/${url}`, body, ctx.learner)).status]).toEqual([url, body, 400]);
    }
    for (const body of [{ paperId: id }, { quId: single }, { paperId: id, quId: '' }, { paperId: 1, quId: single }]) {
      expect((await call(ctx.app, `${P}/qu-detail`, body, ctx.learner)).status).toBe(400);
    }
    for (const body of [{ examId: '' }, { examId: 7 }, { examId: 'x'.repeat(65) }])
      expect((await call(ctx.app, `${P}/check-process`, body, ctx.learner)).status).toBe(400);
    // Nothing was handed in or counted by the refused calls.
    expect(await paperRow(ctx.app, id)).toMatchObject({ state: 0, leaveTimes: 0 });
  });
});
