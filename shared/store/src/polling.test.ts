import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { clearToken, setToken } from '@exam/api';
import { startUnreadPolling, UNREAD_POLL_MS, type AppDispatch } from './index';

describe('startUnreadPolling', () => {
  beforeEach(() => {
    rs.useFakeTimers();
  });
  afterEach(() => {
    rs.useRealTimers();
    clearToken();
  });

  it('fetches now and every 30 s while a token exists, until stopped', () => {
    expect(UNREAD_POLL_MS).toBe(30_000);
    const dispatch = rs.fn();
    setToken('t');
    const stop = startUnreadPolling(dispatch as unknown as AppDispatch);
    expect(dispatch).toHaveBeenCalledTimes(1);
    rs.advanceTimersByTime(UNREAD_POLL_MS - 1);
    expect(dispatch).toHaveBeenCalledTimes(1);
    rs.advanceTimersByTime(1);
    expect(dispatch).toHaveBeenCalledTimes(2);

    clearToken();
    rs.advanceTimersByTime(UNREAD_POLL_MS);
    expect(dispatch).toHaveBeenCalledTimes(2);

    setToken('t');
    stop();
    rs.advanceTimersByTime(UNREAD_POLL_MS * 3);
    expect(dispatch).toHaveBeenCalledTimes(2);
  });
});
