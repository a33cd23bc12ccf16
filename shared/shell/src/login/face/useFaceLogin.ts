import { useEffect, useRef, useState } from 'react';
import { ApiError, call } from '@exam/api';
import { AccountCalls, type DataOf } from '@exam/contracts';
import {
  cameraErrorText,
  createTracker,
  frameJpeg,
  nextStep,
  openCamera,
  stopStream,
  TRACK_TEXTS,
  trackStart,
  trackText,
  type TrackStep,
} from '@exam/ui';

/** Spec §9: the face is held 1 s before the check; a failure shows the reason, then tracking starts over. */
const HOLD_MS = 1000;
const TICK_MS = 80;
const RETRY_MS = 2500;

export type FaceLoginPhase = 'loading' | 'tracking' | 'blink' | 'sending' | 'fail' | 'error';
const TEXTS = { blink: '请眨眨眼', sending: '正在识别，请稍候…' };

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Face sign-in: camera → one face held 1 s → a blink (liveness cue) → the frame to face-login. The
 * server identifies the face; `onToken` gets the session. Everything stops when the tab closes.
 */
export function useFaceLogin(onToken: (res: DataOf<typeof AccountCalls.faceLogin>) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<FaceLoginPhase>('loading');
  const [text, setText] = useState<string>(TRACK_TEXTS.loading);
  const done = useRef(onToken);
  done.current = onToken;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let closeTracker = () => {};
    const run = async () => {
      let tracker: Awaited<ReturnType<typeof createTracker>>;
      const fail = (msg: string) => {
        setPhase('error');
        setText(msg);
      };
      try {
        stream = await openCamera();
        const v = video.current!;
        v.srcObject = stream;
        await v.play().catch(() => undefined);
      } catch (e) {
        return fail(cameraErrorText(e));
      }
      try {
        tracker = await createTracker();
        if (stopped) return tracker.close();
        closeTracker = tracker.close;
      } catch (e) {
        console.warn('face tracker', e);
        return fail('人脸识别模型加载失败，请刷新页面重试！');
      }
      let step: TrackStep = trackStart();
      setPhase('tracking');
      while (!stopped) {
        const v = video.current;
        const faces = v && v.videoWidth ? await tracker.estimate(v).catch(() => []) : [];
        if (stopped) return;
        step = nextStep(step, faces, Date.now(), HOLD_MS);
        if (step.kind === 'hold') setText(trackText(faces.length));
        setPhase(step.kind === 'blink' ? 'blink' : 'tracking');
        if (step.kind === 'blink') setText(TEXTS.blink);
        if (step.kind !== 'capture') {
          await sleep(TICK_MS);
          continue;
        }
        setPhase('sending');
        setText(TEXTS.sending);
        try {
          const res = await call(AccountCalls.faceLogin, { base64: frameJpeg(v!) }, { silent: true });
          if (!stopped) done.current(res);
          return;
        } catch (e) {
          setPhase('fail');
          setText(e instanceof ApiError ? e.msg : '人脸登录失败，请重试！');
          await sleep(RETRY_MS);
          step = trackStart();
        }
      }
    };
    void run();
    return () => {
      stopped = true;
      stopStream(stream);
      closeTracker();
    };
  }, []);

  return { video, phase, text };
}
