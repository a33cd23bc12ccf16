import { randomBytes } from 'node:crypto';
import { ReminderCalls } from '@exam/contracts';
import { route, wsAuth } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { watchRepository } from '../watch/watch-repository';
import { createReminders } from './reminders';

type ChannelParams = { userId: string; examId: string; platform: string };

export async function socketRoutes(app: FastifyInstance) {
  const reminders = createReminders(app.infra);
  const repo = watchRepository(app.db);

  // The learner's reminder channel: 'ping' is answered with 'pong'; anything else is a proctor's message.
  app.get<{ Params: ChannelParams }>(
    '/api/socket/exam/:userId/:examId/:platform',
    {
      websocket: true,
      schema: {
        params: {
          type: 'object',
          properties: { userId: { type: 'string', maxLength: 64 }, examId: { type: 'string', maxLength: 64 }, platform: { type: 'string', maxLength: 16 } },
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
      const off = await reminders.listen(examId, userId, (message) => socket.readyState === socket.OPEN && socket.send(message));
      if (closedEarly) return off();
      stop = off;
      await reminders.touch(examId, userId, connId);
    },
  );

  route(app, ReminderCalls.single, { permission: 'exam:watch' }, async (req) => {
    const { examId, userId, message } = req.body;
    const online = await reminders.isOnline(examId, userId);
    if (online) await reminders.sendOne(examId, userId, message);
    return { success: online ? 1 : 0, fail: online ? 0 : 1 };
  });

  // Success counts connected examinees; fail counts learners answering the exam (open paper) with no
  // live connection, who will not see the message.
  route(app, ReminderCalls.batch, { permission: 'exam:watch' }, async (req) => {
    const { examId, message } = req.body;
    const [online, answering] = await Promise.all([reminders.online(examId), repo.answering(examId)]);
    await reminders.sendAll(examId, message);
    const live = new Set(online);
    return { success: online.length, fail: answering.filter((u) => !live.has(u)).length };
  });
}
