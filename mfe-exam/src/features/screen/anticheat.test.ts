import { describe, expect, it } from '@rstest/core';
import { AbsenceTracker } from './absence';
import { captureOutcome } from './camera';
import { devtoolsOpen, enterFullscreen, fullscreenSupported, isFullscreen } from './fullscreen';

/** A tracker over a clock the test moves (seconds). */
function tracker(minSec: number, needFullscreen = true) {
  let t = 0;
  const a = new AbsenceTracker(minSec, needFullscreen, () => t * 1000);
  return {
    a,
    wait: (sec: number) => {
      t += sec;
    },
  };
}

describe('leave monitor: one absence, one leave', () => {
  it('counts a hidden page on return only when it was away at least leaveSec', () => {
    const { a, wait } = tracker(5);
    a.hidden();
    wait(3);
    expect(a.visible(true)).toBe(false);
    a.hidden();
    wait(6);
    expect(a.visible(true)).toBe(true);
  });

  it('does not count again when the return from a tab also left fullscreen', () => {
    const { a, wait } = tracker(0);
    a.hidden();
    wait(2);
    expect(a.visible(false)).toBe(true); // counted on return
    expect(a.check(true, false)).toBe(false); // same absence: the 3 s check does not count it again
    expect(a.check(true, false)).toBe(false);
    expect(a.check(true, true)).toBe(false); // back in fullscreen: the absence ends
    expect(a.check(true, false)).toBe(true); // leaving fullscreen again is a new leave
  });

  it('counts leaving fullscreen while visible once, however many checks see it', () => {
    const { a } = tracker(10);
    expect(a.check(true, true)).toBe(false);
    expect(a.check(true, false)).toBe(true);
    expect(a.check(true, false)).toBe(false);
    a.hidden(); // switching tabs during the same absence is not another leave
    expect(a.visible(false)).toBe(false);
  });

  it('leaves a hidden page to the visibility events', () => {
    const { a } = tracker(0);
    expect(a.check(false, false)).toBe(false);
  });

  it('without fullscreen (unsupported) only the visibility events count', () => {
    const { a } = tracker(0, false);
    expect(a.check(true, false)).toBe(false);
    a.hidden();
    expect(a.visible(false)).toBe(true);
    a.hidden();
    expect(a.visible(false)).toBe(true); // each return is its own absence
  });

  it('a short tab switch back into fullscreen ends the absence at once', () => {
    const { a } = tracker(0);
    a.hidden();
    expect(a.visible(true)).toBe(true);
    a.hidden();
    expect(a.visible(true)).toBe(true);
  });
});

describe('fullscreen helpers', () => {
  const fakeDoc = (enabled: boolean, grant: boolean) => {
    const doc = {
      fullscreenEnabled: enabled,
      fullscreenElement: null as unknown,
      documentElement: {
        requestFullscreen: async () => {
          if (!grant) throw new Error('Permissions check failed');
          doc.fullscreenElement = doc.documentElement;
        },
      },
    };
    return doc as unknown as Document;
  };
  it('enters fullscreen when the browser grants it', async () => {
    const doc = fakeDoc(true, true);
    expect(fullscreenSupported(doc)).toBe(true);
    expect(isFullscreen(doc)).toBe(false);
    expect(await enterFullscreen(doc)).toBe(true);
    expect(isFullscreen(doc)).toBe(true);
  });
  it('reports a refusal (no user gesture) instead of throwing', async () => {
    const doc = fakeDoc(true, false);
    expect(await enterFullscreen(doc)).toBe(false);
    expect(fullscreenSupported(fakeDoc(false, false))).toBe(false);
  });
});

describe('developer tools check', () => {
  const win = (ow: number, iw: number, oh: number, ih: number) => ({
    outerWidth: ow,
    innerWidth: iw,
    outerHeight: oh,
    innerHeight: ih,
  });
  it('fires only above 300 px in width or height', () => {
    expect(devtoolsOpen(win(1366, 1366, 900, 820))).toBe(false);
    expect(devtoolsOpen(win(1366, 1066, 900, 820))).toBe(false); // exactly 300: not yet
    expect(devtoolsOpen(win(1366, 1065, 900, 820))).toBe(true);
    expect(devtoolsOpen(win(1366, 1366, 1200, 820))).toBe(true);
  });
});

describe('exam camera', () => {
  it('turns capture replies into hand-in, warnings or nothing', () => {
    expect(captureOutcome({ isBreak: true, failCount: 3, faceChance: 3 })).toEqual({
      kind: 'break',
      msg: '连续3次人脸识别失败，系统强制交卷！',
    });
    expect(captureOutcome({ isBreak: false, failCount: 1, faceChance: 3 })).toEqual({
      kind: 'warn',
      msg: '人脸识别已失败1次，连续失败3次将自动交卷！',
    });
    expect(captureOutcome({ isBreak: false, failCount: 2, faceChance: 0 })).toEqual({
      kind: 'warn',
      msg: '请诚信考试，确保人脸在摄像头中央！',
    });
    expect(captureOutcome({ isBreak: false, failCount: 0, faceChance: 3 }).kind).toBe('ok');
  });
});
