import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterContent, CONTENT_WAIT_MS, contentShown, useAfterContent } from './afterContent';

function Secondary() {
  return <span>{useAfterContent() ? '日期选择' : '占位'}</span>;
}

// One page load per module: the order of these tests is the order of a visit.
describe('after the page content', () => {
  afterEach(cleanup);

  it('a page that never says its content has shown lets the secondary parts go after CONTENT_WAIT_MS', async () => {
    rs.useFakeTimers();
    try {
      let gone = false;
      void afterContent().then(() => (gone = true));
      await rs.advanceTimersByTimeAsync(CONTENT_WAIT_MS - 100);
      expect(gone).toBe(false);
      await rs.advanceTimersByTimeAsync(100);
      expect(gone).toBe(true);
    } finally {
      rs.useRealTimers();
    }
  });

  it('a secondary part waits in its place until the content has shown and painted, then draws', async () => {
    render(<Secondary />);
    expect(screen.getByText('占位')).toBeTruthy();
    await act(async () => contentShown());
    expect(screen.getByText('占位')).toBeTruthy(); // not with the content's own frame: its download would delay that paint
    expect(await screen.findByText('日期选择')).toBeTruthy();
  });

  it('later pages of the visit do not wait', async () => {
    render(<Secondary />);
    expect(screen.getByText('日期选择')).toBeTruthy();
    await expect(afterContent()).resolves.toBeUndefined();
  });
});
