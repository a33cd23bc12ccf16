import { getToken } from '@exam/api';
import { fetchUnread } from './session';
import type { AppDispatch } from './store';

/** Spec admin §4/§9: unread messages are polled every 30 s while signed in. */
export const UNREAD_POLL_MS = 30_000;

/** Fetches the unread count now and every 30 s while a token exists; returns the stop function. */
export function startUnreadPolling(dispatch: AppDispatch): () => void {
  const tick = () => {
    if (getToken()) void dispatch(fetchUnread());
  };
  tick();
  const timer = setInterval(tick, UNREAD_POLL_MS);
  return () => clearInterval(timer);
}
