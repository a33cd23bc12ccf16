import { useEffect, useRef } from 'react';
import { Message, Modal, Notification } from '@arco-design/web-react';
import { openSocket } from '@exam/api';
import { FACE_SIGNAL, FORCE_HAND_SIGNAL, reminderSocketPath } from '@exam/contracts';
import { captureOutcome, type CaptureReply } from './camera';

const PING_MS = 10_000;
const RECONNECT_MS = 5_000;
const SESSION_ENDED = 4401;

/**
 * The proctor's reminder channel: ping every 10 s, pong ignored, a forced hand-in ends the screen at
 * once like any other break (the server has already handed in), a face verdict warns (or ends at the
 * limit), anything else a persistent 管理员提醒.
 */
export function useReminder(userId: string | undefined, examId: string | undefined, onBreak: () => void) {
  const brk = useRef(onBreak);
  brk.current = onBreak;
  useEffect(() => {
    if (!userId || !examId) return;
    let ws: WebSocket | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    const connect = () => {
      ws = openSocket(reminderSocketPath(userId, examId, 'pc')); // the token goes in the subprotocol header, not the URL
      ws.onopen = () => {
        ping = setInterval(() => ws?.send('ping'), PING_MS);
      };
      ws.onmessage = (e) => {
        const text = String(e.data);
        if (text === 'pong') return;
        if (text.startsWith(FORCE_HAND_SIGNAL)) {
          Modal.error({ title: '强制交卷', content: `管理员已强制交卷：${text.slice(FORCE_HAND_SIGNAL.length)}` });
          brk.current();
          return;
        }
        // A face comparison's verdict (the server compares captures in its queue): warn, or end like a break.
        if (text.startsWith(FACE_SIGNAL)) {
          const o = captureOutcome(JSON.parse(text.slice(FACE_SIGNAL.length)) as CaptureReply);
          if (o.kind === 'break') {
            Modal.error({ title: '强制交卷', content: o.msg });
            brk.current();
          } else if (o.kind === 'warn') Message.warning({ content: o.msg, duration: 6000 });
          return;
        }
        // Bottom right: a persistent notice at the top would cover the 交卷 button.
        Notification.warning({
          title: '管理员提醒',
          content: text,
          duration: 0,
          closable: true,
          position: 'bottomRight',
        });
      };
      ws.onclose = (e) => {
        clearInterval(ping);
        // 4401: the session ended (signed out elsewhere, password changed); the next call sends the user to sign in.
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
  }, [userId, examId]);
}
