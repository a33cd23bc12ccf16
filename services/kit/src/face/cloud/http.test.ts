import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { FaceCloudBusy, FaceCloudFailed } from './errors';
import { cloudOptionsFromEnv, send } from './http';

let server: Server;
let URL = '';
/** A port nobody listens on: one the system just handed out and that was closed again. */
let deadPort = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    const [status, body] =
      req.url === '/gateway'
        ? [502, '<html>Bad Gateway</html>']
        : req.url === '/html400'
          ? [400, '<html>no</html>']
          : [200, '[1,2]'];
    res.writeHead(status).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  deadPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('cloud HTTP', () => {
  it('points at the stand-in only outside production', () => {
    expect(cloudOptionsFromEnv({ FACE_CLOUD_BASE_URL: 'http://127.0.0.1:1/', NODE_ENV: 'test' })).toEqual({
      baseUrl: 'http://127.0.0.1:1',
    });
    expect(cloudOptionsFromEnv({ FACE_CLOUD_BASE_URL: 'http://evil.example/', NODE_ENV: 'production' })).toEqual({});
    expect(cloudOptionsFromEnv({})).toEqual({});
  });

  it('a gateway error page is busy (retried), an unexpected page or shape is a failure', async () => {
    await expect(send('x', `${URL}/gateway`, {}, {})).rejects.toBeInstanceOf(FaceCloudBusy);
    await expect(send('x', `${URL}/html400`, {}, {})).rejects.toBeInstanceOf(FaceCloudFailed);
    await expect(send('x', `${URL}/array`, {}, {})).rejects.toBeInstanceOf(FaceCloudFailed);
  });

  it('nobody listening is busy (network), not a crash', async () => {
    await expect(send('x', `http://127.0.0.1:${deadPort}/`, {}, { timeoutMs: 500 })).rejects.toMatchObject({
      providerCode: 'network',
      retryable: true,
    });
  });
});
