import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { and, eq } from 'drizzle-orm';
import { learnerClient, leaks, quListOf, rightAnswer } from '../testing/answers';
import { examTestAppPerFile, graded, paperRow, saveExam } from '../testing/fixture';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';

describe('create-paper', () => {
  it('is idempotent under concurrent double clicks: one open paper per exam and learner', async () => {
    const examId = await saveExam(ctx);
    const rs = await Promise.all(
      Array.from({ length: 6 }, () => call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)),
    );
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(rs.map((r) => r.body.data.id)).size).toBe(1);
    const papers = await ctx.app.db.select().from(schema.elPaper).where(eq(schema.elPaper.examId, examId));
    expect(papers).toHaveLength(1);
    expect(papers[0]).toMatchObject({ quCount: 13, totalScore: 100, state: 0 });
    const again = await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner);
    expect(again.body.data.id).toBe(papers[0].id);
  });

  it('checks state, window, eligibility, password, chances and points with clear messages', async () => {
    const cases: [Record<string, unknown>, object, number, string][] = [
      [{ startTime: '2099-01-01 00:00:00', endTime: '2099-02-01 00:00:00' }, {}, 409, '考试尚未开始！'],
      // Not visible to this learner: as `detail` answers, nothing says the exam exists (issue 35).
      [{ openType: 2, deptCodes: ['A01A02'] }, {}, 404, '考试不存在或已删除！'],
      [{ openType: 3, userIds: ['u-learner2'] }, {}, 404, '考试不存在或已删除！'],
      [{ openType: 9, password: 'right-pw' }, { password: 'wrong' }, 400, '考试密码错误！'],
      [{ openType: 9, password: 'right-pw' }, {}, 400, '请输入考试密码！'],
      [{ points: 50 }, {}, 409, '积分不足，参加本考试需要50积分！'],
      [{ price: 9.9 }, {}, 409, '该考试需购买后参加！'],
    ];
    for (const [over, body, status, msg] of cases) {
      const examId = await saveExam(ctx, over);
      const r = await call(ctx.app, `${P}/create-paper`, { examId, ...body }, ctx.learner);
      expect([r.status, r.body.msg]).toEqual([status, msg]);
    }
    expect(
      (
        await call(
          ctx.app,
          `${P}/create-paper`,
          { examId: await saveExam(ctx, { openType: 2, deptCodes: ['A01'] }) },
          ctx.learner,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          ctx.app,
          `${P}/create-paper`,
          { examId: await saveExam(ctx, { openType: 9, password: 'pw' }), password: 'pw' },
          ctx.learner,
        )
      ).status,
    ).toBe(200);
    const disabled = await saveExam(ctx, { state: 1 });
    expect(await call(ctx.app, `${P}/create-paper`, { examId: disabled }, ctx.learner)).toMatchObject({
      status: 404,
      body: { msg: '考试不存在或已删除！' },
    });
    expect((await call(ctx.app, `${P}/create-paper`, { examId: 'nope' }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${P}/create-paper`, { examId: '' }, ctx.learner)).status).toBe(400);
    expect((await call(ctx.app, `${P}/create-paper`, { examId: disabled })).status).toBe(401);
  });

  it('takes points once, on the first paper, and counts chances', async () => {
    await ctx.app.db.update(schema.sysUser).set({ points: 100 }).where(eq(schema.sysUser.id, 'u-learner2'));
    const examId = await saveExam(ctx, { points: 30, chance: 2 });
    for (let i = 0; i < 2; i++) {
      const { body } = await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner2);
      expect((await call(ctx.app, `${P}/hand-exam`, { id: body.data.id }, ctx.learner2)).status).toBe(200);
    }
    const [u] = await ctx.app.db.select().from(schema.sysUser).where(eq(schema.sysUser.id, 'u-learner2'));
    expect(u.points).toBe(70);
    const third = await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner2);
    expect([third.status, third.body.msg]).toEqual([409, '考试次数已用完（共2次）！']);
  });
});

describe('answering, hand-in and results', () => {
  it('serves the paper and its questions without any answer, saves every type, grades to the point', async () => {
    // The papers the create-paper tests left open would hold some of these questions and keep their marks back: hand them in.
    const open = await ctx.app.db
      .select({ id: schema.elPaper.id })
      .from(schema.elPaper)
      .where(and(eq(schema.elPaper.userId, 'u-learner'), eq(schema.elPaper.state, 0)));
    for (const p of open) await call(ctx.app, `${P}/hand-exam`, { id: p.id }, ctx.learner);
    await graded(ctx.app);
    // One chance: the sheet with solutions shows once no retake remains (see testing/result-rule.test.ts).
    const examId = await saveExam(ctx, { chance: 1 });
    const me = learnerClient(ctx.app, ctx.learner);
    const { body } = await me.call(`${P}/create-paper`, { examId });
    const id = body.data.id;
    const detail = (await me.call(`${P}/paper-detail`, { id })).body.data;
    expect(detail.leftSeconds).toBeGreaterThan(1790);
    expect(
      detail.groupList.map((g: { title: string; quCount: number; totalScore: number }) => [
        g.title,
        g.quCount,
        g.totalScore,
      ]),
    ).toEqual([
      ['单选题', 5, 20],
      ['多选题', 2, 20],
      ['判断题', 2, 20],
      ['简答题', 1, 10],
      ['填空题', 1, 10],
      ['连线题', 1, 9],
      ['组合题', 1, 11],
    ]);
    let seq = 1;
    for (const q of quListOf(detail)) {
      const qd = (await me.call(`${P}/qu-detail`, { paperId: id, quId: q.quId })).body.data;
      expect(qd.quId).toBe(q.quId);
      if (q.quType === 1) expect(qd.answerList.map((o: { abc: string }) => o.abc)).toEqual(['A', 'B', 'C', 'D']);
      if (q.quType === 5) expect([qd.blankCount, qd.answerList.length]).toEqual([2, 0]);
      if (q.quType === 6) expect([...qd.rightList].sort()).toEqual(['哞', '喵', '汪'].sort());
      if (q.quType === 99) expect(qd.subList).toHaveLength(2);
      const saved = await me.call(`${P}/fill-answer`, {
        paperId: id,
        quId: q.quId,
        seq: seq++,
        ...rightAnswer(q.quId),
      });
      expect(saved.body.data).toMatchObject({ answered: true, stale: false });
    }
    const single = quListOf(detail).find((q) => q.quType === 1)!;
    const back = (await me.call(`${P}/qu-detail`, { paperId: id, quId: single.quId })).body.data;
    expect(back.answerList.filter((o: { checked: boolean }) => o.checked).map((o: { id: string }) => o.id)).toEqual([
      `${single.quId}a`,
    ]);
    expect((await me.call(`${P}/left-time`, { id })).body.data).toBeGreaterThan(1790);
    expect((await me.call(`${P}/check-process`, { examId })).body.data).toMatchObject({ id, examId });
    expect((await me.call(`${P}/paper-result`, { id })).status).toBe(409);
    // Nothing that reached the learner before hand-in gives an answer away.
    expect(leaks(me.seen)).toEqual([]);

    const hand = await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner);
    // Marked and queued: 阅卷中 with the pass 待出分 until the grading queue has graded it.
    expect(hand.body.data).toEqual({ id, state: 4 });
    await graded(ctx.app, [id]);
    const result = await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner);
    expect([result.status, result.body.msg]).toEqual([200, '操作成功！']);
    const res = result.body.data;
    expect(res).toMatchObject({ state: 1, state_dictText: '待阅卷', userScore: 90, passed: null, totalScore: 100 });
    expect(res.quList).toHaveLength(13);
    expect(res.quList.find((q: { quType: number }) => q.quType === 4)).toMatchObject({
      review: true,
      isRight: null,
      actualScore: 0,
    });
    expect(res.quList.find((q: { quType: number }) => q.quType === 5).solution.blankAnswers).toEqual([
      '北京||Beijing',
      '2',
    ]);
    expect((await call(ctx.app, `${P}/check-process`, { examId }, ctx.learner)).body.data).toBeNull();
    expect(
      (await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: single.quId, answers: [] }, ctx.learner)).body.code,
    ).toBe(20010001);
  });

  it('grades partial answers exactly, hands in once under concurrent calls, and fills the book once', async () => {
    const examId = await saveExam(ctx);
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner2)).body.data.id;
    const list = quListOf((await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner2)).body.data);
    const partial = (quId: string, t: number) => {
      if (t === 1) return { answers: [`${quId}b`] }; // wrong: 0
      if (t === 2) return { answers: [`${quId}a`] }; // half right, no partial credit: 0
      if (t === 3) return { answers: [`${quId}a`] }; // right: 10 each
      if (t === 5) return { blanks: ['北京', '3'] }; // one blank of two: 5
      if (t === 6) return { pairs: ['喵', '哞', '哞'] }; // two pairs of three: 6
      if (t === 99) return rightAnswer(quId); // 11
      return { answer: '' };
    };
    for (const q of list) {
      const r = await call(
        ctx.app,
        `${P}/fill-answer`,
        { paperId: id, quId: q.quId, ...partial(q.quId, q.quType) },
        ctx.learner2,
      );
      expect(r.status).toBe(200);
    }
    const hands = await Promise.all(
      Array.from({ length: 5 }, () => call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner2)),
    );
    expect(hands.map((h) => h.status)).toEqual(Array(5).fill(200));
    await graded(ctx.app, [id]);
    const p = await paperRow(ctx.app, id);
    // judge 20 + fill-in 5 + matching 6 + composite 11; short answer waits for review.
    expect([p.userScore, p.state, p.exState]).toEqual([42, 1, 0]);
    const [stat] = await ctx.app.db
      .select()
      .from(schema.elExamUser)
      .where(and(eq(schema.elExamUser.examId, examId), eq(schema.elExamUser.userId, 'u-learner2')));
    expect(stat.tryCount).toBe(1);
    const book = await ctx.app.db
      .select()
      .from(schema.elBook)
      .where(and(eq(schema.elBook.refType, 'exam'), eq(schema.elBook.refId, examId)));
    expect(book).toHaveLength(9); // 5 single + 2 multiple + fill-in + matching
    expect(book.every((b) => b.wrongCount === 1 && b.userId === 'u-learner2')).toBe(true);
  });

  it('enters wrong answers in the book, never questions left blank (they were not answered wrongly)', async () => {
    const quIds = ['r-t-1-s1', 'r-t-1-s2', 'r-t-1-s3', 'r-t-1-s4'];
    const examId = await saveExam(ctx, {
      title: '留空不入错题本',
      rules: [{ title: '单选', quType: 1, quIds, score: 25 }],
    });
    const bookOf = async () =>
      (
        await ctx.app.db
          .select()
          .from(schema.elBook)
          .where(and(eq(schema.elBook.refType, 'exam'), eq(schema.elBook.refId, examId)))
      )
        .map((b) => [b.quId, b.wrongCount, b.inWrong])
        .sort();
    const take = async (answers: Record<string, string>) => {
      const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
      for (const [quId, opt] of Object.entries(answers))
        await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId, answers: [`${quId}${opt}`] }, ctx.learner);
      // Chosen, then cleared: as blank as never touched.
      await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: 'r-t-1-s4', answers: [] }, ctx.learner);
      await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner);
      await graded(ctx.app, [id]);
    };
    // s1 wrong, s2 right, s3 and s4 blank.
    await take({ 'r-t-1-s1': 'b', 'r-t-1-s2': 'a' });
    expect(await bookOf()).toEqual([['r-t-1-s1', 1, true]]);
    // A wrong question left blank next time stays as it was: neither wrong again nor put right.
    await take({ 'r-t-1-s3': 'c' });
    expect(await bookOf()).toEqual([
      ['r-t-1-s1', 1, true],
      ['r-t-1-s3', 1, true],
    ]);
  });

  it('finishes a paper without short answers (state 2), with pass and best score in the stats', async () => {
    const examId = await saveExam(ctx, {
      qualifyScore: 50,
      resultType: 2,
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1', 'r-t-1-s2'], score: 50 }],
    });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id;
    await call(ctx.app, `${P}/fill-answer`, { paperId: id, quId: 'r-t-1-s1', answers: ['r-t-1-s1a'] }, ctx.learner);
    expect((await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner)).body.data.state).toBe(4);
    await graded(ctx.app, [id]);
    const res = (await call(ctx.app, `${P}/paper-result`, { id }, ctx.learner)).body.data;
    expect(res).toMatchObject({ state: 2, userScore: 50, passed: true, resultType: 2 });
    expect(res).not.toHaveProperty('quList');
    const [stat] = await ctx.app.db
      .select()
      .from(schema.elExamUser)
      .where(and(eq(schema.elExamUser.examId, examId), eq(schema.elExamUser.userId, 'u-learner')));
    expect(stat).toMatchObject({ tryCount: 1, maxScore: 50, passed: true });
    const hidden = await saveExam(ctx, {
      resultType: 1,
      qualifyScore: 10,
      rules: [{ title: '单选', quType: 1, quIds: ['r-t-1-s1'], score: 10 }],
    });
    const hid = (await call(ctx.app, `${P}/create-paper`, { examId: hidden }, ctx.learner)).body.data.id;
    await call(ctx.app, `${P}/hand-exam`, { id: hid }, ctx.learner);
    await graded(ctx.app, [hid]);
    const r1 = (await call(ctx.app, `${P}/paper-result`, { id: hid }, ctx.learner)).body.data;
    expect(r1).toMatchObject({ state: 2, resultType: 1 });
    for (const k of ['userScore', 'passed', 'quList']) expect(r1).not.toHaveProperty(k);
  });
});
