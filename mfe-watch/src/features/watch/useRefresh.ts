import { useEffect, useRef } from 'react';

/**
 * The grid's refresh timer: every `seconds` (spec: 5–999) calls `tick` unless paused (a prompt
 * dialog is open, so the proctor's target does not move under them).
 */
export function useRefresh(seconds: number, paused: boolean, tick: () => void) {
  const fn = useRef(tick);
  fn.current = tick;
  useEffect(() => {
    if (paused) return;
    const t = setInterval(() => fn.current(), Math.min(999, Math.max(5, seconds)) * 1000);
    return () => clearInterval(t);
  }, [seconds, paused]);
}

/** The next page with auto-paging: wraps to the first after the last. */
export const nextPage = (current: number, pages: number) => (current >= pages ? 1 : current + 1);
