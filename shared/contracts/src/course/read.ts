import Type from 'typebox';

/** Reading progress message pushed on `/api/socket/read/{userId}/{courseId}/{fileId}` (spec §3). */
export const ReadMessage = Type.Object({
  stopped: Type.Boolean(),
  stopMsg: Type.String(),
  /** The whole course is finished. */
  all: Type.Boolean(),
  /** The current file is finished. */
  current: Type.Boolean(),
});
export type ReadMessage = Type.Static<typeof ReadMessage>;
export const READ_SOCKET_PATH = '/api/socket/read';
