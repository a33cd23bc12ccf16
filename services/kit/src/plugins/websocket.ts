import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';

/** Websocket routes (`{ websocket: true }`); small frames only, the channels carry short messages. */
export const websocketPlugin = fp(
  async (app) => {
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  },
  { name: 'websocket' },
);
