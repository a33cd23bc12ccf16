import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { renderHook } from '@testing-library/react';
import { useSocket } from './useSocket';

/** A stand-in socket: records what is sent, lets the test open, answer and drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onclose?: (e: { code: number }) => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
}

const real = globalThis.WebSocket;
beforeEach(() => {
  FakeSocket.all = [];
  globalThis.WebSocket = FakeSocket as unknown as typeof WebSocket;
  rs.useFakeTimers();
});
afterEach(() => {
  globalThis.WebSocket = real;
  rs.useRealTimers();
});

describe('useSocket', () => {
  it('pings every 10 s, passes on all but the pong, reconnects 5 s after a drop and closes with the view', () => {
    const got: string[] = [];
    const { unmount } = renderHook(() => useSocket('/api/socket/x', (t) => got.push(t)));
    const [first] = FakeSocket.all;
    expect(new URL(first.url).pathname).toBe('/api/socket/x');
    first.onopen?.();
    rs.advanceTimersByTime(10_000);
    expect(first.sent).toEqual(['ping']);
    first.onmessage?.({ data: 'pong' });
    first.onmessage?.({ data: 'hello' });
    expect(got).toEqual(['hello']);
    first.onclose?.({ code: 1006 });
    rs.advanceTimersByTime(10_000);
    expect(first.sent).toEqual(['ping']);
    expect(FakeSocket.all).toHaveLength(2);
    unmount();
    expect(FakeSocket.all[1].closed).toBe(true);
  });

  it('stays closed when the session ended, and opens nothing without a path', () => {
    renderHook(() => useSocket('/api/socket/x', () => undefined));
    FakeSocket.all[0].onclose?.({ code: 4401 });
    rs.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    renderHook(() => useSocket(undefined, () => undefined));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
