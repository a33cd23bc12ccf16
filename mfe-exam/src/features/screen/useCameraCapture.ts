import { useEffect, useRef, useState } from 'react';
import { Message, Modal } from '@arco-design/web-react';
import { type ApiError, call, Code } from '@exam/api';
import { PaperCalls, type PaperDetail } from '@exam/contracts';
import { cameraErrorText, frameJpeg, openCamera, placeholderJpeg, stopStream } from '@exam/ui';
import { captureOutcome, type CaptureReply } from './camera';

/**
 * The first capture comes this soon after the camera is open, then one every camInterval minutes:
 * camInterval is whole minutes, and an early frame tells at once whether the camera works.
 */
export const FIRST_CAPTURE_MS = 5000;
/** How long the first capture waits for the camera (the learner answering the browser's prompt). */
const PROMPT_WAIT_MS = 30_000;

/**
 * Exam camera capture (spec learner §4): when the exam has the camera on and camInterval > 0, a
 * frame goes to capture/save every camInterval minutes (a placeholder image when the camera
 * fails). The server counts failures; isBreak means it has handed in: the screen ends like a
 * leave over the limit. Returns the stream for the on-screen preview.
 */
export function useCameraCapture(paper: PaperDetail | undefined, onBreak: () => void) {
  const [stream, setStream] = useState<MediaStream>();
  const brk = useRef(onBreak);
  brk.current = onBreak;
  const paperId = paper?.id;
  const minutes = paper?.camOn ? paper.camInterval : 0;

  useEffect(() => {
    if (!paperId || minutes <= 0) return;
    let stopped = false;
    let live: MediaStream | undefined;
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    const ready = openCamera().then(
      (s) => {
        if (stopped) return stopStream(s);
        live = s;
        video.srcObject = s;
        setStream(s);
        return video.play().catch(() => undefined);
      },
      (e) => {
        if (!stopped) Message.error({ content: cameraErrorText(e), duration: 6000 });
      },
    );

    const capture = async () => {
      const base64 = live && video.videoWidth ? frameJpeg(video) : placeholderJpeg();
      let r: CaptureReply;
      try {
        r = await call(PaperCalls.captureSave, { paperId, base64 }, { silent: true });
      } catch (e) {
        if ((e as ApiError).code === Code.EXAM_OVER) brk.current();
        return; // a network failure: the next capture tries again
      }
      const o = captureOutcome(r);
      if (o.kind === 'break') {
        Modal.error({ title: '强制交卷', content: o.msg });
        brk.current();
      } else if (o.kind === 'warn') Message.warning({ content: o.msg, duration: 6000 });
    };
    let first: ReturnType<typeof setTimeout> | undefined;
    let waited: ReturnType<typeof setTimeout> | undefined;
    // A permission prompt left unanswered does not hold the first capture back for ever.
    const settled = Promise.race([
      ready,
      new Promise((ok) => {
        waited = setTimeout(ok, PROMPT_WAIT_MS);
      }),
    ]);
    void settled.then(() => {
      if (!stopped) first = setTimeout(() => void capture(), FIRST_CAPTURE_MS);
    });
    const timer = setInterval(() => void capture(), minutes * 60_000);
    return () => {
      stopped = true;
      clearTimeout(first);
      clearTimeout(waited);
      clearInterval(timer);
      stopStream(live);
      setStream(undefined);
    };
  }, [paperId, minutes]);
  return stream;
}
