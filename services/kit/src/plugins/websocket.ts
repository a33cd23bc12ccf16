import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WS_TOKEN_PROTOCOL } from '@exam/contracts';
import { REVOKED_CHANNEL, type AuthUser } from '../session';
import { userOf } from './auth';

/** Close code of a socket whose session was revoked (4000-4999: application codes). */
export const WS_SESSION_ENDED = 4401;

declare module 'fastify' {
  interface FastifyInstance {
    /** Open websockets of this replica by session token, closed when the token is revoked anywhere. */
    liveSockets: Map<string, Set<WebSocket>>;
  }
}

/**
 * Websocket routes (`{ websocket: true }`); small frames only, the channels carry short messages.
 * The handshake's `Sec-WebSocket-Protocol: token, <token>` is answered with `token` (the token itself is
 * never echoed). Revocations arrive over the bus, so a socket closes on every replica at once.
 */
export const websocketPlugin = fp(
  async (app) => {
    const live = new Map<string, Set<WebSocket>>();
    app.decorate('liveSockets', live);
    await app.register(websocket, {
      options: {
        maxPayload: 64 * 1024,
        handleProtocols: (protocols: Set<string>) => (protocols.has(WS_TOKEN_PROTOCOL) ? WS_TOKEN_PROTOCOL : false),
      },
    });
    const off = await app.infra.bus.subscribe(REVOKED_CHANNEL, (message) => {
      let tokens: unknown;
      try {
        tokens = JSON.parse(message);
      } catch {
        return;
      }
      if (!Array.isArray(tokens)) return;
      for (const t of tokens)
        for (const socket of live.get(String(t)) ?? []) socket.close(WS_SESSION_ENDED, 'session ended');
    });
    app.addHook('preClose', async () => {
      await off().catch(() => {});
    });
  },
  { name: 'websocket', dependencies: ['core'] },
);

/**
 * The websocket auth of every channel: the signed-in user of the handshake (the auth hook refused the
 * upgrade without a live session), and the socket is closed the moment that session is revoked.
 */
export function wsAuth(socket: WebSocket, req: FastifyRequest): AuthUser {
  const me = userOf(req);
  const token = req.token!;
  const live = req.server.liveSockets;
  let set = live.get(token);
  if (!set) live.set(token, (set = new Set()));
  set.add(socket);
  socket.once('close', () => {
    set.delete(socket);
    if (!set.size && live.get(token) === set) live.delete(token);
  });
  return me;
}
