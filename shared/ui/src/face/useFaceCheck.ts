import { useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { ApiError, call } from '@exam/api';
import {
  type CallContract,
  type FaceCaptureResult,
  type FaceCheckResult,
  FaceMsgs,
  type IdReq,
  type TSchema,
} from '@exam/contracts';
import { cameraErrorText, frameJpeg, openCamera, placeholderJpeg, stopStream } from './camera';
import { createTracker, type FaceTracker, TRACK_TEXTS, trackText, waitForHeldFace } from './tracker';

/** Spec §9: a face is held 1 s before the frame is taken; no face for 20 s warns; success closes after 2 s. */
export const FACE_HOLD_MS = 1000;
export const FACE_OUT_MS = 20_000;
export const FACE_PASS_CLOSE_MS = 2000;
/** Pause after a failure before tracking again; how often and how long the verdict is polled. */
const RETRY_MS = 2500;
const POLL_MS = 800;
const POLL_MAX = 75;
/** Pause between two tracker frames (one estimate takes ~50–300 ms on its own). */
const TICK_MS = 80;

export type FacePhase = 'loading' | 'tracking' | 'comparing' | 'pass' | 'fail' | 'break';
export type FaceCheckOptions = {
  /** The dialog is shown: the camera runs and checks repeat until a pass or a break. */
  open: boolean;
  /** Stores a frame (PaperFaceCalls.check, CourseFaceCalls.save): `params` plus `base64`. */
  saveCall: CallContract<TSchema, typeof FaceCaptureResult>;
  /** Reads the frame's verdict (PaperFaceCalls.result, CourseFaceCalls.validateFace). */
  resultCall: CallContract<typeof IdReq, typeof FaceCheckResult>;
  params: Record<string, unknown>;
  /** exam: 请诚信考试… / 自动交卷; study: 请认真学习… / 退出学习 (spec §8). */
  scene: 'exam' | 'study';
  onPass: (r: FaceCheckResult) => void;
  onBreak: (r: FaceCheckResult) => void;
};

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * The 人脸认证 check: camera → the browser tracker (the face sign-in's, ./tracker.ts) until one face was
 * held 1 s → that frame to `saveCall` → verdict from `resultCall` (the server compares in its queue). No
 * frame is sent while no face is held, so a learner away from the camera is warned, not failed. A failure
 * shows the server's reason and tracks again; isBreak ends it; no face seen for 20 s shows the face-out
 * warning. A camera error sends the placeholder (which fails, spec §4); a tracker that cannot load
 * falls back to a plain 1 s wait before each frame (the server's gate still refuses a frame without a face).
 */
export function useFaceCheck(o: FaceCheckOptions) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<FacePhase>('loading');
  const [text, setText] = useState('');
  const opts = useRef(o);
  opts.current = o;

  useEffect(() => {
    if (!o.open) return undefined;
    let stopped = false;
    let stream: MediaStream | undefined;
    let tracker: (FaceTracker & { close(): void }) | undefined;
    const noFace = o.scene === 'exam' ? FaceMsgs.examNoFace : FaceMsgs.studyNoFace;
    // Face-out: the clock restarts whenever a face is seen (by the tracker, or in a frame sent for comparison).
    let lastFace = Date.now();
    const out = setInterval(() => {
      if (Date.now() - lastFace < FACE_OUT_MS) return;
      lastFace = Date.now();
      Message.warning(noFace);
    }, 500);

    const verdict = async (id: string): Promise<FaceCheckResult> => {
      for (let i = 0; i < POLL_MAX && !stopped; i++) {
        const r = await call(opts.current.resultCall, { id }, { silent: true });
        if (r.done) return r;
        await sleep(POLL_MS);
      }
      throw new Error('人脸比对超时，请重试！');
    };
    /** Until one face was held FACE_HOLD_MS (false: the dialog closed meanwhile). */
    const held = async () => {
      setPhase('tracking');
      setText(TRACK_TEXTS.none);
      if (!tracker) {
        await sleep(FACE_HOLD_MS);
        return !stopped;
      }
      return waitForHeldFace(tracker, () => video.current, {
        holdMs: FACE_HOLD_MS,
        tickMs: TICK_MS,
        stopped: () => stopped,
        onFaces: (n) => {
          if (n > 0) lastFace = Date.now();
          setText(trackText(n));
        },
      });
    };
    const once = async (): Promise<FaceCheckResult | null> => {
      if (!(await held())) return null;
      const v = video.current;
      const base64 = stream && v && v.videoWidth ? frameJpeg(v) : placeholderJpeg();
      setPhase('comparing');
      setText('正在比对人脸，请稍候…');
      const saved = await call(opts.current.saveCall, { ...opts.current.params, base64 }, { silent: true });
      const r = saved.isBreak
        ? { done: true, pass: false, failMsg: '', faceToken: '', realName: '', idCard: '', ...saved }
        : await verdict(saved.id);
      if (tracker) lastFace = Date.now();
      return r;
    };
    const loop = async () => {
      try {
        stream = await openCamera();
        if (video.current) {
          video.current.srcObject = stream;
          await video.current.play().catch(() => undefined);
        }
      } catch (e) {
        Message.error({ content: cameraErrorText(e), duration: 6000 });
      }
      if (stream && !stopped) {
        setPhase('loading');
        setText(TRACK_TEXTS.loading);
        tracker = await createTracker().catch((e: unknown) => {
          console.warn('face tracker', e);
          return undefined;
        });
        if (stopped) return tracker?.close();
      }
      while (!stopped) {
        let r: FaceCheckResult | null;
        try {
          r = await once();
        } catch (e) {
          if (stopped) return;
          setPhase('fail');
          setText(e instanceof ApiError ? e.msg : (e as Error).message);
          await sleep(RETRY_MS);
          continue;
        }
        if (stopped || !r) return;
        const brk = opts.current.scene === 'exam' ? FaceMsgs.examBreak : FaceMsgs.studyBreak;
        if (r.isBreak) {
          setPhase('break');
          setText(brk(r.faceChance));
          Message.error(brk(r.faceChance));
          opts.current.onBreak(r);
          return;
        }
        if (r.pass) {
          clearInterval(out);
          setPhase('pass');
          setText(FaceMsgs.success);
          Message.success(FaceMsgs.success);
          await sleep(FACE_PASS_CLOSE_MS);
          if (!stopped) opts.current.onPass(r);
          return;
        }
        const failed = opts.current.scene === 'exam' ? FaceMsgs.examFailed : FaceMsgs.studyFailed;
        setPhase('fail');
        setText(
          [r.failMsg, r.failCount > 0 && r.faceChance > 0 ? failed(r.failCount, r.faceChance) : '']
            .filter(Boolean)
            .join(' '),
        );
        await sleep(RETRY_MS);
      }
    };
    void loop();
    return () => {
      stopped = true;
      clearInterval(out);
      stopStream(stream);
      tracker?.close();
    };
  }, [o.open, o.scene]);

  return { video, phase, text };
}
