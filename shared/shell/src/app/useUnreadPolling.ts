import { useEffect } from 'react';
import { startUnreadPolling, useAfterContent, useAppDispatch } from '@exam/store';

/**
 * Polls the unread-message count while a shell's layout is on screen (every 30 s, spec §4), from when the page's
 * own content has shown: the header's badge is not what a first load should wait for.
 */
export function useUnreadPolling(): void {
  const dispatch = useAppDispatch();
  const ready = useAfterContent();
  useEffect(() => (ready ? startUnreadPolling(dispatch) : undefined), [dispatch, ready]);
}
