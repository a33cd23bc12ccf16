import { describe, expect, it } from '@rstest/core';
import { eyeRatio, type FaceTracker, nextStep, type TrackedFace, type TrackStep, waitForHeldFace } from './tracker';

/** A face whose eyes have lid gap `gap` over a width of 10 (the six points of each eye), other points at 0. */
function face(gap: number): TrackedFace {
  const k = Array.from({ length: 468 }, () => ({ x: 0, y: 0 }));
  for (const [p1, p2, p3, p4, p5, p6] of [
    [33, 160, 158, 133, 153, 144],
    [362, 385, 387, 263, 373, 380],
  ] as const) {
    k[p1] = { x: 0, y: 0 };
    k[p4] = { x: 10, y: 0 };
    k[p2] = { x: 3, y: -gap / 2 };
    k[p6] = { x: 3, y: gap / 2 };
    k[p3] = { x: 7, y: -gap / 2 };
    k[p5] = { x: 7, y: gap / 2 };
  }
  return { keypoints: k };
}
const run = (frames: [TrackedFace[], number][]) =>
  frames.reduce<TrackStep>((s, [f, t]) => nextStep(s, f, t, 1000), { kind: 'hold', since: null, samples: [] });

describe('face tracking (sign-in and the 人脸认证 dialog)', () => {
  it('measures the eye ratio', () => {
    expect(eyeRatio(face(3).keypoints)).toBeCloseTo(0.3);
    expect(eyeRatio(face(1).keypoints)).toBeCloseTo(0.1);
  });

  it('asks for a blink only after one face was held for a second, then captures after the eyes close and reopen', () => {
    const open = [face(3)];
    expect(
      run([
        [open, 0],
        [open, 500],
      ]).kind,
    ).toBe('hold');
    expect(
      run([
        [open, 0],
        [open, 1000],
      ]),
    ).toMatchObject({ kind: 'blink', closed: false });
    expect(
      run([
        [open, 0],
        [open, 1000],
        [open, 1100],
      ]).kind,
    ).toBe('blink'); // open eyes are no blink
    expect(
      run([
        [open, 0],
        [open, 1000],
        [[face(2)], 1100],
      ]),
    ).toMatchObject({ kind: 'blink', closed: true });
    expect(
      run([
        [open, 0],
        [open, 1000],
        [[face(2)], 1100],
        [open, 1200],
      ]).kind,
    ).toBe('capture');
  });

  it('starts over when the face is lost or a second face appears', () => {
    const open = [face(3)];
    expect(
      run([
        [open, 0],
        [[], 600],
        [open, 700],
        [open, 1200],
      ]).kind,
    ).toBe('hold');
    expect(
      run([
        [open, 0],
        [open, 1000],
        [[face(2)], 1100],
        [[face(3), face(3)], 1150],
        [open, 1200],
      ]).kind,
    ).toBe('hold');
  });

  it('the dialog waits until one face has stayed for the hold: nothing while there is no face or two, and a lost face starts over', async () => {
    // One frame per 200 ms of the clock: none, none, one, two (starts over), one ×6 (held at 1000 ms).
    const script = [0, 0, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1];
    let frame = 0;
    const tracker: FaceTracker = { estimate: async () => Array.from({ length: script[frame++] ?? 0 }, () => face(3)) };
    const seen: number[] = [];
    const video = { videoWidth: 640 } as HTMLVideoElement;
    const held = await waitForHeldFace(tracker, () => video, {
      holdMs: 1000,
      tickMs: 0,
      stopped: () => false,
      onFaces: (n) => seen.push(n),
      now: () => frame * 200,
    });
    expect(held).toBe(true);
    expect(seen).toEqual([0, 0, 1, 2, 1, 1, 1, 1, 1, 1]);
  });

  it('the dialog wait sends no frame to the tracker before the camera shows one, and ends when the dialog closes', async () => {
    let calls = 0;
    let stop = false;
    const tracker: FaceTracker = { estimate: async () => (calls++, []) };
    const video = { videoWidth: 0 } as HTMLVideoElement;
    const waiting = waitForHeldFace(tracker, () => video, {
      holdMs: 1000,
      tickMs: 5,
      stopped: () => stop,
      onFaces: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 30));
    stop = true;
    expect(await waiting).toBe(false);
    expect(calls).toBe(0);
  });
});
