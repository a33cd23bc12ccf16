import { READ_SOCKET_PATH, type ReadMessage } from '@exam/contracts';
import { useSocket } from '@exam/ui';
import { parseReadMessage } from './readMessages';

/** The reading channel of one file (spec §7): ping every 10 s, reconnect when dropped, JSON progress messages. */
export function useReadChannel(
  userId: string | undefined,
  courseId: string,
  fileId: string | undefined,
  onMessage: (msg: Partial<ReadMessage>) => void,
) {
  // Opened only when a file id exists.
  const path = userId && fileId ? `${READ_SOCKET_PATH}/${userId}/${courseId}/${fileId}` : undefined;
  useSocket(path, (text) => {
    const msg = parseReadMessage(text);
    if (msg) onMessage(msg);
  });
}
