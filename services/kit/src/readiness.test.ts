import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client';
import { type Infra, memoryInfra } from './infra';
import { readiness } from './readiness';
import { createTestApp } from './testing';

describe('/readyz', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ services: [] });
  });
  afterAll(async () => app?.close());

  it('answers 200 when the database and Redis (or the in-process store) answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('answers 503 while the database fails, and /healthz still says the process lives', async () => {
    const execute = app.db.execute;
    // As when PostgreSQL is unreachable: every query fails.
    app.db.execute = (() => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof execute;
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'down', database: 'down', redis: 'ok' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      app.db.execute = execute;
    }
  });
});

describe('readiness', () => {
  const okDb = { execute: async () => ({ rows: [] }) } as unknown as Db;
  const infra = memoryInfra();
  afterAll(() => infra.close());

  it('is down when Redis refuses or does not answer in time, naming which', async () => {
    const refusing: Infra = { ...infra, ping: () => Promise.reject(new Error('ECONNREFUSED')) };
    expect(await readiness({ db: okDb, infra: refusing })).toEqual({ status: 'down', database: 'ok', redis: 'down' });
    const hung: Infra = { ...infra, ping: () => new Promise(() => {}) };
    expect(await readiness({ db: okDb, infra: hung }, 50)).toEqual({ status: 'down', database: 'ok', redis: 'down' });
  });

  it('is down when the database does not answer in time', async () => {
    const hungDb = { execute: () => new Promise(() => {}) } as unknown as Db;
    expect(await readiness({ db: hungDb, infra }, 50)).toEqual({ status: 'down', database: 'down', redis: 'ok' });
  });
});
