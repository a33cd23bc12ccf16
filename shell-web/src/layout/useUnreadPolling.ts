import { useEffect } from 'react';
import { startUnreadPolling, useAppDispatch } from '@exam/store';

/** Polls the unread-message count while the learner layout is on screen (every 30 s, spec §4). */
export function useUnreadPolling(): void {
  const dispatch = useAppDispatch();
  useEffect(() => startUnreadPolling(dispatch), [dispatch]);
}
