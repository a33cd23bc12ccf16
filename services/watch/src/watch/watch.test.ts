import { PaperState } from '@exam/contracts';
import { hashPassword, schema } from '@exam/server-kit';
import { call, createTestApp, paperLayoutOf, signIn } from '@exam/server-kit/testing';
import { seed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { watchService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
let proctor: string;
let ws: WebSocket;
const E = 'e-watch';
const min = (m: number) => new Date(Date.now() + m * 60_000);

/**
 * Known data: exam open to department B01 (u-w1, u-w2, u-w3). Open papers: 李小红 (outside B01, online
 * through a real socket) with 2 of 3 answered, 王二 (B01, offline) with 2 leaves, 1 face failure and a
 * capture. Handed in: 张小明 (作弊, 600 s), 王一 (正常) and 王三 (still 阅卷中 in the grading queue). So
 * require 5 (B01 plus everyone with a paper), process 2, hand 3, miss 0.
 */
async function seedExam(db: FastifyInstance['db']) {
  const { sysUser, elExam, elPaper, elPaperAnswer, elPaperCapture } = schema;
  await db.insert(sysUser).values([
    { id: 'u-w1', userName: 'w1', realName: '王一', password: 'x', deptCode: 'B01' },
    { id: 'u-w2', userName: 'w2', realName: '王二', password: 'x', deptCode: 'B01A01' },
    { id: 'u-w3', userName: 'w3', realName: '王三', password: 'x', deptCode: 'B01' },
    { id: 'u-w4', userName: 'w4', realName: '王四', password: 'x', deptCode: 'B01', state: 1 }, // disabled: not required
  ]);
  await db.insert(elExam).values({
    id: E,
    title: '监控考试',
    openType: 2,
    deptCodes: ['B01'],
    startTime: min(-60),
    endTime: min(60),
    totalTime: 60,
  });
  const paper = (id: string, userId: string, state: number, over: Partial<typeof elPaper.$inferInsert> = {}) => ({
    id,
    examId: E,
    userId,
    state,
    quCount: 3,
    startTime: min(-20),
    limitTime: min(40),
    ...over,
  });
  await db
    .insert(elPaper)
    .values([
      paper('p-l2', 'u-learner2', 0, { qus: paperLayoutOf(['q1', 'q2', 'q3']) }),
      paper('p-w2', 'u-w2', 0, { leaveTimes: 2, faceFails: 1 }),
      paper('p-l1', 'u-learner', 2, { startTime: min(-15), handTime: min(-5), exState: 1, exMsg: '作弊' }),
      paper('p-w1', 'u-w1', 2, { handTime: min(-1) }),
      paper('p-w3', 'u-w3', PaperState.GRADING, { handTime: min(-0.5) }),
    ]);
  await db.insert(elPaperAnswer).values(['q1', 'q2'].map((quId) => ({ paperId: 'p-l2', quId, answered: true })));
  await db.insert(elPaperCapture).values({ paperId: 'p-w2', image: 'data:image/jpeg;base64,AAAA', ok: true });
  // Two more exams for the proctor's list: one ended, one upcoming (and a disabled one never listed).
  await db.insert(elExam).values([
    { id: 'e-old', title: '监控旧考试', startTime: min(-600), endTime: min(-300), totalTime: 60 },
    { id: 'e-new', title: '监控新考试', startTime: min(60), endTime: min(120), totalTime: 60 },
    { id: 'e-off', title: '监控停用考试', state: 1, startTime: min(-60), endTime: min(60), totalTime: 60 },
  ]);
  // A proctor whose only role holds the watch menus (permission exam:watch and nothing else).
  await db.insert(schema.sysRole).values({ id: 'r-proctor', roleName: '监考员', roleType: 2 });
  await db.insert(schema.sysRoleMenu).values([
    { roleId: 'r-proctor', menuId: 'm-exam-watch' },
    { roleId: 'r-proctor', menuId: 'm-exam-watch-detail' },
  ]);
  await db.insert(sysUser).values({
    id: 'u-proctor',
    userName: 'proctor',
    realName: '监考甲',
    password: await hashPassword('Proctor@2026'),
    deptCode: 'A01',
  });
  await db.insert(schema.sysUserRole).values({ userId: 'u-proctor', roleId: 'r-proctor' });
}

beforeAll(async () => {
  app = await createTestApp({ services: [systemService, watchService], seeds: [seed] });
  await seedExam(app.db);
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
  proctor = await signIn(app, 'proctor', 'Proctor@2026');
  const learner2 = await signIn(app, 'learner2', 'Learner@2026');
  ws = (await app.injectWS(`/api/socket/exam/u-learner2/${E}/pc`, {
    headers: { token: learner2 },
  })) as unknown as WebSocket;
  const pong = new Promise((r) => ws.once('message', r));
  ws.send('ping');
  await pong;
}, 60_000);
afterAll(async () => {
  ws.terminate();
  await app.close();
});

const W = '/api/exam/watch';
const grid = async (params: Record<string, unknown>) =>
  (
    await call(
      app,
      `${W}/process-paging`,
      { current: 1, size: 32, params: { examId: E, handState: 0, ...params } },
      admin,
    )
  ).body.data;

describe('exam watch', () => {
  it('lists exams to a proctor holding only exam:watch, running first', async () => {
    const list = async (params: Record<string, unknown>) =>
      (await call(app, `${W}/exam-paging`, { current: 1, size: 10, params }, proctor)).body.data;
    const all = await list({ title: '监控' });
    expect(all.records.map((x: { id: string }) => x.id)).toEqual([E, 'e-new', 'e-old']);
    expect(all.records[0]).toMatchObject({ title: '监控考试', runState: 1, processCount: 2 });
    expect(all.records.map((x: { runState: number }) => x.runState)).toEqual([1, 0, 2]);
    expect(all.records[0].startTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await list({ title: '旧' })).records.map((x: { id: string }) => x.id)).toEqual(['e-old']);
    expect((await call(app, `${W}/watch-stat`, { id: E }, proctor)).status).toBe(200); // and opens the grid
    expect((await call(app, `${W}/exam-paging`, {}, learner)).status).toBe(403);
    expect((await call(app, `${W}/exam-paging`, { params: { title: 'x'.repeat(65) } }, proctor)).status).toBe(400);
  });

  it('counts required, answering, handed-in and absent learners', async () => {
    const r = await call(app, `${W}/watch-stat`, { id: E }, admin);
    expect(r.body.data).toEqual({
      requireCount: 5,
      processCount: 2,
      handCount: 3,
      missCount: 0,
      notStartCount: 0,
      ended: false,
    });
  });

  it('calls a learner without a paper 未开始 while the exam is open, and 缺考 only once it has ended', async () => {
    const stat = async (id: string) => (await call(app, `${W}/watch-stat`, { id }, admin)).body.data;
    // Open to everyone: every active account is required, and nobody has a paper.
    const [{ n }] = (await app.db.execute(sql`select count(*)::int as n from sys_user where state = 0`)).rows as {
      n: number;
    }[];
    await app.db
      .insert(schema.elExam)
      .values({ id: 'e-year', title: '全年开放考试', startTime: min(-60), endTime: min(365 * 24 * 60), totalTime: 60 });
    expect(await stat('e-year')).toEqual({
      requireCount: n,
      processCount: 0,
      handCount: 0,
      missCount: 0,
      notStartCount: n,
      ended: false,
    });
    expect(await stat('e-new')).toMatchObject({ missCount: 0, notStartCount: n, ended: false }); // not begun yet
    expect(await stat('e-old')).toEqual({
      requireCount: n,
      processCount: 0,
      handCount: 0,
      missCount: n,
      notStartCount: 0,
      ended: true,
    });
  });

  it('lists answering examinees, incidents first, with presence, progress and the capture', async () => {
    const page = await grid({});
    expect(page.total).toBe(2);
    expect(page.records.map((x: { realName: string }) => x.realName)).toEqual(['王二', '李小红']);
    expect(page.records[0]).toMatchObject({
      id: 'p-w2',
      online: false,
      leaveTimes: 2,
      faceFails: 1,
      image: '/api/exam/watch/capture-image/p-w2?v=1',
      captureCount: 1,
      quCount: 3,
      answerCount: 0,
    });
    expect(page.records[0].imageAge).toBeGreaterThanOrEqual(0);
    expect(page.records[1]).toMatchObject({
      id: 'p-l2',
      online: true,
      answerCount: 2,
      quCount: 3,
      image: '',
      captureCount: 0,
      imageAge: null,
    });
    expect((await grid({ online: true })).records.map((x: { id: string }) => x.id)).toEqual(['p-l2']);
    expect((await grid({ offline: true })).records.map((x: { id: string }) => x.id)).toEqual(['p-w2']);
    expect((await grid({ online: true, offline: true })).total).toBe(2);
    expect((await grid({ deptCode: 'B01' })).records.map((x: { id: string }) => x.id)).toEqual(['p-w2']);
    expect((await grid({ realName: '小红' })).records.map((x: { id: string }) => x.id)).toEqual(['p-l2']);
    expect((await grid({ realName: '%' })).total).toBe(0); // taken literally
  });

  it('serves the capture image to proctors only, by the address the grid gives', async () => {
    const [cell] = (await grid({ offline: true })).records;
    const get = (url: string, token?: string) => app.inject({ method: 'POST', url, headers: token ? { token } : {} });
    const img = await get(cell.image, admin);
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect([...img.rawPayload]).toEqual([0, 0, 0]); // 'AAAA'
    expect((await get(cell.image, learner)).statusCode).toBe(403);
    expect((await get(cell.image)).statusCode).toBe(401);
    const none = await get('/api/exam/watch/capture-image/p-l2', admin);
    expect([none.statusCode, none.json().msg]).toEqual([404, '暂无抓拍！']);
  });

  it('lists handed-in papers with time used and the exception state', async () => {
    const page = async (params: Record<string, unknown>) =>
      (
        await call(
          app,
          `${W}/hand-paging`,
          { current: 1, size: 10, params: { examId: E, handState: 1, overwrite: 0, ...params } },
          admin,
        )
      ).body.data;
    const all = await page({});
    expect(all.total).toBe(3);
    expect(all.records.map((x: { realName: string }) => x.realName)).toEqual(['王三', '王一', '张小明']); // latest first, 阅卷中 too
    expect(all.records[2]).toMatchObject({
      userTime: 600,
      exState: 1,
      exState_dictText: '作弊',
      exMsg: '作弊',
      leaveTimes: 0,
    });
    expect(all.records[2].handTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await page({ hasEx: true })).records.map((x: { id: string }) => x.id)).toEqual(['p-l1']);
    expect((await page({ realName: '王' })).records.map((x: { id: string }) => x.id)).toEqual(['p-w3', 'p-w1']);
  });

  it('counts examinees not connected as failed in a batch message', async () => {
    const r = await call(app, '/api/socket/watch/batch-msg', { examId: E, message: '还剩10分钟' }, admin);
    expect(r.body.data).toEqual({ success: 1, fail: 1 });
  });

  it('refuses learners, missing parameters and unknown exams', async () => {
    for (const [url, body] of [
      [`${W}/watch-stat`, { id: E }],
      [`${W}/process-paging`, { params: { examId: E } }],
      [`${W}/hand-paging`, { params: { examId: E } }],
    ] as const) {
      expect((await call(app, url, body, learner)).status).toBe(403);
      expect((await call(app, url, body)).status).toBe(401);
    }
    expect((await call(app, `${W}/watch-stat`, {}, admin)).status).toBe(400);
    expect((await call(app, `${W}/process-paging`, { current: 1 }, admin)).status).toBe(400);
    expect((await call(app, `${W}/process-paging`, { params: { examId: E, handState: 1 } }, admin)).status).toBe(400);
    expect(
      (await call(app, `${W}/hand-paging`, { params: { examId: E, realName: 'x'.repeat(65) } }, admin)).status,
    ).toBe(400);
    const gone = await call(app, `${W}/watch-stat`, { id: 'nope' }, admin);
    expect([gone.status, gone.body.msg]).toEqual([404, '考试不存在或已删除！']);
    expect((await call(app, `${W}/process-paging`, { params: { examId: 'nope' } }, admin)).status).toBe(404);
  });
});
