import { READ_SOCKET_PATH, type ReadMessage, STUDY_FILE_TYPES } from '@exam/contracts';
import { type AuthUser, wsAuth } from '@exam/server-kit';
import type { FastifyInstance } from 'fastify';
import { fileInCourse, studyBlock, visibleCourse } from '../course/course-repository';
import { readChannel } from './read-bus';

type Params = { userId: string; courseId: string; fileId: string };
/** How often an open channel checks that the course may still be studied (disabled, period over). */
const RECHECK_MS = 60_000;

/**
 * The reading channel `/api/socket/read/{userId}/{courseId}/{fileId}` (spec learner §4): one's own only,
 * for a file of a course one may study. It answers 'ping' with 'pong', forwards progress messages published
 * on the bus by whichever replica took the report (`current` file finished, `all` course finished), and sends
 * `stopped` with the reason when the course can no longer be studied.
 */
export async function readSocketRoutes(app: FastifyInstance) {
  async function why(me: AuthUser, p: Params): Promise<string> {
    try {
      return studyBlock(await visibleCourse(app.db, me, p.courseId));
    } catch {
      return '课程不存在或已删除！';
    }
  }
  app.get<{ Params: Params }>(
    `${READ_SOCKET_PATH}/:userId/:courseId/:fileId`,
    {
      websocket: true,
      schema: {
        params: {
          type: 'object',
          properties: {
            userId: { type: 'string', maxLength: 64 },
            courseId: { type: 'string', maxLength: 64 },
            fileId: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (socket, req) => {
      const me = wsAuth(socket, req);
      const p = req.params;
      if (me.id !== p.userId) return socket.close(4403, 'forbidden');
      const send = (m: ReadMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(m));
      let stop: (() => Promise<void>) | undefined;
      let closed = false;
      const timer = setInterval(async () => {
        const reason = await why(me, p);
        if (reason) {
          send({ stopped: true, stopMsg: reason, all: false, current: false });
          socket.close(1000, 'stopped');
        }
      }, RECHECK_MS);
      socket.on('message', (raw) => raw.toString() === 'ping' && socket.send('pong'));
      socket.on('close', () => {
        closed = true;
        clearInterval(timer);
        stop?.().catch(() => {});
      });
      const reason = await why(me, p);
      const file = reason ? null : await fileInCourse(app.db, p.courseId, p.fileId).catch(() => null);
      if (reason || !file || !STUDY_FILE_TYPES.includes(file.fileType)) {
        send({ stopped: true, stopMsg: reason || '课件不存在或已删除！', all: false, current: false });
        return socket.close(1000, 'stopped');
      }
      const off = await app.infra.bus.subscribe(
        readChannel({ userId: me.id, courseId: p.courseId, fileId: p.fileId }),
        (m) => socket.readyState === socket.OPEN && socket.send(m),
      );
      if (closed) return off();
      stop = off;
    },
  );
}
