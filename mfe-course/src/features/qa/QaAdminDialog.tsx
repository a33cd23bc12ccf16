import { useState } from 'react';
import { Input, Message, Modal, Spin } from '@arco-design/web-react';
import { skipToken } from '@exam/store';
import { useQaDetailQuery, useQaReplyMutation } from './qaApi';
import { QaThread } from './QaReplies';

/** Admin: a question, its replies and a reply box. */
export function QaAdminDialog({ id, onClose }: { id?: string; onClose: () => void }) {
  const { data, isFetching } = useQaDetailQuery(id ? { id } : skipToken);
  const [reply, { isLoading }] = useQaReplyMutation();
  const [content, setContent] = useState('');
  const send = async () => {
    if (!id) return;
    if (!content.trim()) return void Message.error('回复内容不能为空！');
    await reply({ qaId: id, content: content.trim() }).unwrap();
    Message.success('回复成功！');
    setContent('');
  };
  return (
    <Modal
      title="问答详情"
      visible={!!id}
      style={{ width: 720, maxWidth: '95vw' }}
      onCancel={onClose}
      okText="回复"
      confirmLoading={isLoading}
      onOk={() => send().catch(() => undefined)}
      unmountOnExit
    >
      {data && data.id === id ? (
        <QaThread qa={data} />
      ) : (
        <Spin loading={isFetching} style={{ display: 'block', margin: 24 }} />
      )}
      <Input.TextArea
        placeholder="请输入回复内容"
        maxLength={2000}
        showWordLimit
        autoSize={{ minRows: 3 }}
        value={content}
        onChange={setContent}
        style={{ marginTop: 12 }}
      />
    </Modal>
  );
}
