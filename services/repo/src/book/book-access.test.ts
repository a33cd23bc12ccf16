import { schema } from '@exam/server-kit';
import { paperLayoutOf } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type RepoTest, noSecrets, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const opt = (content: string, isRight = false) => ({ content, isRight });
const SINGLE = { quType: 1, content: '单选', analysis: '解析', answerList: [opt('A', true), opt('B')] };
const newBank = async (fields: object) =>
  (await t.post('/api/repo/save', { title: `题库${Math.random()}`, ...fields }, t.admin)).body.data.id as string;
const newQu = async (repoId: string) =>
  (await t.post('/api/qu/qu/save', { repoId, ...SINGLE }, t.admin)).body.data.id as string;
const firstQu = async (repoId: string) =>
  (await t.post('/api/qu/qu/paging', { current: 1, size: 1, params: { repoId, quType: 1 } }, t.admin)).body.data
    .records[0].id as string;

/** An exam with one paper of a learner holding the questions (state 2 handed in and graded, 0 still open). */
async function examWithPaper(examId: string, userId: string, quIds: string[], state = 2) {
  const now = new Date();
  await t.app.db
    .insert(schema.elExam)
    .values({ id: examId, title: `考试${examId}`, startTime: now, endTime: now, totalTime: 60 })
    .onConflictDoNothing();
  const paperId = `${examId}-${userId}-${state}`;
  await t.app.db.insert(schema.elPaper).values({
    id: paperId,
    examId,
    userId,
    state,
    qus: paperLayoutOf(quIds),
    startTime: now,
    limitTime: now,
    handTime: state ? now : null,
  });
}

describe('the book reads only questions the learner may see', () => {
  let paidQu = '';
  let paid = '';
  let closedQu = '';
  let closed = '';
  let examQu = '';
  beforeAll(async () => {
    paid = await newBank({ isOpen: true, points: 30 });
    paidQu = await newQu(paid);
    closed = await newBank({ isOpen: false });
    closedQu = await newQu(closed);
    examQu = await firstQu('r-demo-1');
    await examWithPaper('e-taken', 'u-learner', [examQu, closedQu]);
    await examWithPaper('e-open', 'u-learner', [examQu], 0);
    await examWithPaper('e-other', 'u-learner2', [examQu]);
  });

  const refuse = async (ref: object, status: number, token = t.learner) => {
    for (const [url, extra] of [
      ['/api/client/book/mark-fav', { favMark: true }],
      ['/api/client/book/find-mark', {}],
      ['/api/client/book/write-note', { favNote: '偷看' }],
    ] as const) {
      const r = await t.post(url, { ...ref, ...extra }, token);
      expect(r.status, `${url} ${JSON.stringify(ref)}`).toBe(status);
    }
  };

  it('refuses a paid bank not joined (as train/start does) and a closed bank', async () => {
    await refuse({ refType: 'repo', refId: paid, quId: paidQu }, 409);
    expect(
      (
        await t.post(
          '/api/client/book/mark-fav',
          { refType: 'repo', refId: paid, quId: paidQu, favMark: true },
          t.learner,
        )
      ).body.msg,
    ).toBe('请先加入题库后再训练！');
    await refuse({ refType: 'repo', refId: closed, quId: closedQu }, 404);
    // The question must belong to the bank named.
    await refuse({ refType: 'repo', refId: 'r-demo-1', quId: paidQu }, 404);
    expect(
      (await t.post('/api/client/book/paging', { current: 1, size: 50, params: { kind: 'fav' } }, t.learner)).body.data
        .total,
    ).toBe(0);
  });

  it('allows a paid bank once joined', async () => {
    await t.app.db.update(schema.sysUser).set({ points: 100 }).where(eq(schema.sysUser.id, 'u-learner'));
    expect((await t.post('/api/client/repo/join', { id: paid }, t.learner)).body.data).toEqual({ hasJoin: true });
    noSecrets(
      await t.post(
        '/api/client/book/mark-fav',
        { refType: 'repo', refId: paid, quId: paidQu, favMark: true },
        t.learner,
      ),
    );
    await refuse({ refType: 'repo', refId: paid, quId: paidQu }, 409, t.learner2);
  });

  it("refuses an exam never taken, not handed in, another exam's question, any question under an exam id", async () => {
    await refuse({ refType: 'exam', refId: 'e-other', quId: examQu }, 404);
    await refuse({ refType: 'exam', refId: 'e-open', quId: examQu }, 404);
    await refuse({ refType: 'exam', refId: 'nope', quId: examQu }, 404);
    await refuse({ refType: 'exam', refId: 'e-taken', quId: paidQu }, 404);
    await refuse({ refType: 'exam', refId: 'e-taken', quId: examQu }, 404, t.learner2);
  });

  it('keeps questions of a handed-in paper, without answers, even from a bank now closed', async () => {
    for (const quId of [examQu, closedQu]) {
      const ref = { refType: 'exam', refId: 'e-taken', quId };
      noSecrets(await t.post('/api/client/book/mark-fav', { ...ref, favMark: true }, t.learner));
      noSecrets(await t.post('/api/client/book/write-note', { ...ref, favNote: '考试里见过' }, t.learner));
      noSecrets(await t.post('/api/client/book/find-mark', ref, t.learner));
    }
    const page = await t.post(
      '/api/client/book/paging',
      { current: 1, size: 10, params: { refType: 'exam', kind: 'fav' } },
      t.learner,
    );
    noSecrets(page);
    expect(page.body.data.records.map((r: { refTitle: string }) => r.refTitle)).toEqual(['考试e-taken', '考试e-taken']);
    for (const r of page.body.data.records) {
      const d = await t.post('/api/client/book/detail', { id: r.id }, t.learner);
      noSecrets(d);
      expect(d.body.data.qu.id).toBe(r.quId);
    }
  });

  it('refuses the detail of an entry the learner may no longer read', async () => {
    // An entry written before the check existed, for a bank the learner never joined.
    await t.app.db
      .insert(schema.elBook)
      .values({ id: 'b-old', userId: 'u-learner2', refType: 'repo', refId: paid, quId: paidQu, favMark: true });
    expect((await t.post('/api/client/book/detail', { id: 'b-old' }, t.learner2)).status).toBe(409);
  });

  it('takes error reports only on questions the learner can see', async () => {
    const report = (quId: string, token = t.learner) =>
      t.post('/api/qu/report/save', { quId, content: '答案有误' }, token);
    expect((await report(paidQu)).status).toBe(200);
    expect((await report(paidQu, t.learner2)).status).toBe(404);
    expect((await report(closedQu)).status).toBe(200);
    expect((await report(closedQu, t.learner2)).status).toBe(404);
    expect((await report(await newQu(closed), t.learner)).status).toBe(404);
    expect((await report(await firstQu('r-demo-2'), t.learner2)).status).toBe(200);
    const list = await t.post('/api/qu/report/paging', { current: 1, size: 10, params: { quId: closedQu } }, t.admin);
    expect(list.body.data.records.map((r: { quId: string }) => r.quId)).toEqual([closedQu]);
  });
});
