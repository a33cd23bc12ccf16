import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Service } from './app';

// Request lines are off the hot path: none for a success at the default level, one for a refusal.
const probe: Service = async (app) => {
  app.get('/api/probe/ok', { config: { auth: 'public' } }, async () => ({ ok: true }));
  app.post('/api/probe/private', async () => ({ ok: true }));
};
const config = { databaseUrl: '', redisUrl: '', dataDir: ':memory:', demoData: false };

const start = async (logLevel: string, lines: string[]) =>
  buildApp({
    services: [probe],
    logStream: { write: (l: string) => void lines.push(l) },
    config: { ...config, logLevel },
  });
const completed = (lines: string[]) => lines.filter((l) => l.includes('request completed')).map((l) => JSON.parse(l));

describe('request log', () => {
  const info: string[] = [];
  const debug: string[] = [];
  let quiet: FastifyInstance;
  let chatty: FastifyInstance;
  beforeAll(async () => {
    quiet = await start('info', info);
    chatty = await start('debug', debug);
  });
  afterAll(async () => {
    await quiet.close();
    await chatty.close();
  });

  it('writes no line for a successful call at the info level, and one line for a refused call', async () => {
    expect((await quiet.inject({ method: 'GET', url: '/api/probe/ok' })).statusCode).toBe(200);
    expect(completed(info)).toEqual([]);
    expect((await quiet.inject({ method: 'POST', url: '/api/probe/private' })).statusCode).toBe(401);
    const [line, ...more] = completed(info);
    expect(more).toEqual([]);
    expect(line.req.url).toBe('/api/probe/private');
    expect(line.res.statusCode).toBe(401);
    expect(typeof line.responseTime).toBe('number');
  });

  it('redacts a play token in the path and a token in the query of a refused request (issue 35)', async () => {
    const token = 'ab'.repeat(32);
    expect(
      (await quiet.inject({ method: 'POST', url: `/api/probe/private/${token}/index.m3u8?token=${token}` })).statusCode,
    ).toBe(404);
    const logged = info.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).toContain('/api/probe/private/[Redacted]/index.m3u8?token=[Redacted]');
  });

  it('writes successes too at the debug level', async () => {
    await chatty.inject({ method: 'GET', url: '/api/probe/ok' });
    expect(completed(debug).map((l) => [l.req.url, l.res.statusCode])).toEqual([['/api/probe/ok', 200]]);
  });
});
