import { schema } from '@exam/server-kit';
import { call } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { addFile, type Ctx, courseTestApp, saveCourse } from '../testing/fixture';

let ctx: Ctx;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  ctx = await courseTestApp();
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await ctx.app.close();
});

const inbox = new Map<WebSocket, string[]>();
const open = async (path: string, token: string) => {
  // Listening from before the handshake: messages sent right after it are kept until the test asks.
  const ws = (await ctx.app.injectWS(
    path,
    { headers: { token } },
    {
      onInit: (w) => {
        inbox.set(w as unknown as WebSocket, []);
        w.on('message', (d) => inbox.get(w as unknown as WebSocket)!.push(d.toString()));
      },
    },
  )) as unknown as WebSocket;
  sockets.push(ws);
  return ws;
};
async function next(ws: WebSocket): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const m = inbox.get(ws)!.shift();
    if (m !== undefined) return m;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no message');
}
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('reading channel', () => {
  it('answers ping, and pushes current then all when the server finishes the file and the course', async () => {
    const f = await addFile(ctx.app, { duration: 10 });
    const course = await saveCourse(ctx, { title: '阅读通道课程', fileRefs: [{ fileId: f }] });
    const ws = await open(`/api/socket/read/u-learner/${course}/${f}`, ctx.learner);
    const pong = next(ws);
    ws.send('ping');
    expect(await pong).toBe('pong');
    await call(ctx.app, '/api/course/file/learn/load-process', { courseId: course, fileId: f }, ctx.learner);
    await ctx.app.db
      .update(schema.elCourseProgress)
      .set({ lastReport: sql`now() - interval '10 seconds'` })
      .where(eq(schema.elCourseProgress.fileId, f));
    const msg = next(ws);
    await call(
      ctx.app,
      '/api/course/file/learn/save-process',
      { courseId: course, fileId: f, learnSec: 10, intervals: [[0, 10]] },
      ctx.learner,
    );
    expect(JSON.parse(await msg)).toEqual({ stopped: false, stopMsg: '', all: true, current: true });
  });

  it("is one's own, for studiable courses only", async () => {
    const f = await addFile(ctx.app);
    const course = await saveCourse(ctx, {
      title: '他人通道课程',
      openType: 3,
      userIds: ['u-learner2'],
      fileRefs: [{ fileId: f }],
    });
    const theirs = await open(`/api/socket/read/u-learner2/${course}/${f}`, ctx.learner);
    expect(await closed(theirs)).toBe(4403);
    const hidden = await open(`/api/socket/read/u-learner/${course}/${f}`, ctx.learner);
    const m = await next(hidden);
    expect(JSON.parse(m)).toMatchObject({ stopped: true, stopMsg: '课程不存在或已删除！' });
    const later = await saveCourse(ctx, {
      title: '未开始通道',
      startTime: '2099-01-01 00:00:00',
      fileRefs: [{ fileId: f }],
    });
    const notYet = await open(`/api/socket/read/u-learner/${later}/${f}`, ctx.learner);
    expect(JSON.parse(await next(notYet))).toMatchObject({ stopped: true, stopMsg: '课程尚未开始学习！' });
    await expect(ctx.app.injectWS(`/api/socket/read/u-learner/${course}/${f}`)).rejects.toThrow();
  });
});
