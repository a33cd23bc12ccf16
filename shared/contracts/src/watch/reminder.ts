import Type from 'typebox';
import { defineCall } from '../call';

const Message = Type.String({ minLength: 1, maxLength: 500 });
export const SendResult = Type.Object({ success: Type.Integer(), fail: Type.Integer() });
export type SendResult = Type.Static<typeof SendResult>;

/** Proctor reminders to examinees over the real-time channel /api/socket/exam/{userId}/{examId}/{platform}. */
export const ReminderCalls = {
  single: defineCall(
    '/api/socket/watch/single-msg',
    Type.Object({
      examId: Type.String({ minLength: 1, maxLength: 64 }),
      userId: Type.String({ minLength: 1, maxLength: 64 }),
      message: Message,
    }),
    SendResult,
  ),
  batch: defineCall(
    '/api/socket/watch/batch-msg',
    Type.Object({ examId: Type.String({ minLength: 1, maxLength: 64 }), message: Message }),
    SendResult,
  ),
};

/** Path of the learner's reminder channel. */
export const reminderSocketPath = (userId: string, examId: string, platform: string) =>
  `/api/socket/exam/${encodeURIComponent(userId)}/${encodeURIComponent(examId)}/${encodeURIComponent(platform)}`;
