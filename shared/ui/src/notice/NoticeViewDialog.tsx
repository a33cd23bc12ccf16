import { Modal } from '@arco-design/web-react';
import type { NoticeRow } from '@exam/contracts';
import { RichText } from '../editor/RichText';

/** Shows one notice: title, time and its (server-sanitized) content. */
export function NoticeViewDialog({ notice, onClose }: { notice: NoticeRow | null; onClose: () => void }) {
  return (
    <Modal
      title={notice?.title}
      visible={!!notice}
      footer={null}
      onCancel={onClose}
      style={{ width: 760, maxWidth: '95vw' }}
      unmountOnExit
    >
      <div style={{ color: 'var(--color-text-3)', marginBottom: 12 }}>发布时间：{notice?.createTime}</div>
      <RichText html={notice?.content} />
    </Modal>
  );
}
