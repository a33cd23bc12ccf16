/**
 * What a learner actually watched, kept apart from the player so it can be tested without a browser.
 * The server decides what counts (DESIGN §3); this side only reports honest intervals and makes the
 * drag lock visible (a seek past the furthest watched point snaps back).
 */
export type Interval = [start: number, end: number];

/** Spec §9: with drag lock, a seek more than 2 s past the furthest watched point snaps back. */
export const DRAG_TOLERANCE_SEC = 2;
/** Spec §9: one second after the end the video rewinds to 0. */
export const END_REWIND_MS = 1000;
/** Time updates come every ~250 ms (faster at 2×); a bigger step between two is a seek, not watching. */
export const MAX_STEP_SEC = 2;

/** Spec §4: sources ending in .m3u8 play as HLS (a query string may follow, e.g. a play token). */
export const isHls = (url: string) => /\.m3u8($|\?)/i.test(url.trim());

/** Sorted, non-overlapping intervals covering the same seconds as `list`. */
export function mergeIntervals(list: readonly Interval[]): Interval[] {
  const sorted = list
    .filter(([s, e]) => e > s)
    .map(([s, e]): Interval => [s, e])
    .sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export const coveredSec = (list: readonly Interval[]) => mergeIntervals(list).reduce((sum, [s, e]) => sum + e - s, 0);

export interface WatchTrackerOptions {
  dragLock: boolean;
  /** The furthest point the server already knows was watched (the resume position). */
  furthest?: number;
}

export interface WatchTracker {
  /** A time update at `t` seconds. */
  time(t: number): void;
  /** A seek to `t`: returns where playback must go (`t`, or the furthest point when the lock holds). */
  seek(t: number): number;
  /** Intervals watched since the last call (merged), emptied by the call. */
  take(): Interval[];
  readonly furthest: number;
}

export function createWatchTracker({ dragLock, furthest: known = 0 }: WatchTrackerOptions): WatchTracker {
  let last: number | null = null;
  let furthest = known;
  let pending: Interval[] = [];
  return {
    time(t) {
      if (last !== null && t > last && t - last <= MAX_STEP_SEC) {
        pending.push([last, t]);
        furthest = Math.max(furthest, t);
      }
      last = t;
    },
    seek(t) {
      const target = dragLock && t > furthest + DRAG_TOLERANCE_SEC ? furthest : t;
      last = target;
      return target;
    },
    take() {
      const out = mergeIntervals(pending);
      pending = [];
      return out;
    },
    get furthest() {
      return furthest;
    },
  };
}
