import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq } from 'drizzle-orm';
import { type Ctx, courseTestApp, saveCourse } from '../testing/fixture';

let ctx: Ctx;
const exam = (id: string, title: string) => ({
  id,
  title,
  startTime: new Date(),
  endTime: new Date(Date.now() + 3600_000),
  totalTime: 60,
});
beforeAll(async () => {
  ctx = await courseTestApp();
  await ctx.app.db
    .insert(schema.elExam)
    .values([exam('fx-1', '结业考试一'), exam('fx-2', '结业考试二'), exam('fx-3', '将删除的考试')]);
}, 60_000);
afterAll(() => ctx.app.close());

const detail = async (id: string) => (await call(ctx.app, '/api/course/course/detail', { id }, ctx.admin)).body.data;

describe("a course's final exams (结业考试)", () => {
  it('keeps the picked exams once each, in order, and shows their current titles', async () => {
    const id = await saveCourse(ctx, { title: '结业课程', examIds: ['fx-2', 'fx-1', 'fx-2', 'fx-3'] });
    expect((await detail(id)).examList).toEqual([
      { id: 'fx-2', title: '结业考试二' },
      { id: 'fx-1', title: '结业考试一' },
      { id: 'fx-3', title: '将删除的考试' },
    ]);
    await ctx.app.db.update(schema.elExam).set({ title: '结业考试一（新）' }).where(eq(schema.elExam.id, 'fx-1'));
    await ctx.app.db.delete(schema.elExam).where(eq(schema.elExam.id, 'fx-3'));
    expect((await detail(id)).examList).toEqual([
      { id: 'fx-2', title: '结业考试二' },
      { id: 'fx-1', title: '结业考试一（新）' },
    ]);
    // Saving without examIds clears them; a course without any shows an empty list.
    await saveCourse(ctx, { id, title: '结业课程' });
    expect((await detail(id)).examList).toEqual([]);
  });

  it('refuses unknown exams, too many and malformed ids; learners never see the list', async () => {
    const bad = (examIds: unknown) =>
      call(ctx.app, '/api/course/course/save', { title: '坏课程', openType: 1, fileRefs: [], examIds }, ctx.admin);
    const unknown = await bad(['fx-1', 'no-such-exam']);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('所选考试不存在或已删除！');
    expect((await bad(Array.from({ length: 21 }, (_, i) => `e${i}`))).status).toBe(400);
    expect((await bad([''])).status).toBe(400);
    expect((await bad('fx-1')).status).toBe(400);
    const id = await saveCourse(ctx, { title: '学员课程', examIds: ['fx-1'] });
    const mine = await call(ctx.app, '/api/course/course/detail', { id }, ctx.learner);
    expect(mine.body.data?.examList).toBeUndefined();
  });
});
