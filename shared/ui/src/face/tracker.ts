import { FACE_ASSETS_URL } from '@exam/contracts';

type Point = { x: number; y: number };
export type TrackedFace = { keypoints: Point[] };
export type FaceTracker = { estimate(video: HTMLVideoElement): Promise<TrackedFace[]> };

const READY_MS = 60_000;

/**
 * The browser's face tracker, shared by face sign-in (shell, login page) and the 人脸认证 dialog:
 * @tensorflow-models/face-landmarks-detection on MediaPipe face mesh, run in
 * a hidden frame served by our own server (FACE_ASSETS_URL tracker.html, model files from the installed
 * packages, never a CDN). The frame exists because MediaPipe's WebAssembly glue needs eval, which the
 * site's CSP forbids everywhere else. Frames go in as ImageBitmaps, keypoints come back.
 */
export function createTracker(): Promise<FaceTracker & { close(): void }> {
  const frame = document.createElement('iframe');
  frame.src = `${FACE_ASSETS_URL}tracker.html`;
  frame.title = 'face-tracker';
  frame.style.display = 'none';
  const waiting = new Map<number, (faces: TrackedFace[]) => void>();
  let next = 0;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('人脸识别模型加载超时'), READY_MS);
    const close = () => {
      window.removeEventListener('message', onMessage);
      frame.remove();
      for (const done of waiting.values()) done([]);
    };
    function fail(msg: string) {
      clearTimeout(timer);
      close();
      reject(new Error(msg));
    }
    function onMessage(ev: MessageEvent) {
      if (ev.source !== frame.contentWindow || ev.origin !== window.location.origin) return;
      const m = ev.data as { type: string; id?: number; faces?: TrackedFace[]; message?: string };
      if (m.type === 'error') fail(m.message ?? '人脸识别模型加载失败');
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve({ estimate, close });
      }
      if (m.type === 'faces' && m.id !== undefined) {
        waiting.get(m.id)?.(m.faces ?? []);
        waiting.delete(m.id);
      }
    }
    async function estimate(video: HTMLVideoElement): Promise<TrackedFace[]> {
      const bitmap = await createImageBitmap(video);
      const id = next++;
      return new Promise((done) => {
        waiting.set(id, done);
        frame.contentWindow?.postMessage({ type: 'frame', id, bitmap }, window.location.origin, [bitmap]);
      });
    }
    window.addEventListener('message', onMessage);
    document.body.append(frame);
  });
}

/** What the learner is told while the tracker looks for one face (login and the 人脸认证 dialog). */
export const TRACK_TEXTS = {
  loading: '正在加载人脸识别模型…',
  none: '请将人脸置于摄像头中央',
  many: '请确保画面中只有本人',
  hold: '请保持不动…',
} as const;
export const trackText = (faces: number) =>
  faces > 1 ? TRACK_TEXTS.many : faces ? TRACK_TEXTS.hold : TRACK_TEXTS.none;

/** Where tracking starts (and starts over after a failure). */
export const trackStart = (): TrackStep => ({ kind: 'hold', since: null, samples: [] });

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/**
 * The 人脸认证 dialog's wait (spec learner §4 "Face tracking holds 1 second before capture"): frames go
 * to the tracker until exactly one face has stayed `holdMs` (the hold of `nextStep`; no blink is asked
 * here). `onFaces` hears each frame's face count (texts, the face-out clock). True once held; false if
 * stopped first.
 */
export async function waitForHeldFace(
  tracker: FaceTracker,
  video: () => HTMLVideoElement | null | undefined,
  o: {
    holdMs: number;
    tickMs: number;
    stopped: () => boolean;
    onFaces: (n: number) => void;
    now?: () => number;
  },
): Promise<boolean> {
  let step = trackStart();
  while (!o.stopped()) {
    const v = video();
    const faces = v && v.videoWidth ? await tracker.estimate(v).catch(() => []) : [];
    if (o.stopped()) return false;
    o.onFaces(faces.length);
    step = nextStep(step, faces, (o.now ?? Date.now)(), o.holdMs);
    if (step.kind !== 'hold') return true;
    await sleep(o.tickMs);
  }
  return false;
}

/** Face-mesh indices of each eye's corners and lids (p1 outer, p2/p3 upper, p4 inner, p5/p6 lower). */
const LEFT = [33, 160, 158, 133, 153, 144] as const;
const RIGHT = [362, 385, 387, 263, 373, 380] as const;

/** Eye aspect ratio (lid gap over eye width), both eyes averaged: about 0.25–0.35 open, far lower closed. */
export function eyeRatio(k: Point[]): number {
  const one = (e: readonly number[]) => {
    const d = (i: number, j: number) => Math.hypot(k[e[i]!]!.x - k[e[j]!]!.x, k[e[i]!]!.y - k[e[j]!]!.y);
    return (d(1, 5) + d(2, 4)) / (2 * d(0, 3) || 1);
  };
  return (one(LEFT) + one(RIGHT)) / 2;
}

/** A blink relative to the learner's own open eyes: closed below 78 % of the open ratio, then open again above 90 %. */
export const BLINK = { closed: 0.78, reopened: 0.9 };

export type TrackStep =
  | { kind: 'hold'; since: number | null; samples: number[] }
  | { kind: 'blink'; open: number; closed: boolean }
  | { kind: 'capture' };

/**
 * One tracking step (pure, so it is unit-tested): exactly one face held for `holdMs` measures the open
 * eyes, then a blink (closed, reopened) asks for the frame. Losing the face starts the hold again.
 */
export function nextStep(s: TrackStep, faces: TrackedFace[], now: number, holdMs: number): TrackStep {
  if (faces.length !== 1) return { kind: 'hold', since: null, samples: [] };
  const ratio = eyeRatio(faces[0]!.keypoints);
  if (s.kind === 'hold') {
    const since = s.since ?? now;
    const samples = [...s.samples, ratio];
    if (now - since < holdMs) return { kind: 'hold', since, samples };
    const sorted = [...samples].sort((a, b) => a - b);
    return { kind: 'blink', open: sorted[Math.floor(sorted.length / 2)]!, closed: false };
  }
  if (s.kind === 'blink') {
    if (ratio < s.open * BLINK.closed) return { ...s, closed: true };
    if (s.closed && ratio > s.open * BLINK.reopened) return { kind: 'capture' };
  }
  return s;
}
