import { randomBytes } from 'node:crypto';
import { ReminderCalls } from '@exam/contracts';
import { route, socketChannel } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { socketService } from './socket-service';

type ChannelParams = { userId: string; examId: string; platform: string };

export async function socketRoutes(app: FastifyInstance) {
  const svc = socketService({ db: app.db, infra: app.infra });
  const { reminders } = svc;

  // The learner's reminder channel: 'ping' is answered with 'pong' (and keeps the learner present); anything else is a
  // proctor's message.
  const lengths = { userId: 64, examId: 64, platform: 16 };
  socketChannel<ChannelParams>(app, '/api/socket/exam/:userId/:examId/:platform', lengths, async (channel) => {
    const { examId, userId } = channel.params;
    const connId = randomBytes(6).toString('hex');
    channel.onPing(() => reminders.touch(examId, userId, connId).catch(() => {}));
    channel.onClose(() => reminders.leave(examId, userId, connId).catch(() => {}));
    if (await channel.listen((forward) => reminders.listen(examId, userId, forward))) {
      await reminders.touch(examId, userId, connId);
    }
  });

  route(app, ReminderCalls.single, { permission: 'exam:watch' }, (req) =>
    svc.single(req.body.examId, req.body.userId, req.body.message),
  );
  route(app, ReminderCalls.batch, { permission: 'exam:watch' }, (req) => svc.batch(req.body.examId, req.body.message));
}
