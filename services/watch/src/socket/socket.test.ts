import { randomBytes } from 'node:crypto';
import { presenceKey } from '@exam/contracts';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { seed, systemService } from '@exam/svc-system';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

const WsClient = WebSocket;
import { watchService } from '../index';

let app: FastifyInstance;
let admin: string;
let learner: string;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  app = await createTestApp({ services: [systemService, watchService], seeds: [seed] });
  admin = await signIn(app, 'admin', 'Admin@2026');
  learner = await signIn(app, 'learner', 'Learner@2026');
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await app.close();
});

const open = async (target: FastifyInstance, path: string, headers: Record<string, string>) => {
  const ws = (await target.injectWS(path, { headers })) as unknown as WebSocket;
  sockets.push(ws);
  return ws;
};
/** A connection counts once its handler has registered it (a moment after the handshake, through the store). */
async function present(examId: string, userIds: string[]) {
  for (let i = 0; i < 200; i++) {
    const sets = await app.infra.kv.sMembersMany(userIds.map((u) => presenceKey(examId, u)));
    if (sets.every((m) => m.length > 0)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
const nextMessage = (ws: WebSocket) =>
  new Promise<string>((resolve) => ws.once('message', (d) => resolve(d.toString())));
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

describe('exam reminder channel', () => {
  it('answers ping with pong and delivers a proctor message to that learner', async () => {
    const ws = await open(app, '/api/socket/exam/u-learner/e1/pc', { token: learner });
    const pong = nextMessage(ws);
    ws.send('ping');
    expect(await pong).toBe('pong');
    const got = nextMessage(ws);
    const r = await call(
      app,
      '/api/socket/watch/single-msg',
      { examId: 'e1', userId: 'u-learner', message: '请诚信考试' },
      admin,
    );
    expect(r.body.data).toEqual({ success: 1, fail: 0 });
    expect(await got).toBe('请诚信考试');
  });

  it('broadcasts to everybody in the exam and counts who got it', async () => {
    const learner2 = await signIn(app, 'learner2', 'Learner@2026');
    const a = await open(app, '/api/socket/exam/u-learner/e2/pc', { token: learner });
    const b = await open(app, '/api/socket/exam/u-learner2/e2/h5', { token: learner2 });
    const got = Promise.all([nextMessage(a), nextMessage(b)]);
    await present('e2', ['u-learner', 'u-learner2']);
    const r = await call(app, '/api/socket/watch/batch-msg', { examId: 'e2', message: '还剩10分钟' }, admin);
    expect(r.body.data.success).toBe(2);
    expect(await got).toEqual(['还剩10分钟', '还剩10分钟']);
  });

  it('counts an offline learner as not reached', async () => {
    const r = await call(
      app,
      '/api/socket/watch/single-msg',
      { examId: 'e9', userId: 'u-learner2', message: 'x' },
      admin,
    );
    expect(r.body.data).toEqual({ success: 0, fail: 1 });
  });

  it('takes the token from the Sec-WebSocket-Protocol header, never from the URL or a cookie', async () => {
    const ws = await open(app, '/api/socket/exam/u-learner/e3/pc', { 'sec-websocket-protocol': `token, ${learner}` });
    const pong = nextMessage(ws);
    ws.send('ping');
    expect(await pong).toBe('pong');
    await expect(app.injectWS(`/api/socket/exam/u-learner/e3/pc?token=${learner}`, { headers: {} })).rejects.toThrow();
    await expect(
      app.injectWS('/api/socket/exam/u-learner/e3/pc', { headers: { cookie: `token=${learner}` } }),
    ).rejects.toThrow();
    await expect(
      app.injectWS('/api/socket/exam/u-learner/e3/pc', {
        headers: { 'sec-websocket-protocol': 'token, not-a-session' },
      }),
    ).rejects.toThrow();
  });

  it('a browser handshake (token as subprotocol) is accepted with the subprotocol echoed, not the token', async () => {
    const server = await createTestApp({ services: [systemService, watchService], seeds: [seed] });
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const token = await signIn(server, 'learner', 'Learner@2026');
      const ws = new WsClient(`${address.replace('http', 'ws')}/api/socket/exam/u-learner/e4/pc`, ['token', token]);
      sockets.push(ws);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      expect(ws.protocol).toBe('token');
      const pong = nextMessage(ws);
      ws.send('ping');
      expect(await pong).toBe('pong');
      ws.close();
    } finally {
      await server.close();
    }
  });

  it('closes the sockets of a session the moment it is revoked', async () => {
    const mine = await signIn(app, 'learner', 'Learner@2026');
    const other = await signIn(app, 'learner', 'Learner@2026');
    const a = await open(app, '/api/socket/exam/u-learner/e6/pc', { 'sec-websocket-protocol': `token, ${mine}` });
    const b = await open(app, '/api/socket/exam/u-learner/e6/pc', { 'sec-websocket-protocol': `token, ${other}` });
    const aClosed = closed(a);
    expect((await call(app, '/api/sys/user/logout', {}, mine)).status).toBe(200);
    expect(await aClosed).toBe(4401);
    expect(b.readyState).toBe(b.OPEN); // another session of the same user stays
    // Revoking every session of the user (an admin's password reset) closes the rest.
    const bClosed = closed(b);
    expect(
      (await call(app, '/api/sys/user/reset-pass', { ids: ['u-learner'], password: 'Learner@2026' }, admin)).status,
    ).toBe(200);
    expect(await bClosed).toBe(4401);
    learner = await signIn(app, 'learner', 'Learner@2026');
  });

  it("closes a connection to another learner's channel", async () => {
    const ws = await open(app, '/api/socket/exam/u-learner2/e1/pc', { token: learner });
    expect(await closed(ws)).toBe(4403);
  });

  it('refuses a handshake without a token or from another site', async () => {
    await expect(app.injectWS('/api/socket/exam/u-learner/e1/pc', { headers: {} })).rejects.toThrow();
    await expect(
      app.injectWS('/api/socket/exam/u-learner/e1/pc', {
        headers: { token: learner, origin: 'https://evil.example', host: 'localhost:80' },
      }),
    ).rejects.toThrow();
  });

  it('lets only proctors send, with bounded messages', async () => {
    expect(
      (await call(app, '/api/socket/watch/single-msg', { examId: 'e1', userId: 'u-learner', message: 'x' }, learner))
        .status,
    ).toBe(403);
    expect((await call(app, '/api/socket/watch/batch-msg', { examId: 'e1', message: '' }, admin)).status).toBe(400);
    expect(
      (await call(app, '/api/socket/watch/batch-msg', { examId: 'e1', message: 'x'.repeat(501) }, admin)).status,
    ).toBe(400);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('across replicas', () => {
  it('a message sent on one replica reaches a learner connected to another', async () => {
    const prefix = `ws${randomBytes(4).toString('hex')}:`;
    const a = await createTestApp({
      services: [systemService, watchService],
      seeds: [seed],
      config: { redisPrefix: prefix },
    });
    const b = await createTestApp({
      services: [watchService],
      databaseUrl: a.databaseUrl,
      config: { redisPrefix: prefix },
    });
    try {
      const token = await signIn(a, 'learner', 'Learner@2026');
      const ws = await open(b, '/api/socket/exam/u-learner/e5/pc', { token });
      const got = nextMessage(ws);
      const proctor = await signIn(a, 'admin', 'Admin@2026');
      const r = await call(
        a,
        '/api/socket/watch/single-msg',
        { examId: 'e5', userId: 'u-learner', message: '管理员提醒测试' },
        proctor,
      );
      expect(r.body.data.success).toBe(1);
      expect(await got).toBe('管理员提醒测试');
      // Signing out on replica a closes the socket held by replica b (revocations travel over the bus).
      const gone = closed(ws);
      await call(a, '/api/sys/user/logout', {}, token);
      expect(await gone).toBe(4401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
