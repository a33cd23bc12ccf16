import { AsyncLocalStorage } from 'node:async_hooks';
import { eq } from 'drizzle-orm';
import { schema, watchStatements } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { describe, expect, it } from '@rstest/core';
import { leaks } from '../testing/answers';
import { allTypeRules, saveExam, examTestAppPerFile } from '../testing/fixture';
import { quViewCache } from './qu-cache';

const ctx = examTestAppPerFile();

const P = '/api/paper/paper';
const allTypes = allTypeRules();

/** The SQL statements run while serving `fn`'s requests (background jobs of the app are not counted). */
const inRequest = new AsyncLocalStorage<string[]>();
async function statements<T>(fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const stop = watchStatements(ctx.app.db, (q) => inRequest.getStore()?.push(q));
  try {
    return { result: await inRequest.run(sql, fn), sql };
  } finally {
    stop();
  }
}

describe('paper-view: the whole paper in one call', () => {
  it('gives every question as qu-detail does, in the paper order, with no answer of any type', async () => {
    const examId = await saveExam(ctx, { title: '一次取卷', rules: allTypes, qualifyScore: 60, shuffleOpt: true });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id as string;
    await call(
      ctx.app,
      `${P}/fill-answer`,
      { paperId: id, quId: 'r-t-1-z1', subs: { 'r-t-1-z1k2': { text: '我的答案' } }, mark: true, seq: 1 },
      ctx.learner,
    );
    // An answer to every other question, so the checked options, blanks, pairs and texts are compared too.
    type Q = { quId: string; quType: number; answerList: { id: string }[]; rightList: string[] };
    const first = (await call(ctx.app, `${P}/paper-view`, { id }, ctx.learner)).body.data.quList as Q[];
    const items = first
      .filter((q) => q.quType !== 99)
      .map((q, i) => ({
        quId: q.quId,
        seq: 2 + i,
        ...(q.quType === 4
          ? { answer: `回答"${i}"<b>` }
          : q.quType === 5
            ? { blanks: ['北京', `第${i}空`] }
            : q.quType === 6
              ? { pairs: [q.rightList[0]] }
              : { answers: q.quType === 2 ? q.answerList.slice(0, 2).map((o) => o.id) : [q.answerList[0].id] }),
      }));
    expect((await call(ctx.app, `${P}/fill-answers`, { paperId: id, items }, ctx.learner)).status).toBe(200);
    const view = (await call(ctx.app, `${P}/paper-view`, { id }, ctx.learner)).body.data;
    expect(view.quList.filter((q: { answered: boolean }) => q.answered)).toHaveLength(items.length + 1);
    const detail = (await call(ctx.app, `${P}/paper-detail`, { id }, ctx.learner)).body.data;
    const { quList, ...rest } = view;
    expect({ ...rest, leftSeconds: 0 }).toEqual({ ...detail, leftSeconds: 0 });
    expect(quList.map((q: { quId: string }) => q.quId)).toEqual(
      detail.groupList.flatMap((g: { quList: { quId: string }[] }) => g.quList.map((q) => q.quId)),
    );
    expect(new Set(quList.map((q: { quType: number }) => q.quType))).toEqual(
      new Set([1, 2, 3, 4, 5, 6, 26, 27, 28, 99]),
    );
    for (const q of quList)
      expect(q).toEqual((await call(ctx.app, `${P}/qu-detail`, { paperId: id, quId: q.quId }, ctx.learner)).body.data);
    const z1 = quList.find((q: { quId: string }) => q.quId === 'r-t-1-z1');
    expect(z1).toMatchObject({
      mark: true,
      answered: true,
      myAnswer: { subs: { 'r-t-1-z1k2': { text: '我的答案' } } },
    });
    expect(leaks(view)).toEqual([]);
    // Nor anything the scanner does not know by name: only the learner's fields are there.
    const keys = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          walk(x);
        }
      }
    };
    walk(quList);
    for (const secret of [
      'isRight',
      'analysis',
      'refAnswer',
      'keywords',
      'solution',
      'rightIds',
      'blankAnswers',
      'pairAnswers',
      'optionScores',
    ]) {
      expect(keys.has(secret)).toBe(false);
    }
  });

  it("is the owner's only, and ends with the exam", async () => {
    const examId = await saveExam(ctx, { title: '取卷权限', totalTime: 1 });
    const id = (await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body.data.id as string;
    expect((await call(ctx.app, `${P}/paper-view`, { id }, ctx.learner2)).status).toBe(404);
    expect((await call(ctx.app, `${P}/paper-view`, { id: 'no-such' }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${P}/paper-view`, { id: 42 }, ctx.learner)).status).toBe(400);
    await call(ctx.app, `${P}/hand-exam`, { id }, ctx.learner);
    expect((await call(ctx.app, `${P}/paper-view`, { id }, ctx.learner)).body).toMatchObject({ code: 20010001 });
  });

  it('shows an edited question in new papers, and a disabled exam is refused at once', async () => {
    const { elRepo } = schema;
    await ctx.app.db.insert(elRepo).values({ id: 'r-edit', title: '改题题库' });
    const saveQu = (content: string, id?: string) =>
      call(
        ctx.app,
        '/api/qu/qu/save',
        { id, repoId: 'r-edit', quType: 1, content, answerList: [{ content: '甲', isRight: true }, { content: '乙' }] },
        ctx.admin,
      );
    const quId = (await saveQu('<p>第一版</p>')).body.data.id as string;
    const examId = await saveExam(ctx, {
      title: '改题考试',
      rules: [{ title: '单选', quType: 1, quIds: [quId], score: 100 }],
    });
    const open = async (token: string) => {
      const id = (await call(ctx.app, `${P}/create-paper`, { examId }, token)).body.data.id as string;
      return { id, view: (await call(ctx.app, `${P}/paper-view`, { id }, token)).body.data };
    };
    const first = await open(ctx.learner);
    expect(first.view.quList[0].content).toBe('<p>第一版</p>');
    await call(ctx.app, `${P}/hand-exam`, { id: first.id }, ctx.learner);
    for (let i = 0; i < 50 && (await saveQu('<p>第二版</p>', quId)).status !== 200; i++)
      await new Promise((r) => setTimeout(r, 100));
    const second = await open(ctx.learner2);
    expect(second.view.quList[0].content).toBe('<p>第二版</p>');
    await call(ctx.app, `${P}/hand-exam`, { id: second.id }, ctx.learner2);

    expect((await call(ctx.app, '/api/exam/exam/state', { ids: [examId], state: 1 }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, `${P}/create-paper`, { examId }, ctx.learner)).body).toMatchObject({
      msg: '考试不存在或已删除！',
    });
  });
});

describe('opening a paper costs a constant number of SQL statements', () => {
  it('create-paper and paper-view of 100 questions run as many statements as of 10', async () => {
    const { elRepo, elQu, elQuAnswer } = schema;
    await ctx.app.db.insert(elRepo).values({ id: 'r-big', title: '大题库' });
    // 100 questions: the big exam draws them all (shuffled), so the second paper finds every view cached.
    const ids = Array.from({ length: 100 }, (_, i) => `big-${i}`);
    await ctx.app.db
      .insert(elQu)
      .values(ids.map((id) => ({ id, repoId: 'r-big', quType: 1, content: `<p>${id}</p>`, analysis: '解析' })));
    await ctx.app.db
      .insert(elQuAnswer)
      .values(
        ids.flatMap((id) =>
          [0, 1, 2, 3].map((k) => ({ id: `${id}-${k}`, quId: id, sort: k, content: `选项${k}`, isRight: k === 0 })),
        ),
      );
    const exam = (n: number) =>
      saveExam(ctx, {
        title: `${n}题考试`,
        shuffleQu: true,
        shuffleOpt: true,
        rules: [{ title: '单选', quType: 1, repoIds: ['r-big'], count: n, score: 1 }],
        qualifyScore: 1,
      });
    const small = await exam(10);
    const big = await exam(100);

    /** create-paper then paper-view, as the exam screen opens a paper. */
    const start = async (examId: string, token: string) =>
      statements(async () => {
        const id = (await call(ctx.app, `${P}/create-paper`, { examId }, token)).body.data.id as string;
        const view = (await call(ctx.app, `${P}/paper-view`, { id }, token)).body.data;
        return view.quList.length as number;
      });
    // First papers read the exams, their pools and the question views once (also a constant number).
    const coldSmall = await start(small, ctx.learner);
    const coldBig = await start(big, ctx.learner);
    expect([coldSmall.result, coldBig.result]).toEqual([10, 100]);
    expect(coldBig.sql.length).toBeLessThanOrEqual(coldSmall.sql.length + 3);
    expect(coldBig.sql.length).toBeLessThanOrEqual(20);

    const warmSmall = await start(small, ctx.learner2);
    const warmBig = await start(big, ctx.learner2);
    expect(warmBig.result).toBe(100);
    expect(warmBig.sql.length).toBe(warmSmall.sql.length);
    // The learner's papers, begin, the paper, its questions, commit; the paper, its questions.
    expect(warmBig.sql.length).toBeLessThanOrEqual(8);
    // No question content is read once this replica has the views (a question version is read with the paper's rows).
    expect(warmBig.sql.filter((s) => /el_qu_answer|from "el_qu" where/i.test(s))).toEqual([]);
    console.log(
      `statements: cold 10q ${coldSmall.sql.length}, cold 100q ${coldBig.sql.length}, warm 10q ${warmSmall.sql.length}, warm 100q ${warmBig.sql.length}`,
    );
  });
});

describe('question views in a start storm', () => {
  it('a crowd of first views of the same questions reads them once', async () => {
    const { elQu } = schema;
    const cache = quViewCache(ctx.app.db, ctx.app.infra.bus); // a fresh replica's memory
    const rows = await ctx.app.db
      .select({ quId: elQu.id, ver: elQu.updateTime })
      .from(elQu)
      .where(eq(elQu.parentId, ''));
    const wanted = rows.slice(0, 60).map((r) => ({ quId: r.quId, ver: r.ver.getTime() }));
    const { result, sql } = await statements(() => Promise.all(Array.from({ length: 20 }, () => cache.get(wanted))));
    expect(result.every((m) => m.size === wanted.length)).toBe(true);
    expect(sql.length).toBeLessThanOrEqual(3); // questions, children, options: once
    const again = await statements(() => cache.get(wanted));
    expect(again.sql).toEqual([]);
  });
});
