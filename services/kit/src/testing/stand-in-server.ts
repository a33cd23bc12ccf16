import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP server under every local stand-in of a third party (face clouds, sign-in providers), FOR TESTS
 * ONLY: it listens on 127.0.0.1 (a free port unless told), reads the whole body, holds each answer
 * `delay()` ms and hands the request to the handlers in turn; nobody answering is a 404.
 */
export type StandInHandler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => Promise<boolean> | boolean;

export type StandInServer = { url: string; delay(ms: number): void; close(): Promise<void> };

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

export async function serveStandIn(handlers: StandInHandler[], port = 0): Promise<StandInServer> {
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      setTimeout(() => {
        void (async () => {
          for (const h of handlers) if (await h(req, body, res)) return;
          json(res, 404, { message: 'not found' });
        })().catch(() => json(res, 500, { message: 'stand-in error' }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    delay: (ms) => void (delayMs = ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
