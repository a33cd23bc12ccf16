import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Message, Modal } from '@arco-design/web-react';
import { post } from '@exam/api';
import type { DicValueNode } from '@exam/contracts';
import { forgetDict } from '@exam/ui';

export type DicValueEdit = Partial<DicValueNode> & { dicCode: string; parentId: string; parentTitle: string };

/** New or edited dictionary value; clears the client cache of that dictionary. */
export function DicValueDialog({ edit, onClose, onSaved }: { edit?: DicValueEdit; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (edit) form.setFieldsValue({ value: edit.value ?? '', title: edit.title ?? '', sort: edit.sort ?? 0 });
  }, [edit, form]);

  const save = async () => {
    const values = await form.validate();
    setBusy(true);
    try {
      await post('/api/sys/dic/value/save', { ...values, id: edit!.id, dicCode: edit!.dicCode, parentId: edit!.parentId });
      forgetDict(edit!.dicCode);
      Message.success('保存成功！');
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={edit?.id ? '修改字典值' : '新增字典值'} visible={!!edit} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={busy} unmountOnExit>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="上级"><Input value={edit?.parentTitle || '无'} disabled /></Form.Item>
        <Form.Item label="字典值" field="value" rules={[{ required: true, message: '字典值不能为空！' }, { maxLength: 64 }]}><Input /></Form.Item>
        <Form.Item label="字典文本" field="title" rules={[{ required: true, message: '字典文本不能为空！' }, { maxLength: 100 }]}><Input /></Form.Item>
        <Form.Item label="排序" field="sort"><InputNumber min={0} max={9999} /></Form.Item>
      </Form>
    </Modal>
  );
}
