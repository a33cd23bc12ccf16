import type { SendResult } from '@exam/contracts';
import type { Db, Infra } from '@exam/server-kit';
import { watchRepository } from '../watch/watch-repository';
import { createReminders } from './reminders';

/** Proctors' messages to examinees, counted as delivered to a live connection or not. */
export function socketService({ db, infra }: { db: Db; infra: Infra }) {
  const reminders = createReminders(infra);
  const repo = watchRepository(db);
  return {
    /** Presence and channels of the examinees' sockets. */
    reminders,

    async single(examId: string, userId: string, message: string): Promise<SendResult> {
      const online = await reminders.isOnline(examId, userId);
      if (online) await reminders.sendOne(examId, userId, message);
      return { success: online ? 1 : 0, fail: online ? 0 : 1 };
    },

    /**
     * Success counts connected examinees; fail counts learners answering the exam (open paper) with no
     * live connection, who will not see the message.
     */
    async batch(examId: string, message: string): Promise<SendResult> {
      const [online, answering] = await Promise.all([reminders.online(examId), repo.answering(examId)]);
      await reminders.sendAll(examId, message);
      const live = new Set(online);
      return { success: online.length, fail: answering.filter((u) => !live.has(u)).length };
    },
  };
}
