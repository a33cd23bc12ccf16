import { COURSE_MSG, type ReadMessage } from '@exam/contracts';

/** Spec §4: after a stop message, the learner is sent away 3.5 s later. */
export const STOP_BREAK_MS = 3500;

export type ReadAction =
  | { kind: 'none' }
  | { kind: 'stopped'; msg: string }
  | { kind: 'finish'; msg: string; key: string };

/**
 * What the study screen does with a progress message (spec §4): a stop shows its message and breaks;
 * `all` or `current` congratulates once, then nothing until the file or the course changes. `shownKey` is
 * the key of the last congratulation, `key` the file on screen (`courseId/fileId`).
 */
export function readAction(msg: Partial<ReadMessage>, key: string, shownKey: string | null): ReadAction {
  if (msg.stopped) return { kind: 'stopped', msg: msg.stopMsg || '学习已中断！' };
  if (!msg.all && !msg.current) return { kind: 'none' };
  if (shownKey === key) return { kind: 'none' };
  return { kind: 'finish', msg: msg.all ? COURSE_MSG.COURSE_DONE : COURSE_MSG.FILE_DONE, key };
}

/** A channel frame: JSON progress messages only ('pong' and anything unreadable are ignored). */
export function parseReadMessage(text: string): Partial<ReadMessage> | null {
  if (text === 'pong') return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}
