import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { DicRow } from '@exam/contracts';

/** New dictionary (dic = null) or editing one; the code stays as created. */
export function DicDialog({ dic, onClose, onSaved }: { dic: DicRow | null | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (dic !== undefined) form.setFieldsValue(dic ?? { code: '', title: '', remark: '' });
  }, [dic, form]);
  const save = async () => {
    const values = await form.validate();
    setBusy(true);
    try {
      await post('/api/sys/dic/save', { ...values, id: dic?.id });
      Message.success('保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={dic ? '修改字典' : '新增字典'} visible={dic !== undefined} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="字典编码" field="code" rules={[{ required: true, message: '字典编码不能为空！' }, { match: /^[A-Za-z][A-Za-z0-9_]*$/, message: '字典编码应以字母开头，由字母、数字、下划线组成！' }]}>
          <Input disabled={!!dic} />
        </Form.Item>
        <Form.Item label="字典名称" field="title" rules={[{ required: true, message: '字典名称不能为空！' }]}><Input /></Form.Item>
        <Form.Item label="备注" field="remark"><Input.TextArea /></Form.Item>
      </Form>
    </Modal>
  );
}
