import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Notify, PayClient } from '../provider';

/**
 * The merchant's callback endpoint in miniature, FOR TESTS ONLY: each callback goes through the client's
 * parseNotify and is answered with its ack; what was understood (or the failure) is kept in order.
 */
export async function startNotifyReceiver(client: () => PayClient) {
  const received: (Notify | { failed: string; code: string })[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const c = client();
      void c
        .parseNotify(req.headers, Buffer.concat(chunks))
        .then(
          (n) => {
            received.push(n);
            return c.ack(true);
          },
          (e: { kind?: string; providerCode?: string }) => {
            received.push({ failed: e.kind ?? 'error', code: e.providerCode ?? '' });
            return c.ack(false);
          },
        )
        .then((ack) => {
          res.writeHead(ack.status, { 'content-type': ack.contentType });
          res.end(ack.body);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
