import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal, Radio, Spin } from '@arco-design/web-react';
import { post } from '@exam/api';
import { NoticeCalls, type NoticeRow } from '@exam/contracts';
import { RichEditor } from '@exam/ui';

/** New notice (`id` '') or edit of one; the content is rich text, sanitized by the server. */
export function NoticeDialog({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (id === undefined) return;
    form.resetFields();
    if (!id) return form.setFieldsValue({ state: 0, content: '' });
    setLoading(true);
    post<NoticeRow>(NoticeCalls.detail.url, { id })
      .then((n) => form.setFieldsValue(n))
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [id, form, onClose]);

  const save = async () => {
    const v = await form.validate();
    setBusy(true);
    try {
      await post(NoticeCalls.save.url, { id: id || undefined, title: v.title, content: v.content ?? '', state: v.state });
      Message.success('公告保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={id ? '修改公告' : '新增公告'} visible={id !== undefined} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} style={{ width: 860, maxWidth: '95vw' }} unmountOnExit>
      <Spin loading={loading} style={{ display: 'block' }}>
        <Form form={form} labelCol={{ span: 3 }} wrapperCol={{ span: 21 }}>
          <Form.Item label="标题" field="title" rules={[{ required: true, message: '公告标题不能为空！' }, { maxLength: 200 }]}>
            <Input placeholder="请输入公告标题" />
          </Form.Item>
          <Form.Item label="状态" field="state">
            <Radio.Group options={[{ label: '正常', value: 0 }, { label: '禁用', value: 1 }]} />
          </Form.Item>
          <Form.Item label="内容" field="content" rules={[{ required: true, message: '公告内容不能为空！' }]}>
            <RichEditor placeholder="请输入公告内容" height={320} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
