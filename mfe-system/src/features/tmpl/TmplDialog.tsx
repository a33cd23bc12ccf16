import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal, Spin } from '@arco-design/web-react';
import { post } from '@exam/api';
import { TmplCalls, type TmplDetail } from '@exam/contracts';

/** New template (`id` '') or edit of one. */
export function TmplDialog({ id, onClose, onSaved }: { id?: string; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (id === undefined) return;
    form.resetFields();
    if (!id) return;
    setLoading(true);
    post<TmplDetail>(TmplCalls.detail.url, { id })
      .then((t) => form.setFieldsValue(t))
      .catch(onClose)
      .finally(() => setLoading(false));
  }, [id, form, onClose]);

  const save = async () => {
    const v = await form.validate();
    setBusy(true);
    try {
      await post(TmplCalls.save.url, { id: id || undefined, title: v.title, code: v.code ?? '', content: v.content, remark: v.remark ?? '' });
      Message.success('操作成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={id ? '修改模板' : '新增模板'} visible={id !== undefined} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} style={{ width: 640 }} unmountOnExit>
      <Spin loading={loading} style={{ display: 'block' }}>
        <Form form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 19 }}>
          <Form.Item label="模板标题" field="title" rules={[{ required: true, message: '模板标题不能为空！' }, { maxLength: 100 }]}>
            <Input placeholder="请输入模板标题" />
          </Form.Item>
          <Form.Item label="模板编码" field="code" rules={[{ maxLength: 64 }]}>
            <Input placeholder="程序按编码查找模板，如 exam_remind" />
          </Form.Item>
          <Form.Item label="模板内容" field="content" rules={[{ required: true, message: '模板内容不能为空！' }, { maxLength: 5000 }]} extra="可使用 ${变量名} 占位，如 ${title}">
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
          </Form.Item>
          <Form.Item label="备注" field="remark" rules={[{ maxLength: 500 }]}>
            <Input />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
