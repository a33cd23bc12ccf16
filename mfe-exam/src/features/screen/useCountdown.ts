import { useEffect, useRef, useState } from 'react';
import { call } from '@exam/api';
import { PaperCalls } from '@exam/contracts';

/** Re-sync with the server clock this often (spec learner §4). */
const SYNC_MS = 30_000;

/** Seconds as hh:mm:ss. */
export const hms = (sec: number) => {
  const s = Math.max(0, Math.floor(sec));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
};

/**
 * Counts down each second from the server's leftSeconds; onTimeout fires once at 0. The 30 s re-sync
 * is skipped while saves flow: each save's reply already set the clock (`reported`, a new object each reply).
 */
export function useCountdown(
  paperId: string,
  initial: number | undefined,
  onTimeout: () => void,
  reported?: { seconds: number },
) {
  // undefined until the paper is loaded, so an empty start never reads as time-out.
  const [left, setLeft] = useState<number | undefined>(initial);
  const fired = useRef(false);
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  const synced = useRef(0);
  useEffect(() => {
    if (initial !== undefined) setLeft(initial);
  }, [initial]);
  useEffect(() => {
    if (!reported) return;
    synced.current = Date.now();
    setLeft(reported.seconds);
  }, [reported]);
  useEffect(() => {
    if (initial === undefined) return;
    const tick = setInterval(() => setLeft((l) => (l === undefined ? l : l - 1)), 1000);
    const sync = setInterval(() => {
      if (Date.now() - synced.current < SYNC_MS) return;
      call(PaperCalls.leftTime, { id: paperId }, { silent: true }).then(setLeft, () => undefined);
    }, SYNC_MS);
    return () => {
      clearInterval(tick);
      clearInterval(sync);
    };
  }, [paperId, initial]);
  useEffect(() => {
    if (left !== undefined && left <= 0 && !fired.current) {
      fired.current = true;
      timeout.current();
    }
  }, [left, initial]);
  return left ?? 0;
}
