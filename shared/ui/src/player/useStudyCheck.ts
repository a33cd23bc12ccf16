import { useEffect, useRef, useState } from 'react';
import { initialStudyCheck, passStudyCheck, studyCheckIntervalSec, tickStudyCheck } from './studyCheck';

export interface UseStudyCheckOptions {
  /** The course's `checkOn`. */
  enabled: boolean;
  /** The course's `checkSec` (minutes; spec §4 multiplies by 60). */
  checkSec: number;
  /** True while the learner studies (media playing, tab visible). */
  studying: boolean;
  /** The grace ran out: the caller sends the learner to /pages/course?break. */
  onBreak: () => void;
}

/** The study check's timer for a study screen; the dialog shows while `open`. */
export function useStudyCheck({ enabled, checkSec, studying, onBreak }: UseStudyCheckOptions) {
  const [state, setState] = useState(initialStudyCheck);
  const studyingRef = useRef(studying);
  studyingRef.current = studying;
  const interval = studyCheckIntervalSec(checkSec);

  useEffect(() => {
    if (!enabled) return undefined;
    const timer = setInterval(
      () => setState((s) => tickStudyCheck(s, interval, studyingRef.current && !document.hidden)),
      1000,
    );
    return () => clearInterval(timer);
  }, [enabled, interval]);

  const breakRef = useRef(onBreak);
  breakRef.current = onBreak;
  useEffect(() => {
    // The dialog must be seen: a fullscreen video would hide it (spec §4).
    if (state.phase === 'check' && document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    if (state.phase === 'break') breakRef.current();
  }, [state.phase]);

  return {
    open: enabled && state.phase === 'check',
    graceLeft: state.graceLeft,
    pass: () => setState(passStudyCheck),
  };
}
