import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Service } from '../app';
import { trustedProxies } from '../config';
import { scrubUrl } from '../log';

// A probe service: what the server believes the caller's address is, and a handler that logs what it got.
const probe: Service = async (app) => {
  app.get('/api/probe/ip', { config: { auth: 'public' } }, async (req) => ({ ip: req.ip }));
  app.post('/api/probe/echo', { config: { auth: 'public' } }, async (req) => {
    req.log.info({ headers: req.headers, query: req.query, body: req.body }, 'probe');
    return { ok: true };
  });
};

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    services: [probe],
    logStream: { write: (l: string) => void lines.push(l) },
    config: { databaseUrl: '', redisUrl: '', dataDir: ':memory:', demoData: false, logLevel: 'debug' },
  });
});
afterAll(() => app.close());

const ipOf = async (remoteAddress: string, xff?: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/probe/ip',
      remoteAddress,
      headers: xff ? { 'x-forwarded-for': xff } : {},
    })
  ).json().ip;

describe('trust boundary of X-Forwarded-For', () => {
  it('ignores the header from a client that is not the gateway', async () => {
    expect(await ipOf('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
    expect(await ipOf('203.0.113.7', '127.0.0.1, 198.51.100.1')).toBe('203.0.113.7');
  });

  it('believes the gateway on this machine (loopback) for the address it saw', async () => {
    expect(await ipOf('127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    // nginx sets the header to $remote_addr: one hop; a chain is read from the right, so a forged left part is ignored.
    expect(await ipOf('127.0.0.1', '10.9.9.9, 198.51.100.2')).toBe('198.51.100.2');
  });

  it('reads the setting: loopback by default, listed gateways, or nobody', () => {
    expect(trustedProxies('loopback')).toEqual(['loopback']);
    expect(trustedProxies('10.0.0.2, 10.0.1.0/24')).toEqual(['10.0.0.2', '10.0.1.0/24']);
    expect(trustedProxies('none')).toBe(false);
    expect(trustedProxies('')).toBe(false);
  });
});

describe('log redaction', () => {
  it('never writes a session token to the log, wherever the caller put it', async () => {
    lines.length = 0;
    const secret = (n: number) => `tok${n}${'a'.repeat(40)}`;
    await app.inject({
      method: 'POST',
      url: `/api/probe/echo?x=1&token=${secret(1)}`,
      headers: {
        'content-type': 'application/json',
        token: secret(3),
        cookie: `token=${secret(4)}`,
        'sec-websocket-protocol': `token, ${secret(5)}`,
      },
      payload: JSON.stringify({ token: secret(6), nested: { token: secret(7) } }),
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/probe/echo?x=1&token=[Redacted]');
    expect(log).toContain('"probe"');
    for (const n of [1, 3, 4, 5, 6, 7]) expect(log).not.toContain(secret(n));
  });

  it('scrubs token parameters from URLs and leaves the rest', () => {
    expect(scrubUrl('/a?token=abc&b=2')).toBe('/a?token=[Redacted]&b=2');
    expect(scrubUrl('/a?b=2&TOKEN=abc#x')).toBe('/a?b=2&TOKEN=[Redacted]#x');
    expect(scrubUrl('/a?tokens=1')).toBe('/a?tokens=1');
  });
});
