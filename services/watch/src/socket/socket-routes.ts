import { randomBytes } from 'node:crypto';
import { ReminderCalls } from '@exam/contracts';
import { route, wsAuth } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { socketService } from './socket-service';

type ChannelParams = { userId: string; examId: string; platform: string };

export async function socketRoutes(app: FastifyInstance) {
  const svc = socketService({ db: app.db, infra: app.infra });
  const { reminders } = svc;

  // The learner's reminder channel: 'ping' is answered with 'pong'; anything else is a proctor's message.
  app.get<{ Params: ChannelParams }>(
    '/api/socket/exam/:userId/:examId/:platform',
    {
      websocket: true,
      schema: {
        params: {
          type: 'object',
          properties: {
            userId: { type: 'string', maxLength: 64 },
            examId: { type: 'string', maxLength: 64 },
            platform: { type: 'string', maxLength: 16 },
          },
        },
      },
    },
    async (socket, req) => {
      const me = wsAuth(socket, req); // closed at once when the session is revoked
      const { examId, userId } = req.params;
      if (me.id !== userId) {
        socket.close(4403, 'forbidden'); // one's own channel only
        return;
      }
      const connId = randomBytes(6).toString('hex');
      // Listeners first, synchronously: a ping sent right after the handshake must not be lost while
      // the bus subscription is still being set up.
      let stop: (() => Promise<void>) | undefined;
      let closedEarly = false;
      socket.on('message', (raw) => {
        if (raw.toString() === 'ping') {
          socket.send('pong');
          reminders.touch(examId, userId, connId).catch(() => {});
        }
      });
      socket.on('close', () => {
        closedEarly = !stop;
        stop?.().catch(() => {});
        reminders.leave(examId, userId, connId).catch(() => {});
      });
      const off = await reminders.listen(
        examId,
        userId,
        (message) => socket.readyState === socket.OPEN && socket.send(message),
      );
      if (closedEarly) return off();
      stop = off;
      await reminders.touch(examId, userId, connId);
    },
  );

  route(app, ReminderCalls.single, { permission: 'exam:watch' }, (req) =>
    svc.single(req.body.examId, req.body.userId, req.body.message),
  );
  route(app, ReminderCalls.batch, { permission: 'exam:watch' }, (req) => svc.batch(req.body.examId, req.body.message));
}
