import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { act, waitFor } from '@testing-library/react';
import { StatCalls } from '@exam/contracts';
import { okReply } from '@exam/api/testing';
import { renderWithStore, withTestServer } from '@exam/ui/testing';
import { DashCharts } from './DashCharts';

// The drawing itself (g2plot on a canvas) is not what is tried here, only when each chart asks for its data.
rs.mock('../charts/Chart', () => ({
  Chart: ({ data }: { data: unknown[] }) => <div data-testid="chart">{data.length} points</div>,
}));

const t = withTestServer();
const WEEKS = [StatCalls.userWeek, StatCalls.examWeek, StatCalls.learnWeek];
const asked = () => t.server.requests.map((r) => r.path).filter((p) => WEEKS.some((c) => c.url === p));

describe('DashCharts', () => {
  // Each chart's place, as WhenNear watches it: the test says when one comes into view.
  let watchers: ((entries: { isIntersecting: boolean }[]) => void)[];
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    watchers = [];
    globalThis.IntersectionObserver = class {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
        watchers.push(cb);
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    globalThis.IntersectionObserver = original;
  });

  it("asks for a chart's week only when the chart comes into view (a phone that never scrolls asks for none)", async () => {
    for (const c of WEEKS)
      t.server.route(c.url, okReply([{ dateStr: '2026-11-24', newUser: 1, activeUser: 2, allUser: 3 }]));
    const view = renderWithStore(<DashCharts />);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked()).toEqual([]);
    act(() => watchers[0]([{ isIntersecting: true }]));
    await waitFor(() => expect(view.getByTestId('chart').textContent).toBe('3 points'));
    expect(asked()).toEqual([StatCalls.userWeek.url]);
  });
});
