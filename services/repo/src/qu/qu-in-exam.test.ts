import { schema } from '@exam/server-kit';
import { paperLayoutOf } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type RepoTest, repoTestApp } from '../testing/test-app';

let t: RepoTest;
beforeAll(async () => {
  t = await repoTestApp();
}, 120_000);
afterAll(() => t.app.close());

const SINGLE = { quType: 1, content: '单选', answerList: [{ content: 'A', isRight: true }, { content: 'B' }] };

describe('a question in an unfinished paper stays as it was drawn', () => {
  it('refuses edits and deletes while a paper is open or awaits review, allows them once it is final', async () => {
    const repoId = (await t.post('/api/repo/save', { title: '考试中的题库' }, t.admin)).body.data.id as string;
    const quId = (await t.post('/api/qu/qu/save', { repoId, ...SINGLE }, t.admin)).body.data.id as string;
    const now = new Date();
    await t.app.db
      .insert(schema.elExam)
      .values({ id: 'e-qu-lock', title: '锁题考试', startTime: now, endTime: now, totalTime: 60 });
    await t.app.db.insert(schema.elPaper).values({
      id: 'p-qu-lock',
      examId: 'e-qu-lock',
      userId: 'u-learner',
      state: 0,
      qus: paperLayoutOf([quId]),
      startTime: now,
      limitTime: now,
    });
    const edit = { id: quId, repoId, ...SINGLE, answerList: [{ content: 'A' }, { content: 'B', isRight: true }] };

    for (const state of [0, 1]) {
      await t.app.db.update(schema.elPaper).set({ state }).where(eq(schema.elPaper.id, 'p-qu-lock'));
      const saved = await t.post('/api/qu/qu/save', edit, t.admin);
      expect(saved.status).toBe(409);
      expect(saved.body.msg).toBe('试题正在考试中使用（有未交卷或待阅卷的试卷），暂不能修改或删除！');
      expect((await t.post('/api/qu/qu/delete', { ids: [quId] }, t.admin)).status).toBe(409);
    }
    // Nothing changed: the right option is still A.
    const detail = (await t.post('/api/qu/qu/detail', { id: quId }, t.admin)).body.data;
    expect(detail.answerList.map((o: { isRight: boolean }) => o.isRight)).toEqual([true, false]);

    await t.app.db.update(schema.elPaper).set({ state: 2 }).where(eq(schema.elPaper.id, 'p-qu-lock'));
    expect((await t.post('/api/qu/qu/save', edit, t.admin)).body.code).toBe(0);
    expect((await t.post('/api/qu/qu/delete', { ids: [quId] }, t.admin)).body.code).toBe(0);
  });
});
