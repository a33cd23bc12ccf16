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
const save = (body: object, token = ctx.learner) => call(ctx.app, `${L}/save-process`, body, token);
/** Moves the learner's last report back, as if `sec` seconds had passed. */
const wait = (fileId: string, sec: number, userId = 'u-learner') =>
  ctx.app.db
    .update(schema.elCourseProgress)
    .set({
      lastReport: sql`now() - make_interval(secs => ${sec})`,
      pageSince: sql`now() - make_interval(secs => ${sec})`,
    })
    .where(and(eq(schema.elCourseProgress.fileId, fileId), eq(schema.elCourseProgress.userId, userId)));

describe('progress the server can trust', () => {
  it('forged reports: too fast, past the end, past the furthest point with drag lock', async () => {
    const f = await addFile(ctx.app, { duration: 60 });
    const course = await saveCourse(ctx, { title: '防作弊课程', videoDrag: true, fileRefs: [{ fileId: f }] });
    const start = (await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: f }, ctx.learner)).body.data;
    expect(start).toMatchObject({ learnSec: 0, coveredSec: 0, duration: 60, finished: false });

    const fast = (await save({ courseId: course, fileId: f, learnSec: 60, intervals: [[0, 60]] })).body.data;
    expect(fast.refused).toContain('学习进度快于实际时间');
    expect(fast.coveredSec).toBeLessThan(10);
    expect(fast.finished).toBe(false);

    await wait(f, 10);
    const jump = (await save({ courseId: course, fileId: f, learnSec: 55, intervals: [[45, 55]] })).body.data;
    expect(jump.refused).toContain('禁止拖动进度');
    expect(jump.learnSec).toBeLessThanOrEqual(jump.furthest);

    await wait(f, 10);
    const past = (await save({ courseId: course, fileId: f, learnSec: 9999, intervals: [[0, 9999]] })).body.data;
    expect(past.refused).toContain('播放位置超出课件时长');
    expect(past.finished).toBe(false);
    expect(past.coveredSec).toBeLessThan(30);
  });

  it('finishes a file at 90 % covered, then the course, with the 恭喜 conditions once', async () => {
    const [v, p] = [
      await addFile(ctx.app, { duration: 20 }),
      await addFile(ctx.app, { fileType: 22, pageCount: 2, mediaKind: 'pdf' }),
    ];
    const course = await saveCourse(ctx, { title: '完成课程', fileRefs: [{ fileId: v }, { fileId: p }] });
    await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: v }, ctx.learner);
    await wait(v, 20);
    const r1 = (await save({ courseId: course, fileId: v, learnSec: 18, intervals: [[0, 18]] })).body.data;
    expect(r1).toMatchObject({
      finished: true,
      fileFinishedNow: true,
      courseFinishedNow: false,
      learnFile: 1,
      totalFile: 2,
      percent: 100,
    });
    await wait(v, 5);
    expect(
      (await save({ courseId: course, fileId: v, learnSec: 20, intervals: [[18, 20]] })).body.data.fileFinishedNow,
    ).toBe(false);

    await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: p }, ctx.learner);
    await save({ courseId: course, fileId: p, learnSec: 0, page: 1 });
    await wait(p, 4);
    expect((await save({ courseId: course, fileId: p, learnSec: 0, page: 2 })).body.data).toMatchObject({
      pagesRead: 1,
      finished: false,
    });
    // Jumping to the last page and straight away reporting does not read it.
    expect((await save({ courseId: course, fileId: p, learnSec: 0, page: 2 })).body.data.finished).toBe(false);
    await wait(p, 4);
    const done = (await save({ courseId: course, fileId: p, learnSec: 0, page: 2 })).body.data;
    expect(done).toMatchObject({
      finished: true,
      fileFinishedNow: true,
      courseFinishedNow: true,
      courseFinished: true,
      learnFile: 2,
    });
    const detail = (await call(ctx.app, '/api/course/course/detail', { id: course }, ctx.learner)).body.data;
    expect(detail).toMatchObject({ finished: true, learnFile: 2, totalFile: 2 });
    const records = (
      await call(
        ctx.app,
        '/api/course/course/learn-paging',
        { current: 1, size: 10, params: { courseId: course } },
        ctx.admin,
      )
    ).body.data.records;
    expect(records[0]).toMatchObject({ userId: 'u-learner', finished: true, learnFile: 2, totalFile: 2, percent: 100 });
    expect(records[0].learnSec).toBeGreaterThan(15);
    const xlsx = await ctx.app.inject({
      method: 'POST',
      url: '/api/course/course/learn-export',
      payload: { courseId: course },
      headers: { token: ctx.admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const overview = (await call(ctx.app, '/api/course/stat/overview', { courseId: course, days: 1 }, ctx.admin)).body
      .data;
    expect(overview).toHaveLength(1);
    expect(overview[0]).toMatchObject({ learnUser: 1, finishUser: 1 });
  });

  it('keeps other learners and closed courses out', async () => {
    const f = await addFile(ctx.app, { duration: 30 });
    const mineOnly = await saveCourse(ctx, {
      title: '仅限张小明',
      openType: 3,
      userIds: ['u-learner'],
      fileRefs: [{ fileId: f }],
    });
    const other = await addFile(ctx.app, { duration: 30 });
    expect((await call(ctx.app, `${L}/load-process`, { courseId: mineOnly, fileId: f }, ctx.learner2)).status).toBe(
      404,
    );
    expect((await save({ courseId: mineOnly, fileId: f, learnSec: 1, intervals: [[0, 1]] }, ctx.learner2)).status).toBe(
      404,
    );
    // A file that is not in the course.
    expect((await save({ courseId: mineOnly, fileId: other, learnSec: 1 })).status).toBe(404);
    expect((await save({ courseId: mineOnly, fileId: f, learnSec: -1 })).status).toBe(400);
    expect((await save({ courseId: mineOnly, fileId: f, learnSec: 1, intervals: [[0]] })).status).toBe(400);
    expect(
      (await save({ courseId: mineOnly, fileId: f, learnSec: 1, intervals: Array(101).fill([0, 1]) })).status,
    ).toBe(400);
    const busy = await addFile(ctx.app, { state: 1 });
    await ctx.app.db.insert(schema.elCourseRef).values({ courseId: mineOnly, fileId: busy, sort: 9 });
    expect((await save({ courseId: mineOnly, fileId: busy, learnSec: 1 })).body.msg).toBe('课件转码中，暂不能学习！');
    const later = await saveCourse(ctx, {
      title: '未开始课程',
      startTime: '2099-01-01 00:00:00',
      fileRefs: [{ fileId: f }],
    });
    expect((await save({ courseId: later, fileId: f, learnSec: 1 })).body.msg).toBe('课程尚未开始学习！');
    expect(
      (
        await call(
          ctx.app,
          `${L}/fix-process`,
          { courseId: mineOnly, userId: 'u-learner2', finished: true },
          ctx.learner,
        )
      ).status,
    ).toBe(403);
  });

  it('takes parallel reports one at a time (no double credit)', async () => {
    const f = await addFile(ctx.app, { duration: 100 });
    const course = await saveCourse(ctx, { title: '并发课程', fileRefs: [{ fileId: f }] });
    await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: f }, ctx.learner);
    await wait(f, 10);
    const all = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        save({ courseId: course, fileId: f, learnSec: 10, intervals: [[i * 10, i * 10 + 10]] }),
      ),
    );
    expect(all.every((r) => r.status === 200)).toBe(true);
    const [p] = await ctx.app.db
      .select()
      .from(schema.elCourseProgress)
      .where(and(eq(schema.elCourseProgress.fileId, f), eq(schema.elCourseProgress.userId, 'u-learner')));
    expect(p.coveredSec).toBeLessThanOrEqual(13);
    // Reloading (load-process) does not hand out a fresh tolerance.
    for (let i = 0; i < 3; i++) {
      await call(ctx.app, `${L}/load-process`, { courseId: course, fileId: f }, ctx.learner);
      await save({ courseId: course, fileId: f, learnSec: 60, intervals: [[50 + i * 3, 53 + i * 3]] });
    }
    const [q] = await ctx.app.db
      .select()
      .from(schema.elCourseProgress)
      .where(and(eq(schema.elCourseProgress.fileId, f), eq(schema.elCourseProgress.userId, 'u-learner')));
    expect(q.coveredSec).toBeLessThanOrEqual(p.coveredSec + 1);
  });
});
