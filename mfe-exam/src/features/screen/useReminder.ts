import { Message, Modal, Notification } from '@arco-design/web-react';
import { FACE_SIGNAL, FORCE_HAND_SIGNAL, reminderSocketPath } from '@exam/contracts';
import { useSocket } from '@exam/ui';
import { captureOutcome, type CaptureReply } from './camera';

/**
 * The proctor's reminder channel: ping every 10 s, pong ignored, a forced hand-in ends the screen at
 * once like any other break (the server has already handed in), a face verdict warns (or ends at the
 * limit), anything else a persistent 管理员提醒.
 */
export function useReminder(userId: string | undefined, examId: string | undefined, onBreak: () => void) {
  useSocket(userId && examId ? reminderSocketPath(userId, examId, 'pc') : undefined, (text) => {
    if (text.startsWith(FORCE_HAND_SIGNAL)) {
      Modal.error({ title: '强制交卷', content: `管理员已强制交卷：${text.slice(FORCE_HAND_SIGNAL.length)}` });
      onBreak();
      return;
    }
    // A face comparison's verdict (the server compares captures in its queue): warn, or end like a break.
    if (text.startsWith(FACE_SIGNAL)) {
      const o = captureOutcome(JSON.parse(text.slice(FACE_SIGNAL.length)) as CaptureReply);
      if (o.kind === 'break') {
        Modal.error({ title: '强制交卷', content: o.msg });
        onBreak();
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
  });
}
