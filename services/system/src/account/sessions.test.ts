import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';

// Short lifetimes so the test can outlive them: 2 s sliding, 6 s absolute.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({
    services: [systemService],
    seeds: [seed],
    config: { sessionTtlSec: 2, sessionMaxSec: 6 },
  });
}, 60_000);
afterAll(() => app.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const info = async (token: string) => (await call(app, '/api/sys/user/info', {}, token)).status;
const learnerId = async (token: string) => (await call(app, '/api/sys/user/info', {}, token)).body.data.id as string;

/** Uses a token every half second for `ms`, as an open exam screen would. */
async function keepUsing(token: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    expect(await info(token)).toBe(200);
    await sleep(500);
  }
}

describe('session lifetimes', () => {
  it('revocation reaches a token used for longer than the sliding lifetime', async () => {
    const token = await signIn(app, 'learner', 'Learner@2026');
    await keepUsing(token, 3000); // past the 2 s sliding lifetime the token set had when it was made
    const id = await learnerId(token);
    const admin = await signIn(app, 'admin', 'Admin@2026');
    expect((await call(app, '/api/sys/user/reset-pass', { ids: [id], password: 'Learner@2026' }, admin)).status).toBe(
      200,
    );
    expect(await info(token)).toBe(401);
  }, 20_000);

  it('a password change ends every long-used session of the user', async () => {
    const a = await signIn(app, 'learner2', 'Learner@2026');
    const b = await signIn(app, 'learner2', 'Learner@2026');
    await Promise.all([keepUsing(a, 3000), keepUsing(b, 3000)]);
    const r = await call(
      app,
      '/api/sys/user/update-pass',
      { oldPassword: 'Learner@2026', password: 'Learner@2027' },
      a,
    );
    expect(r.status).toBe(200);
    expect(await info(a)).toBe(401);
    expect(await info(b)).toBe(401);
    expect(await info(r.body.data.token)).toBe(200);
  }, 20_000);

  it('a token ends at its absolute lifetime however much it is used', async () => {
    const token = await signIn(app, 'admin', 'Admin@2026');
    await keepUsing(token, 4500);
    await sleep(Math.max(0, 6300 - 4500));
    expect(await info(token)).toBe(401);
  }, 20_000);

  it('an unused token ends after the sliding lifetime', async () => {
    const token = await signIn(app, 'admin', 'Admin@2026');
    await sleep(2500);
    expect(await info(token)).toBe(401);
  }, 20_000);

  it("ended tokens do not pile up in the user's token set", async () => {
    const userId = 'u-learner2';
    for (let i = 0; i < 40; i++) await app.sessions.create(userId);
    await sleep(2500); // all forty end (sliding lifetime)
    await app.sessions.create(userId);
    expect((await app.infra.kv.sMembers(`usess:${userId}`)).length).toBeLessThan(5);
  }, 20_000);
});
