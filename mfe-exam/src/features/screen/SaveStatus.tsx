import { Typography } from '@arco-design/web-react';
import type { SaveState } from './useSaveQueue';

/** The visible save state of the exam screen (queued: offline, resent when the network is back). */
export function SaveStatus({ state, queued }: { state?: SaveState; queued: number }) {
  if (!state) return null;
  const text = {
    saving: <Typography.Text type="secondary">保存中…</Typography.Text>,
    saved: <Typography.Text type="success">已保存</Typography.Text>,
    failed: <Typography.Text type="error">保存失败</Typography.Text>,
    queued: <Typography.Text type="error">保存失败，{queued} 题待网络恢复后自动保存</Typography.Text>,
  }[state];
  return (
    <span data-testid="save-status" data-state={state}>
      {text}
    </span>
  );
}
