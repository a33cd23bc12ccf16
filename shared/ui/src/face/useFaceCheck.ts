import { useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { ApiError, post } from '@exam/api';
import { type FaceCaptureResult, type FaceCheckResult, FaceMsgs } from '@exam/contracts';
import { cameraErrorText, frameJpeg, openCamera, placeholderJpeg, stopStream } from './camera';

/** Spec §9: a face is held 1 s before the frame is taken; no pass for 20 s warns; success closes after 2 s. */
export const FACE_HOLD_MS = 1000;
export const FACE_OUT_MS = 20_000;
export const FACE_PASS_CLOSE_MS = 2000;
/** Pause after a failure before tracking again; how often and how long the verdict is polled. */
const RETRY_MS = 2500;
const POLL_MS = 800;
const POLL_MAX = 75;

export type FacePhase = 'tracking' | 'comparing' | 'pass' | 'fail' | 'break';
export type FaceCheckOptions = {
  /** The dialog is shown: the camera runs and checks repeat until a pass or a break. */
  open: boolean;
  saveUrl: string;
  resultUrl: string;
  params: Record<string, unknown>;
  /** exam: 请诚信考试… / 自动交卷; study: 请认真学习… / 退出学习 (spec §8). */
  scene: 'exam' | 'study';
  onPass: (r: FaceCheckResult) => void;
  onBreak: (r: FaceCheckResult) => void;
};

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * The 人脸认证 check: camera → hold 1 s → frame to `saveUrl` (a camera error sends the placeholder,
 * which fails) → verdict from `resultUrl` (the server compares in its queue). A failure shows the
 * server's reason and tracks again; isBreak ends it; no pass for 20 s shows the face-out warning.
 */
export function useFaceCheck(o: FaceCheckOptions) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<FacePhase>('tracking');
  const [text, setText] = useState('');
  const opts = useRef(o);
  opts.current = o;

  useEffect(() => {
    if (!o.open) return undefined;
    let stopped = false;
    let stream: MediaStream | undefined;
    const noFace = o.scene === 'exam' ? FaceMsgs.examNoFace : FaceMsgs.studyNoFace;
    let out = setTimeout(function warn() {
      Message.warning(noFace);
      out = setTimeout(warn, FACE_OUT_MS);
    }, FACE_OUT_MS);

    const verdict = async (id: string): Promise<FaceCheckResult> => {
      for (let i = 0; i < POLL_MAX && !stopped; i++) {
        const r = await post<FaceCheckResult>(opts.current.resultUrl, { id }, { silent: true });
        if (r.done) return r;
        await sleep(POLL_MS);
      }
      throw new Error('人脸比对超时，请重试！');
    };
    const once = async () => {
      setPhase('tracking');
      setText('请正视摄像头，保持人脸在画面中央');
      await sleep(FACE_HOLD_MS);
      const v = video.current;
      const base64 = stream && v && v.videoWidth ? frameJpeg(v) : placeholderJpeg();
      setPhase('comparing');
      setText('正在比对人脸，请稍候…');
      const saved = await post<FaceCaptureResult>(opts.current.saveUrl, { ...opts.current.params, base64 }, { silent: true });
      return saved.isBreak ? { done: true, pass: false, failMsg: '', faceToken: '', realName: '', idCard: '', ...saved } : verdict(saved.id);
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
      while (!stopped) {
        let r: FaceCheckResult;
        try {
          r = await once();
        } catch (e) {
          if (stopped) return;
          setPhase('fail');
          setText(e instanceof ApiError ? e.msg : (e as Error).message);
          await sleep(RETRY_MS);
          continue;
        }
        if (stopped) return;
        const brk = opts.current.scene === 'exam' ? FaceMsgs.examBreak : FaceMsgs.studyBreak;
        if (r.isBreak) {
          setPhase('break');
          setText(brk(r.faceChance));
          Message.error(brk(r.faceChance));
          opts.current.onBreak(r);
          return;
        }
        if (r.pass) {
          clearTimeout(out);
          setPhase('pass');
          setText(FaceMsgs.success);
          Message.success(FaceMsgs.success);
          await sleep(FACE_PASS_CLOSE_MS);
          if (!stopped) opts.current.onPass(r);
          return;
        }
        const failed = opts.current.scene === 'exam' ? FaceMsgs.examFailed : FaceMsgs.studyFailed;
        setPhase('fail');
        setText([r.failMsg, r.failCount > 0 && r.faceChance > 0 ? failed(r.failCount, r.faceChance) : ''].filter(Boolean).join(' '));
        await sleep(RETRY_MS);
      }
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(out);
      stopStream(stream);
    };
  }, [o.open, o.scene]);

  return { video, phase, text };
}
