import { randomBytes } from 'node:crypto';
import { call, createTestApp, signIn } from '@exam/server-kit/testing';
import { seed, systemService } from '@exam/svc-system';
import { examService } from '@exam/svc-exam';
import { afterAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';

// The distributed mode: two replicas of the system service and an exam service, one PostgreSQL, one Redis.
const distributed = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const a of apps.reverse()) await a.close();
});

describe.skipIf(!distributed)('replicas sharing PostgreSQL and Redis', () => {
  it('a token issued by one replica works on the other and on another service; logout ends it everywhere', async () => {
    const first = await createTestApp({ services: [systemService], seeds: [seed] });
    apps.push(first);
    const prefix = `rep${randomBytes(4).toString('hex')}:`;
    const sys1 = await createTestApp({
      services: [systemService],
      seeds: [seed],
      databaseUrl: first.databaseUrl,
      config: { redisPrefix: prefix },
    });
    const sys2 = await createTestApp({
      services: [systemService],
      seeds: [seed],
      databaseUrl: first.databaseUrl,
      config: { redisPrefix: prefix },
    });
    const exam = await createTestApp({
      services: [examService],
      databaseUrl: first.databaseUrl,
      config: { redisPrefix: prefix },
    });
    apps.push(sys1, sys2, exam);
    const token = await signIn(sys1, 'admin', 'Admin@2026');
    expect((await call(sys2, '/api/sys/user/info', {}, token)).body.data.userName).toBe('admin');
    expect((await call(exam, '/api/exam/exam/paging', { current: 1, size: 10 }, token)).status).toBe(200);
    await call(sys2, '/api/sys/user/logout', {}, token);
    expect((await call(sys1, '/api/sys/user/info', {}, token)).status).toBe(401);
    expect((await call(exam, '/api/exam/exam/paging', {}, token)).status).toBe(401);
  });

  it('a message published on one replica reaches a subscriber on the other', async () => {
    const prefix = `bus${randomBytes(4).toString('hex')}:`;
    const a = await createTestApp({ services: [], config: { redisPrefix: prefix } });
    const b = await createTestApp({ services: [], databaseUrl: a.databaseUrl, config: { redisPrefix: prefix } });
    apps.push(a, b);
    const got: string[] = [];
    await b.infra.bus.subscribe('exam:reminder', (m) => got.push(m));
    await a.infra.bus.publish('exam:reminder', '请诚信考试');
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual(['请诚信考试']);
  });
});
