import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { RemoteBoundary } from './index';
import { resetScreen } from './testing';

let broken = true;
function RemoteView() {
  if (broken) throw new Error('Failed to fetch mf-manifest.json');
  return <div>远程页面</div>;
}

describe('RemoteBoundary', () => {
  afterEach(resetScreen);

  it('shows the failure screen instead of a blank page, and retries', async () => {
    const silenced = console.error;
    console.error = () => {};
    const onRetry = rs.fn(() => {
      broken = false;
    });
    try {
      render(
        <RemoteBoundary name="mfe_exam" onRetry={onRetry}>
          <RemoteView />
        </RemoteBoundary>,
      );
      expect(screen.getByText('模块加载失败')).toBeTruthy();
      expect(screen.getByText(/mfe_exam/)).toBeTruthy();
      fireEvent.click(screen.getByText('重试'));
      expect(onRetry).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('远程页面')).toBeTruthy();
      expect(screen.queryByText('模块加载失败')).toBeNull();
    } finally {
      console.error = silenced;
    }
  });
});
