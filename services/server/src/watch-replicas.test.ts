import { randomBytes } from 'node:crypto';
import { FORCE_HAND_SIGNAL } from '@exam/contracts';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { examService, seed as examSeed } from '@exam/svc-exam';
import { seed as repoSeed } from '@exam/svc-repo';
import { seed as systemSeed, systemService } from '@exam/svc-system';
import { watchService } from '@exam/svc-watch';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';

// The distributed mode's watch: two replicas of the watch service and the exam service (which owns
// forced hand-in) over one PostgreSQL and one Redis. The learner's reminder socket is held by replica A;
// the proctor's calls reach replica B (and the exam service), as a gateway may route them.
const distributed = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const EXAM = 'e-demo-1';
const W = '/api/exam/watch';
const S = '/api/socket/watch';

let core: FastifyInstance & { databaseUrl: string };
let a: FastifyInstance;
let b: FastifyInstance;
let admin: string;
let learner: string;
let learner2: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  if (!distributed) return;
  const redisPrefix = `wr${randomBytes(4).toString('hex')}:`;
  core = await createTestApp({
    services: [systemService, examService],
    seeds: [systemSeed, repoSeed, examSeed],
    config: { redisPrefix },
  });
  a = await createTestApp({ services: [watchService], databaseUrl: core.databaseUrl, config: { redisPrefix } });
  b = await createTestApp({ services: [watchService], databaseUrl: core.databaseUrl, config: { redisPrefix } });
  [admin, learner, learner2] = [
    await signIn(core, 'admin', 'Admin@2026'),
    await signIn(core, 'learner', 'Learner@2026'),
    await signIn(core, 'learner2', 'Learner@2026'),
  ];
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  for (const app of [b, a, core]) await app?.close(); // core last: it drops the shared database
});

/** A learner's reminder socket on a replica, token as the browser sends it; resolves once a ping is answered (listening). */
async function connect(app: FastifyInstance, userId: string, token: string) {
  const ws = (await app.injectWS(`/api/socket/exam/${userId}/${EXAM}/pc`, {
    headers: { 'sec-websocket-protocol': `token, ${token}` },
  })) as unknown as WebSocket;
  sockets.push(ws);
  const got: string[] = [];
  ws.on('message', (d) => got.push(d.toString()));
  ws.send('ping');
  await until(() => got.includes('pong'));
  return { ws, got };
}
async function until(ok: () => boolean | Promise<boolean>, ms = 5000) {
  for (const end = Date.now() + ms; !(await ok()); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const onlineOnB = async () => {
  const r = await call(
    b,
    `${W}/process-paging`,
    { current: 1, size: 32, params: { examId: EXAM, handState: 0 } },
    admin,
  );
  return Object.fromEntries(
    (r.body.data.records as { userId: string; online: boolean }[]).map((x) => [x.userId, x.online]),
  );
};

describe.skipIf(!distributed)('watch across replicas (PostgreSQL + Redis)', () => {
  let paper1: string;
  let l1: Awaited<ReturnType<typeof connect>>;
  let l2: Awaited<ReturnType<typeof connect>>;

  it('a learner connected to replica A shows online on replica B, with the stats bar from B', async () => {
    paper1 = (await call(core, '/api/paper/paper/create-paper', { examId: EXAM }, learner)).body.data.id;
    expect((await call(core, '/api/paper/paper/create-paper', { examId: EXAM }, learner2)).status).toBe(200);
    expect(await onlineOnB()).toEqual({ 'u-learner': false, 'u-learner2': false });
    l1 = await connect(a, 'u-learner', learner);
    l2 = await connect(a, 'u-learner2', learner2);
    expect(await onlineOnB()).toEqual({ 'u-learner': true, 'u-learner2': true });
    expect((await call(b, `${W}/watch-stat`, { id: EXAM }, admin)).body.data).toMatchObject({
      processCount: 2,
      handCount: 0,
    });
  });

  it('single and batch messages sent on B reach the learners on A, counted 成功/失败', async () => {
    const one = await call(b, `${S}/single-msg`, { examId: EXAM, userId: 'u-learner', message: '请诚信考试' }, admin);
    expect(one.body.data).toEqual({ success: 1, fail: 0 });
    await until(() => l1.got.includes('请诚信考试'));
    expect(l2.got).not.toContain('请诚信考试'); // one learner's message stays theirs
    const all = await call(b, `${S}/batch-msg`, { examId: EXAM, message: '还剩10分钟' }, admin);
    expect(all.body.data).toEqual({ success: 2, fail: 0 });
    await until(() => l1.got.includes('还剩10分钟') && l2.got.includes('还剩10分钟'));
  });

  it('a learner whose socket closed counts as failed, seen from B', async () => {
    l2.ws.terminate(); // the tab is gone (an injected socket never completes a closing handshake)
    await until(async () => (await onlineOnB())['u-learner2'] === false);
    const all = await call(b, `${S}/batch-msg`, { examId: EXAM, message: '请检查答题卡' }, admin);
    expect(all.body.data).toEqual({ success: 1, fail: 1 });
    await until(() => l1.got.includes('请检查答题卡'));
    const one = await call(b, `${S}/single-msg`, { examId: EXAM, userId: 'u-learner2', message: '请回到考试' }, admin);
    expect(one.body.data).toEqual({ success: 0, fail: 1 });
  }, 15_000);

  it("a forced hand-in by the proctor stops the learner's screen on A at once, and B lists the paper with the reason", async () => {
    const r = await call(core, `${W}/force-hand`, { paperId: paper1, message: '发现作弊' }, admin);
    expect(r.body.data).toEqual({ handed: 1 });
    await until(() => l1.got.includes(`${FORCE_HAND_SIGNAL}发现作弊`), 2000);
    const hand = await call(b, `${W}/hand-paging`, { current: 1, size: 10, params: { examId: EXAM } }, admin);
    expect(hand.body.data.records).toMatchObject([{ userId: 'u-learner', exState: 2, exMsg: '发现作弊' }]);
    // The other learner comes back (a new tab, replica A again); force-hand-all reaches them there.
    const back = await connect(a, 'u-learner2', learner2);
    const all = await call(core, `${W}/force-hand-all`, { examId: EXAM, exState: 3, message: '统一收卷' }, admin);
    expect(all.body.data).toEqual({ handed: 1 });
    await until(() => back.got.includes(`${FORCE_HAND_SIGNAL}统一收卷`), 2000);
    expect((await call(b, `${W}/watch-stat`, { id: EXAM }, admin)).body.data).toMatchObject({
      processCount: 0,
      handCount: 2,
    });
    expect(l1.got.filter((m) => m.startsWith(FORCE_HAND_SIGNAL))).toEqual([`${FORCE_HAND_SIGNAL}发现作弊`]);
  });
});
