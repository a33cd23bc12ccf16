import { defineCall, Type } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../route';
import { createTestApp } from '../testing';

const Ping = defineCall('/api/test/ping', Type.Object({ n: Type.Integer({ minimum: 0, maximum: 9 }) }), Type.Integer());

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({
    cspOrigins: ['https://cdn.example.com'],
    services: [
      async (s) => {
        route(s, Ping, { auth: 'public' }, async (req) => req.body.n);
        route(s, { ...Ping, url: '/api/test/private' }, {}, async (req) => req.body.n);
      },
    ],
  });
});
afterAll(() => app.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: Ping.url,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('security headers on every reply', () => {
  it.each([
    ['a call', () => post('{"n":1}'), 200],
    ['a refused body', () => post('{"n":"x"}'), 400],
    ['an unknown call', () => app.inject({ method: 'POST', url: '/api/nothing/here' }), 404],
    ['a visitor on a signed-in call', () => app.inject({ method: 'POST', url: '/api/test/private' }), 401],
  ])('%s', async (_what, send, status) => {
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://cdn.example.com']);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['style-src']).toContain('https://cdn.example.com');
    expect(csp['worker-src']).toEqual(["'self'", 'blob:', 'https://cdn.example.com']);
  });

  it('sends HSTS only when the request came over https (as the trusted gateway says)', async () => {
    expect((await post('{"n":1}')).headers['strict-transport-security']).toBeUndefined();
    const viaTls = await post('{"n":1}', { 'x-forwarded-proto': 'https' });
    expect(viaTls.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
  });

  it('a client outside the gateway cannot ask for https semantics', async () => {
    const res = await app.inject({
      method: 'POST',
      url: Ping.url,
      payload: '{"n":1}',
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
