import { CERT_EVENT_QUEUES } from '@exam/contracts';
import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { and, eq, sql } from 'drizzle-orm';
import { addFile, type Ctx, courseTestApp, saveCourse } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const L = '/api/course/file/learn';

/** The certificate events queued for a course (the kit's sys_job rows; no certificate service runs here). */
const events = async (courseId: string) =>
  (
    await ctx.app.db
      .select({ payload: schema.sysJob.payload })
      .from(schema.sysJob)
      .where(
        and(
          eq(schema.sysJob.queue, CERT_EVENT_QUEUES.COURSE_FINISHED),
          sql`${schema.sysJob.payload}->>'sourceId' = ${courseId}`,
        ),
      )
  ).map((r) => r.payload);

describe('certificate events of the course service', () => {
  it('queues one event when the server counts a course finished, not on later reports', async () => {
    const f = await addFile(ctx.app, { duration: 20 });
    const course = await saveCourse(ctx, { title: '证书课程', fileRefs: [{ fileId: f }] });
    const save = (learnSec: number, intervals: number[][]) =>
      call(ctx.app, `${L}/save-process`, { courseId: course, fileId: f, learnSec, intervals }, ctx.learner);
    await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: f }, ctx.learner);
    const rewind = () =>
      ctx.app.db
        .update(schema.elCourseProgress)
        .set({ lastReport: sql`now() - make_interval(secs => 20)` })
        .where(and(eq(schema.elCourseProgress.fileId, f), eq(schema.elCourseProgress.userId, 'u-learner')));

    await rewind();
    expect((await save(10, [[0, 10]])).body.data.courseFinishedNow).toBe(false);
    expect(await events(course)).toEqual([]);
    await rewind();
    expect((await save(19, [[10, 19]])).body.data.courseFinishedNow).toBe(true);
    await rewind();
    expect((await save(20, [[19, 20]])).body.data.courseFinished).toBe(true);
    expect(await events(course)).toEqual([{ userId: 'u-learner', sourceId: course }]);
  });

  it("queues one event when an admin's correction finishes the course, none when it was finished already", async () => {
    const f = await addFile(ctx.app, { duration: 20 });
    const course = await saveCourse(ctx, { title: '修正课程', fileRefs: [{ fileId: f }] });
    const fix = (finished: boolean) =>
      call(ctx.app, `${L}/fix-process`, { courseId: course, userId: 'u-learner2', finished }, ctx.admin);
    expect((await fix(true)).status).toBe(200);
    expect((await fix(true)).status).toBe(200);
    expect(await events(course)).toEqual([{ userId: 'u-learner2', sourceId: course }]);
    // A reset queues nothing.
    expect((await fix(false)).status).toBe(200);
    expect(await events(course)).toHaveLength(1);
  });
});
