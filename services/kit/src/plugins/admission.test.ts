import { Code } from '@exam/contracts';
import { afterEach, describe, expect, it } from '@rstest/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AdmissionLimits, admissionPlugin, BUSY_MSG } from './admission';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

/** A replica with the given limits and one slow call that counts how often its handler ran. */
async function replica(limits: AdmissionLimits, slowMs = 300) {
  app = Fastify();
  await app.register(admissionPlugin, { limits });
  const ran = { count: 0 };
  app.post('/api/slow', async () => {
    ran.count++;
    await new Promise((r) => setTimeout(r, slowMs));
    return { code: 0, msg: 'ok', data: ran.count, success: true };
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const post = () => fetch(`${url}/api/slow`, { method: 'POST' });
  return { url, ran, post };
}

describe('admission control', () => {
  it('takes the limit at once, queues the next in order, and refuses the rest with 503, Retry-After and BUSY unrun', async () => {
    const { ran, post } = await replica({ concurrent: 2, queue: 2, waitMs: 5000 });
    const replies = await Promise.all(Array.from({ length: 7 }, post));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 503, 503, 503]);
    // The refused never ran: only the four admitted handlers did.
    expect(ran.count).toBe(4);
    const refused = replies.find((r) => r.status === 503)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({ code: Code.BUSY, msg: BUSY_MSG, data: null, success: false });
    // Every slot came back: a later call runs at once.
    expect((await post()).status).toBe(200);
  });

  it('a call that waits longer than the limit is refused; the queue goes on', async () => {
    const { ran, post } = await replica({ concurrent: 1, queue: 5, waitMs: 100 }, 400);
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([200, 503]);
    expect(ran.count).toBe(1);
    expect((await post()).status).toBe(200);
  });

  it('a client that leaves frees its slot; the probes are never held back', async () => {
    const { url, ran, post } = await replica({ concurrent: 1, queue: 0, waitMs: 100 }, 500);
    const gone = new AbortController();
    const leaving = fetch(`${url}/api/slow`, { method: 'POST', signal: gone.signal }).catch(() => 'aborted');
    await new Promise((r) => setTimeout(r, 50));
    // Busy: a call is refused, the liveness probe still answers.
    expect((await post()).status).toBe(503);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    gone.abort();
    expect(await leaving).toBe('aborted');
    await new Promise((r) => setTimeout(r, 600));
    expect((await post()).status).toBe(200);
    expect(ran.count).toBe(2);
  });

  it('a call that fails frees its slot as an answered one does', async () => {
    app = Fastify();
    await app.register(admissionPlugin, { limits: { concurrent: 2, queue: 0, waitMs: 10 } });
    app.post('/ok', async () => ({ ok: 1 }));
    app.post('/boom', async () => {
      throw new Error('boom');
    });
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ method: 'POST', url: '/ok' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/boom' })).statusCode).toBe(500);
    }
  });
});
