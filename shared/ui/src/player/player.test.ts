import { describe, expect, it } from '@rstest/core';
import { COURSE_PLAY_PREFIX } from '@exam/contracts';
import { coveredSec, createWatchTracker, isHls, mergeIntervals } from './watchTracker';
import {
  STUDY_CHECK_GRACE_SEC,
  initialStudyCheck,
  passStudyCheck,
  studyCheckIntervalSec,
  tickStudyCheck,
  type StudyCheckState,
} from './studyCheck';

/** Plays from `from` to `to` in 0.25 s time updates. */
const play = (tracker: ReturnType<typeof createWatchTracker>, from: number, to: number) => {
  for (let t = from; t <= to + 1e-9; t += 0.25) tracker.time(Math.round(t * 100) / 100);
};

describe('watch tracker', () => {
  it('records continuous playback as one interval and reports it once', () => {
    const tracker = createWatchTracker({ dragLock: false });
    play(tracker, 0, 10);
    expect(tracker.take()).toEqual([[0, 10]]);
    expect(tracker.take()).toEqual([]);
    expect(tracker.furthest).toBe(10);
  });

  it('a jump between time updates is not watching', () => {
    const tracker = createWatchTracker({ dragLock: false });
    play(tracker, 0, 5);
    tracker.time(40);
    play(tracker, 40, 42);
    expect(tracker.take()).toEqual([
      [0, 5],
      [40, 42],
    ]);
  });

  it('with drag lock a seek more than 2 s past the furthest point snaps back to it', () => {
    const tracker = createWatchTracker({ dragLock: true });
    play(tracker, 0, 10);
    expect(tracker.seek(60)).toBe(10);
    expect(tracker.seek(12)).toBe(12);
    expect(tracker.seek(3)).toBe(3);
    // Seeking forward through snaps never moves the furthest point.
    expect(tracker.seek(12.5)).toBe(10);
    expect(tracker.furthest).toBe(10);
  });

  it('starts from the furthest point the server knows, and without the lock any seek goes', () => {
    expect(createWatchTracker({ dragLock: true, furthest: 30 }).seek(31)).toBe(31);
    expect(createWatchTracker({ dragLock: true, furthest: 30 }).seek(33)).toBe(30);
    expect(createWatchTracker({ dragLock: false }).seek(500)).toBe(500);
  });

  it('after a seek, playing on counts from the new point only', () => {
    const tracker = createWatchTracker({ dragLock: false });
    play(tracker, 0, 4);
    tracker.seek(20);
    play(tracker, 20, 23);
    expect(tracker.take()).toEqual([
      [0, 4],
      [20, 23],
    ]);
  });

  it('plays .m3u8 sources as HLS and anything else as mp4', () => {
    expect(isHls(`${COURSE_PLAY_PREFIX}/tok/index.m3u8`)).toBe(true);
    expect(isHls(`${COURSE_PLAY_PREFIX}/tok/index.M3U8?t=1`)).toBe(true);
    expect(isHls('/upload/a.mp4')).toBe(false);
    expect(isHls('/upload/m3u8.mp4')).toBe(false);
  });

  it('merges overlapping intervals and sums covered seconds', () => {
    expect(
      mergeIntervals([
        [5, 8],
        [0, 3],
        [2, 6],
        [10, 10],
      ]),
    ).toEqual([[0, 8]]);
    expect(
      coveredSec([
        [0, 3],
        [2, 6],
        [10, 12],
      ]),
    ).toBe(8);
  });
});

describe('study check clock', () => {
  const run = (state: StudyCheckState, seconds: number, interval: number, studying = true) => {
    let s = state;
    for (let i = 0; i < seconds; i++) s = tickStudyCheck(s, interval, studying);
    return s;
  };

  it('opens the check after the interval of study time (checkSec minutes × 60)', () => {
    const interval = studyCheckIntervalSec(1);
    expect(interval).toBe(60);
    expect(run(initialStudyCheck(), 59, interval).phase).toBe('study');
    expect(run(initialStudyCheck(), 60, interval)).toMatchObject({ phase: 'check', graceLeft: STUDY_CHECK_GRACE_SEC });
  });

  it('time not studying does not count', () => {
    expect(run(initialStudyCheck(), 600, 60, false)).toEqual(initialStudyCheck());
  });

  it('breaks after 30 s without an answer, even with the page hidden', () => {
    const open = run(initialStudyCheck(), 60, 60);
    expect(run(open, 29, 60, false)).toMatchObject({ phase: 'check', graceLeft: 1 });
    expect(run(open, 30, 60, false).phase).toBe('break');
  });

  it('a right answer within the grace restarts the interval; after the break it is too late', () => {
    const open = run(initialStudyCheck(), 60, 60);
    expect(passStudyCheck(run(open, 10, 60))).toEqual(initialStudyCheck());
    const broken = run(open, 30, 60);
    expect(passStudyCheck(broken).phase).toBe('break');
  });
});
