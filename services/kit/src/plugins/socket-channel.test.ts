import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import type { Service } from '../app';
import { sysUser } from '../db/schema';
import { createTestApp } from '../testing';
import { socketChannel } from './socket-channel';

/** What the demo channel's hooks saw, and a subscription that waits for `release` (a slow bus). */
const seen = { pings: 0, closes: 0, offs: 0, open: [] as boolean[] };
let release: () => void = () => {};
const demo: Service = async (app) => {
  socketChannel<{ userId: string; mode: string }>(
    app,
    '/api/socket/demo/:userId/:mode',
    { userId: 64, mode: 8 },
    async (channel) => {
      channel.onPing(() => seen.pings++);
      channel.onClose(() => seen.closes++);
      if (channel.params.mode === 'slow') await new Promise<void>((r) => (release = r));
      const open = await channel.listen(async (forward) => {
        const off = await app.infra.bus.subscribe(`demo:${channel.params.userId}`, forward);
        return async () => {
          seen.offs++;
          await off();
        };
      });
      seen.open.push(open);
    },
  );
};

let app: FastifyInstance;
let token: string;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  app = await createTestApp({ services: [demo], seeds: [] });
  await app.db.insert(sysUser).values({ id: 'u-ws', userName: 'ws1', realName: '通道', password: 'x' });
  token = (await app.sessions.create('u-ws'))!;
}, 60_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await app.close();
});

const open = async (path: string) => {
  const ws = (await app.injectWS(path, { headers: { token } })) as unknown as WebSocket;
  sockets.push(ws);
  return ws;
};
const next = (ws: WebSocket) => new Promise<string>((resolve) => ws.once('message', (d) => resolve(d.toString())));
const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('socket channels', () => {
  it("answers ping with pong, forwards the bus, and closes another user's channel with 4403", async () => {
    const ws = await open('/api/socket/demo/u-ws/fast');
    const pong = next(ws);
    ws.send('ping');
    expect(await pong).toBe('pong');
    await until(() => seen.pings === 1 && seen.open.length === 1);
    const got = next(ws);
    await app.infra.bus.publish('demo:u-ws', 'hello');
    expect(await got).toBe('hello');

    ws.terminate(); // a tab gone
    await until(() => seen.closes === 1 && seen.offs === 1);

    const theirs = await open('/api/socket/demo/u-other/fast');
    expect(await closed(theirs)).toBe(4403);
  });

  it('a socket closed while its handler subscribes is unsubscribed at once', async () => {
    const ws = await open('/api/socket/demo/u-ws/slow');
    ws.terminate();
    await until(() => seen.closes === 2);
    release();
    await until(() => seen.offs === 2);
    expect(seen.open.at(-1)).toBe(false);
  });
});
