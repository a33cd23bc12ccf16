import { useEffect, useRef } from 'react';
import { openSocket } from '@exam/api';

const PING_MS = 10_000;
const RECONNECT_MS = 5_000;
/** The server closes with this when the session ended (signed out elsewhere, password changed): it would refuse again. */
const SESSION_ENDED = 4401;

/**
 * A signed-in socket of `path` (a contract's socket path; none: closed) that stays open while the view lives:
 * a ping every 10 s (its pong is not passed on), a new connection 5 s after a drop. Every other frame goes to
 * `onText` as text.
 */
export function useSocket(path: string | undefined, onText: (text: string) => void) {
  const handler = useRef(onText);
  handler.current = onText;
  useEffect(() => {
    if (!path) return undefined;
    let ws: WebSocket | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      ws = openSocket(path);
      ws.onopen = () => {
        ping = setInterval(() => ws?.send('ping'), PING_MS);
      };
      ws.onmessage = (e) => {
        const text = String(e.data);
        if (text !== 'pong') handler.current(text);
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
  }, [path]);
}
