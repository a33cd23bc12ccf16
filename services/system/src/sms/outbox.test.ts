import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@exam/server-kit';
import { createTestApp, signIn } from '@exam/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { seed, systemService } from '../index';
import { requestSms } from '../testing/helpers';

const lines: string[] = [];
let dir: string;
let demo: FastifyInstance;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'auth-outbox-'));
  demo = await buildApp({
    services: [systemService],
    seeds: [seed],
    logStream: { write: (l: string) => void lines.push(l) },
    config: { databaseUrl: '', redisUrl: '', dataDir: dir, demoData: true, smsOutbox: true, logLevel: 'debug' },
  });
}, 120_000);
afterAll(async () => {
  await demo.close();
  await rm(dir, { recursive: true, force: true });
});

describe('SMS codes and logs', () => {
  it('the demo outbox puts the code in its file and never in the log', async () => {
    const learner = await signIn(demo, 'learner', 'Learner@2026');
    const { res, code } = await requestSms(demo, 'bind', '13900001111', learner);
    expect(res.status).toBe(200);
    expect(code).toMatch(/^\d{6}$/);
    const file = await readFile(path.join(dir, 'sms-outbox.log'), 'utf8');
    expect(file).toContain(`"code":"${code}"`);
    const log = lines.join('\n');
    expect(log).toContain('SMS outbox: a code for 139****1111');
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`)); // not as a number of its own (times have digits too)
  });

  it('a deployment without an SMS provider does not fall back to the outbox: sending fails cleanly', async () => {
    const app = await createTestApp({ services: [systemService], seeds: [seed], config: { smsOutbox: false } });
    try {
      const learner = await signIn(app, 'learner', 'Learner@2026');
      const { res, code } = await requestSms(app, 'bind', '13900002222', learner);
      expect(res).toMatchObject({ status: 502, body: { msg: '短信发送失败，请稍后再试！' } });
      expect(code).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 60_000);
});
