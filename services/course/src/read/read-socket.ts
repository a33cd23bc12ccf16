import { READ_SOCKET_PATH, type ReadMessage, STUDY_FILE_TYPES } from '@exam/contracts';
import { type AuthUser, socketChannel } from '@exam/server-kit';
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
  const lengths = { userId: 64, courseId: 64, fileId: 64 };
  socketChannel<Params>(app, `${READ_SOCKET_PATH}/:userId/:courseId/:fileId`, lengths, async (channel) => {
    const { me, params: p } = channel;
    const stopWith = (stopMsg: string) => {
      const m: ReadMessage = { stopped: true, stopMsg, all: false, current: false };
      channel.send(JSON.stringify(m));
      channel.close(1000, 'stopped');
    };
    const timer = setInterval(async () => {
      const reason = await why(me, p);
      if (reason) stopWith(reason);
    }, RECHECK_MS);
    channel.onClose(() => clearInterval(timer));
    const reason = await why(me, p);
    const file = reason ? null : await fileInCourse(app.db, p.courseId, p.fileId).catch(() => null);
    if (reason || !file || !STUDY_FILE_TYPES.includes(file.fileType)) return stopWith(reason || '课件不存在或已删除！');
    await channel.listen((forward) =>
      app.infra.bus.subscribe(readChannel({ userId: me.id, courseId: p.courseId, fileId: p.fileId }), forward),
    );
  });
}
