import type { ReadMessage } from '@exam/contracts';
import type { Bus } from '@exam/server-kit';

export type ReadTarget = { userId: string; courseId: string; fileId: string };

/** The bus channel of one learner's reading of one file (websockets on any replica listen to it). */
export const readChannel = (t: ReadTarget) => `course:read:${t.userId}:${t.courseId}:${t.fileId}`;

export const publishRead = (bus: Bus, t: ReadTarget, m: ReadMessage) => bus.publish(readChannel(t), JSON.stringify(m));
