import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { addFile, type Ctx, courseTestApp, saveCourse } from '../testing/fixture';

let ctx: Ctx;
let course: string;
let hidden: string;
let file: string;
beforeAll(async () => {
  ctx = await courseTestApp();
  file = await addFile(ctx.app);
  course = await saveCourse(ctx, { title: '问答课程', fileRefs: [{ fileId: file }] });
  hidden = await saveCourse(ctx, {
    title: '他人课程',
    openType: 3,
    userIds: ['u-learner2'],
    fileRefs: [{ fileId: file }],
  });
}, 60_000);
afterAll(() => ctx.app.close());

const ask = (body: object, token = ctx.learner) => call(ctx.app, '/api/course/qa/save', body, token);
const list = (params: object, token = ctx.learner) =>
  call(ctx.app, '/api/client/course/qa/paging', { current: 1, size: 12, params }, token);

describe('course Q&A', () => {
  it('asks with sanitized content, lists with filters, and shows the admin reply as replied', async () => {
    const id = (
      await ask({
        courseId: course,
        fileId: file,
        content: '<p>怎么学<script>x()</script></p><a href="javascript:alert(1)">链接</a>',
      })
    ).body.data.id;
    const other = (await ask({ courseId: course, fileId: file, content: '另一个问题' }, ctx.learner2)).body.data.id;
    const d = (await call(ctx.app, '/api/client/course/qa/detail', { id }, ctx.learner2)).body.data;
    expect(d.content).not.toMatch(/script|javascript/);
    expect(d).toMatchObject({ title: '怎么学链接', replied: false, realName: '张小明', replyList: [] });
    expect((await list({ courseId: course })).body.data.records.map((r: { id: string }) => r.id)).toEqual([other, id]);
    expect(
      (await list({ courseId: course, onlyMyself: true })).body.data.records.map((r: { id: string }) => r.id),
    ).toEqual([id]);
    expect((await list({ courseId: course, title: '另一个' })).body.data.total).toBe(1);
    expect((await list({ courseId: course, onlyReplied: true })).body.data.total).toBe(0);

    expect(
      (
        await call(
          ctx.app,
          '/api/course/qa/reply',
          { qaId: id, content: '<p>先看视频</p><img src=x onerror=y>' },
          ctx.admin,
        )
      ).status,
    ).toBe(200);
    const replied = (await list({ courseId: course, onlyReplied: true })).body.data.records;
    expect(replied.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(replied[0].replied).toBe(true);
    const replies = (
      await call(ctx.app, '/api/course/qa/reply/paging', { current: 1, size: 100, params: { qaId: id } }, ctx.learner)
    ).body.data.records;
    expect(replies).toHaveLength(1);
    expect(replies[0].content).not.toContain('onerror');
    expect(
      (
        await call(
          ctx.app,
          '/api/course/qa/paging',
          { current: 1, size: 10, params: { courseId: course, replied: false } },
          ctx.admin,
        )
      ).body.data.records.map((r: { id: string }) => r.id),
    ).toEqual([other]);
  });

  it('refuses empty questions, missing coursewares and courses the learner cannot see', async () => {
    expect((await ask({ courseId: course, fileId: file, content: '<p> </p>' })).body.msg).toBe('内容不能为空！');
    expect((await ask({ courseId: course, fileId: '', content: '问' })).body.msg).toBe('请选择课件！');
    expect((await ask({ courseId: course, fileId: 'nope', content: '问' })).status).toBe(404);
    expect((await ask({ courseId: hidden, fileId: file, content: '问' })).status).toBe(404);
    expect((await ask({ courseId: course, fileId: file })).status).toBe(400);
    const theirs = (await ask({ courseId: hidden, fileId: file, content: '只给李小红的课程' }, ctx.learner2)).body.data
      .id;
    expect((await call(ctx.app, '/api/client/course/qa/detail', { id: theirs }, ctx.learner)).status).toBe(404);
    expect(
      (
        await call(
          ctx.app,
          '/api/course/qa/reply/paging',
          { current: 1, size: 100, params: { qaId: theirs } },
          ctx.learner,
        )
      ).status,
    ).toBe(404);
    expect((await list({ courseId: hidden })).status).toBe(404);
    expect((await list({})).body.data.records.map((r: { id: string }) => r.id)).not.toContain(theirs);
  });

  it('follows the study rule (issue 35): no questions on an unpaid points course or a password course not joined', async () => {
    const paid = await saveCourse(ctx, { title: '积分课程', costPoints: 50, fileRefs: [{ fileId: file }] });
    const locked = await saveCourse(ctx, {
      title: '密码问答课程',
      openType: 9,
      password: 'qa-pass',
      fileRefs: [{ fileId: file }],
    });
    // What the files answer is what Q&A answers.
    for (const [id, msg] of [
      [paid, '请先使用50积分购买课程！'],
      [locked, '请先输入密码加入课程！'],
    ]) {
      expect(
        (await call(ctx.app, '/api/course/file/learn/load-process', { courseId: id, fileId: file }, ctx.learner)).body
          .msg,
      ).toBe(msg);
      expect(await ask({ courseId: id, fileId: file, content: '能看吗' })).toMatchObject({
        status: 403,
        body: { msg },
      });
      expect(await list({ courseId: id })).toMatchObject({ status: 403, body: { msg } });
    }
    // Someone who may study asks; the learner who may not neither lists nor reads it, across courses either.
    await call(ctx.app, '/api/client/course/join', { id: locked, password: 'qa-pass' }, ctx.learner2);
    const asked = (await ask({ courseId: locked, fileId: file, content: '加入后提问' }, ctx.learner2)).body.data.id;
    expect((await list({ courseId: locked }, ctx.learner2)).body.data.records.map((r: { id: string }) => r.id)).toEqual(
      [asked],
    );
    expect((await list({})).body.data.records.map((r: { id: string }) => r.id)).not.toContain(asked);
    expect((await call(ctx.app, '/api/client/course/qa/detail', { id: asked }, ctx.learner)).status).toBe(404);
    expect(
      (
        await call(
          ctx.app,
          '/api/course/qa/reply/paging',
          { current: 1, size: 10, params: { qaId: asked } },
          ctx.learner,
        )
      ).status,
    ).toBe(404);
    // Once joined, the learner may.
    await call(ctx.app, '/api/client/course/join', { id: locked, password: 'qa-pass' }, ctx.learner);
    expect((await ask({ courseId: locked, fileId: file, content: '我也加入了' })).status).toBe(200);
    expect((await list({})).body.data.records.map((r: { id: string }) => r.id)).toContain(asked);
  });

  it('keeps replying and deleting to course admins', async () => {
    const id = (await ask({ courseId: course, fileId: file, content: '删除我' })).body.data.id;
    expect((await call(ctx.app, '/api/course/qa/reply', { qaId: id, content: '学员回复' }, ctx.learner)).status).toBe(
      403,
    );
    expect((await call(ctx.app, '/api/course/qa/delete', { ids: [id] }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, '/api/course/qa/detail', { id }, ctx.learner)).status).toBe(403);
    expect((await call(ctx.app, '/api/course/qa/reply', { qaId: 'nope', content: '回复' }, ctx.admin)).status).toBe(
      404,
    );
    expect((await call(ctx.app, '/api/course/qa/reply', { qaId: id, content: '  ' }, ctx.admin)).body.msg).toBe(
      '回复内容不能为空！',
    );
    expect((await call(ctx.app, '/api/course/qa/delete', { ids: [id] }, ctx.admin)).status).toBe(200);
    expect((await call(ctx.app, '/api/client/course/qa/detail', { id }, ctx.learner)).status).toBe(404);
  });
});
