import { examPresenceKey as examKey, presenceKey, reminderChannel as channel } from '@exam/contracts';
import type { Infra } from '@exam/server-kit';

const PRESENCE_TTL_SEC = 30; // clients ping every 10 s; three missed pings and they count as gone

// Channel and key names come from the contracts: the exam service publishes a forced hand-in on the same channel.

/**
 * Reminders from proctors to examinees. Messages go through the bus, so a proctor on any replica
 * reaches a learner connected to any other; presence lives in the key-value store for the same reason.
 */
export function createReminders(infra: Infra) {
  const { kv, bus } = infra;
  const isOnline = async (examId: string, userId: string) =>
    (await kv.sMembers(presenceKey(examId, userId))).length > 0;
  return {
    /** Subscribes a connection to its own and its exam's channel; returns the unsubscribe. */
    async listen(examId: string, userId: string, deliver: (message: string) => void) {
      const offs = await Promise.all([
        bus.subscribe(channel(examId, userId), deliver),
        bus.subscribe(channel(examId), deliver),
      ]);
      return async () => {
        for (const off of offs) await off();
      };
    },
    /** Marks a learner online in an exam (on connect and every ping); one entry per open tab. */
    async touch(examId: string, userId: string, connId: string) {
      await kv.sAdd(presenceKey(examId, userId), connId, PRESENCE_TTL_SEC);
      await kv.sAdd(examKey(examId), userId, PRESENCE_TTL_SEC);
    },
    leave: (examId: string, userId: string, connId: string) => kv.sRem(presenceKey(examId, userId), connId),
    isOnline,
    /** Learners of an exam with at least one live connection: two key-value round trips for the whole exam. */
    async online(examId: string) {
      const users = await kv.sMembers(examKey(examId));
      const conns = await kv.sMembersMany(users.map((u) => presenceKey(examId, u)));
      return users.filter((_, i) => conns[i].length > 0);
    },
    sendOne: (examId: string, userId: string, message: string) => bus.publish(channel(examId, userId), message),
    sendAll: (examId: string, message: string) => bus.publish(channel(examId), message),
  };
}
export type Reminders = ReturnType<typeof createReminders>;
