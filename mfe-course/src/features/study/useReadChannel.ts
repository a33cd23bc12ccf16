import { useEffect, useRef } from 'react';
import { openSocket } from '@exam/api';
import { READ_SOCKET_PATH, type ReadMessage } from '@exam/contracts';
import { parseReadMessage } from './readMessages';

const PING_MS = 10_000;
const RECONNECT_MS = 5_000;
/** The server closes with this when the session ended: reconnecting would only be refused. */
const SESSION_ENDED = 4401;

/** The reading channel of one file (spec §7): ping every 10 s, reconnect when dropped, JSON progress messages. */
export function useReadChannel(
  userId: string | undefined,
  courseId: string,
  fileId: string | undefined,
  onMessage: (msg: Partial<ReadMessage>) => void,
) {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (!userId || !fileId) return undefined; // opened only when a file id exists
    let ws: WebSocket | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      ws = openSocket(`${READ_SOCKET_PATH}/${userId}/${courseId}/${fileId}`);
      ws.onopen = () => {
        ping = setInterval(() => ws?.send('ping'), PING_MS);
      };
      ws.onmessage = (e) => {
        const msg = parseReadMessage(String(e.data));
        if (msg) handler.current(msg);
      };
      ws.onclose = (e) => {
        clearInterval(ping);
        if (!closed && e.code !== SESSION_ENDED) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      closed = true;
      clearInterval(ping);
      clearTimeout(retry);
      ws?.close();
    };
  }, [userId, courseId, fileId]);
}
