import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { addFile, type Ctx, courseTestApp, nowPlus, saveCourse } from '../testing/fixture';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(() => ctx.app.close());

const C = '/api/course/course';

describe('course administration', () => {
  it('saves a course with files in order, sanitized text and targets, and lists it with its counts', async () => {
    const [v, p] = [await addFile(ctx.app), await addFile(ctx.app, { fileType: 22, pageCount: 3, mediaKind: 'pdf' })];
    const id = await saveCourse(ctx, {
      title: '管理课程',
      content: '<p>简介<script>alert(1)</script><img src=x onerror=alert(2)></p>',
      openType: 3,
      userIds: ['u-learner'],
      fileRefs: [{ fileId: p, chapter: '第一章' }, { fileId: v }],
      videoDrag: true,
      checkOn: true,
      checkSec: 1,
      costPoints: 5,
      startTime: nowPlus(-10),
      endTime: nowPlus(60),
    });
    const d = (await call(ctx.app, `${C}/detail`, { id }, ctx.admin)).body.data;
    expect(d.content).not.toMatch(/script|onerror/);
    expect(d.contentText).toBe('简介');
    expect(d.userIds).toEqual(['u-learner']);
    expect(d.fileRefs).toEqual([
      { fileId: p, chapter: '第一章' },
      { fileId: v, chapter: '' },
    ]);
    expect(d).toMatchObject({ videoDrag: true, checkOn: true, checkSec: 1, costPoints: 5, price: 0, openType: 3 });
    const page = (
      await call(ctx.app, `${C}/paging`, { current: 1, size: 10, params: { title: '管理课程' } }, ctx.admin)
    ).body.data;
    expect(page.records[0]).toMatchObject({ id, fileCount: 2, learnUser: 0, finishUser: 0, costPoints: 5 });
  });

  it('refuses bad bodies with a 400 and names what is wrong', async () => {
    const bad = async (over: Record<string, unknown>) =>
      await call(ctx.app, `${C}/save`, { title: '坏课程', openType: 1, fileRefs: [], ...over }, ctx.admin);
    expect((await bad({ openType: 2 })).body.msg).toBe('请选择指定部门！');
    expect((await bad({ openType: 3 })).body.msg).toBe('请选择指定人员！');
    expect((await bad({ openType: 9 })).body.msg).toBe('请设置课程密码！');
    expect((await bad({ startTime: nowPlus(10), endTime: nowPlus(5) })).body.msg).toBe('结束时间必须晚于开始时间！');
    expect((await bad({ startTime: 'garbage' })).status).toBe(400);
    expect((await bad({ checkOn: true })).body.msg).toContain('学习检测');
    expect((await bad({ fileRefs: [{ fileId: 'nope' }] })).body.msg).toBe('课件不存在或已删除！');
    const f = await addFile(ctx.app);
    expect((await bad({ fileRefs: [{ fileId: f }, { fileId: f }] })).body.msg).toBe('课件不能重复添加！');
    const busy = await addFile(ctx.app, { state: 1 });
    expect((await bad({ fileRefs: [{ fileId: busy }] })).body.msg).toBe('只能选择状态正常的课件！');
    expect((await bad({ userIds: ['ghost'], openType: 3 })).body.msg).toBe('指定人员不存在！');
    expect((await bad({ openType: 5 })).status).toBe(400);
    expect((await call(ctx.app, `${C}/save`, '{"title":', ctx.admin)).status).toBe(400);
    expect((await call(ctx.app, `${C}/detail`, { id: 'nope' }, ctx.admin)).status).toBe(404);
  });

  it('keeps admin calls from learners and strangers', async () => {
    const id = await saveCourse(ctx);
    expect((await call(ctx.app, `${C}/paging`, { current: 1, size: 10 }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${C}/save`, { title: 'x', openType: 1, fileRefs: [] }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${C}/delete`, { ids: [id] }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${C}/state`, { ids: [id], state: 1 }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${C}/learn-paging`, { params: { courseId: id } }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, `${C}/paging`, { current: 1, size: 10 })).status).toBe(401);
    // The learner's view of the same course never carries the author's fields.
    const d = (await call(ctx.app, `${C}/detail`, { id }, ctx.learner)).body.data;
    expect(d.userIds).toBeUndefined();
    expect(d.password).toBeUndefined();
  });

  it('disables, and deletes only courses nobody studied', async () => {
    const id = await saveCourse(ctx);
    expect((await call(ctx.app, `${C}/state`, { ids: [id], state: 1 }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, `${C}/detail`, { id }, ctx.learner)).status).toBe(404);
    expect((await call(ctx.app, `${C}/delete`, { ids: [id] }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, `${C}/delete`, { ids: [id] }, ctx.admin)).status).toBe(404);
  });
});
