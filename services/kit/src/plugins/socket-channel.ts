import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../session';
import { wsAuth } from './websocket';

/** What a channel's handler works with; hooks run in the order they were added. */
export type SocketChannel<P> = {
  me: AuthUser;
  params: P;
  /** Sends while the socket is open (a message for a closed socket is dropped). */
  send(text: string): void;
  close(code: number, reason: string): void;
  /** After each 'ping' (already answered with 'pong'). */
  onPing(hook: () => void): void;
  onClose(hook: () => void): void;
  /**
   * Subscribes `forward` (the socket's send) and keeps the unsubscribe until the socket closes; a socket closed while
   * subscribing unsubscribes at once. True when the socket is still open.
   */
  listen(subscribe: (forward: (text: string) => void) => Promise<() => Promise<void>>): Promise<boolean>;
};

/**
 * A push channel at `path`: the handshake's user (wsAuth), string params bounded by `maxLengths`, and a channel with
 * `:userId` is that user's own only (close 4403 for anyone else). 'ping' is answered with 'pong'. The listeners are set
 * before `start` runs, synchronously after the handshake, so a ping sent at once is not lost while `start` subscribes.
 */
export function socketChannel<P extends Record<string, string>>(
  app: FastifyInstance,
  path: string,
  maxLengths: { [K in keyof P]: number },
  start: (channel: SocketChannel<P>) => Promise<void>,
) {
  const properties = Object.fromEntries(
    Object.entries(maxLengths).map(([name, maxLength]) => [name, { type: 'string', maxLength }]),
  );
  app.get(path, { websocket: true, schema: { params: { type: 'object', properties } } }, async (socket, req) => {
    const me = wsAuth(socket, req);
    // The path names P's params; the schema bounds them.
    const params = req.params as P;
    if ('userId' in params && params.userId !== me.id) return socket.close(4403, 'forbidden');
    const pings: (() => void)[] = [];
    const closes: (() => void)[] = [];
    let stop: (() => Promise<void>) | undefined;
    let closed = false;
    socket.on('message', (raw) => {
      if (raw.toString() !== 'ping') return;
      socket.send('pong');
      for (const hook of pings) hook();
    });
    socket.on('close', () => {
      closed = true;
      stop?.().catch(() => {});
      for (const hook of closes) hook();
    });
    const send = (text: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text);
    };
    await start({
      me,
      params,
      send,
      close: (code, reason) => socket.close(code, reason),
      onPing: (hook) => pings.push(hook),
      onClose: (hook) => closes.push(hook),
      async listen(subscribe) {
        const off = await subscribe(send);
        if (closed) {
          await off();
          return false;
        }
        stop = off;
        return true;
      },
    });
  });
}
