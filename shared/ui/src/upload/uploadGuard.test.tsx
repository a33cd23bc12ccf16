import { describe, expect, it, rs } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import { useUploadingSave } from './uploadGuard';

/** A promise settled from outside, like an upload still on its way. */
function pending() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('useUploadingSave', () => {
  it('saves once the running upload has ended, busy from the click until then', async () => {
    const save = rs.fn(async () => undefined);
    const { result } = renderHook(() => useUploadingSave(save));
    const upload = pending();
    result.current.uploads.track(upload.promise);
    let running!: Promise<void>;
    act(() => {
      running = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => Promise.resolve());
    expect(save).not.toHaveBeenCalled();
    await act(async () => {
      upload.resolve();
      await running;
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
  });

  it('does not save when an upload failed', async () => {
    const save = rs.fn(async () => undefined);
    const { result } = renderHook(() => useUploadingSave(save));
    result.current.uploads.track(Promise.reject(new Error('上传失败')));
    await act(() => result.current.run());
    expect(save).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });

  it('ends a failed save quietly and can save again', async () => {
    const save = rs.fn().mockRejectedValueOnce(new Error('参数错误')).mockResolvedValueOnce(undefined);
    const { result } = renderHook(() => useUploadingSave(save));
    await act(() => result.current.run());
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run());
    expect(save).toHaveBeenCalledTimes(2);
  });
});
